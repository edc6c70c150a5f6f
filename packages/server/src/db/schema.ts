import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

export const users = pgTable(
  'users',
  {
    userId: integer('user_id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    verified: boolean('verified').notNull().default(false),
    /**
     * A new address waiting for its verification link before it takes effect. It holds nothing:
     * only a verified email is taken (PRODUCT.md §3), and it lapses with its link, at pendingEmailExpiresAt.
     */
    pendingEmail: text('pending_email'),
    pendingEmailExpiresAt: timestamp('pending_email_expires_at', { withTimezone: true, mode: 'date' }),
    /** A demo member seeded with the demo catalogue (seed/demo-votes.ts): no usable password; `npm run demo:clear` removes them. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_demo_idx')
      .on(t.userId)
      .where(sql`${t.demo}`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_pending_email_lower_idx')
      .on(sql`lower(${t.pendingEmail})`)
      .where(sql`${t.pendingEmail} IS NOT NULL`),
    index('users_unverified_created_idx')
      .on(t.createdAt)
      .where(sql`${t.verified} = false`),
  ],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['signup', 'email_change', 'password_reset'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId)],
);

/** A login: one family of rotating refresh tokens. */
export const sessions = pgTable(
  'sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.sessionId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Set when this token was exchanged; presenting it again is reuse. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const films = pgTable(
  'films',
  {
    filmId: integer('film_id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    releaseYear: integer('release_year').notNull(),
    description: text('description').notNull(),
    watchLink: text('watch_link'),
    slug: text('slug').notNull(),
    /** N: "not heard before" answers */
    notHeardCount: integer('not_heard_count').notNull().default(0),
    /** H: "heard before" answers by members who have not rated the film */
    heardNotRatedCount: integer('heard_not_rated_count').notNull().default(0),
    /** R: number of ratings */
    ratingCount: integer('rating_count').notNull().default(0),
    /** S: sum of ratings */
    ratingSum: integer('rating_sum').notNull().default(0),
    addedBy: integer('added_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('films_title_year_key').on(sql`lower(${t.title})`, t.releaseYear),
    uniqueIndex('films_slug_key').on(t.slug),
    index('films_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    check(
      'films_counters_non_negative',
      sql`${t.notHeardCount} >= 0 AND ${t.heardNotRatedCount} >= 0 AND ${t.ratingCount} >= 0 AND ${t.ratingSum} >= 0`,
    ),
  ],
);

/**
 * Written only by the function record_mention (migration 0004_lock_order),
 * called from mentionsRepository.record: the answer and the film's N or H in one statement.
 */
export const mentions = pgTable(
  'mentions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.filmId, { onDelete: 'cascade' }),
    mentioned: boolean('mentioned').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.filmId] }), index('mentions_film_idx').on(t.filmId)],
);

/**
 * Written only by the functions record_rating and edit_rating (migration
 * 0004_lock_order), called from ratingsRepository.record and .edit: the rating
 * and the film's R, S and H in one statement.
 */
export const ratings = pgTable(
  'ratings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.filmId, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.filmId] }),
    index('ratings_film_idx').on(t.filmId),
    check('ratings_rating_range', sql`${t.rating} BETWEEN 1 AND 10`),
  ],
);

export const submissions = pgTable(
  'submissions',
  {
    submissionId: integer('submission_id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    releaseYear: integer('release_year').notNull(),
    description: text('description').notNull(),
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => users.userId, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    filmId: integer('film_id').references(() => films.filmId, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('submissions_pending_title_year_key')
      .on(sql`lower(${t.title})`, t.releaseYear)
      .where(sql`${t.status} = 'pending'`),
    index('submissions_user_status_idx').on(t.userId, t.status),
    check('submissions_status_valid', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
  ],
);

export const watchClicks = pgTable(
  'watch_clicks',
  {
    clickId: integer('click_id').primaryKey().generatedAlwaysAsIdentity(),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.filmId, { onDelete: 'cascade' }),
    /** A member's id; set to null when the member deletes the account. */
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    temporaryUserId: uuid('temporary_user_id'),
    createdAt: createdAt(),
    /** The UTC day of the click: one visitor's clicks on one film count once a day. */
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('watch_clicks_film_idx').on(t.filmId),
    uniqueIndex('watch_clicks_member_day_key')
      .on(t.filmId, t.day, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex('watch_clicks_visitor_day_key')
      .on(t.filmId, t.day, t.temporaryUserId)
      .where(sql`${t.temporaryUserId} IS NOT NULL`),
    index('watch_clicks_day_idx').on(t.day),
  ],
);

/** Clicks older than the raw clicks' retention, counted per film and day (housekeeping rolls them up). */
export const watchClickDays = pgTable(
  'watch_click_days',
  {
    filmId: integer('film_id')
      .notNull()
      .references(() => films.filmId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitorClicks: integer('visitor_clicks').notNull().default(0),
    /** Members' clicks, those of since deleted accounts included. */
    memberClicks: integer('member_clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.filmId, t.day] })],
);

/** A film's earlier slugs (its title or year was edited): the old URL answers a permanent redirect. */
export const filmSlugs = pgTable(
  'film_slugs',
  {
    slug: text('slug').primaryKey(),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.filmId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('film_slugs_film_idx').on(t.filmId)],
);

/**
 * Every reviewer action (PRODUCT.md §11): who, when, what changed and why. A
 * record outlives its film and its reviewer: both references become null, and
 * the film's title and year and the reviewer's name are kept as they were.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    auditId: integer('audit_id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorId: integer('actor_id').references(() => users.userId, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    action: text('action', { enum: ['add', 'reject', 'edit', 'remove'] }).notNull(),
    filmId: integer('film_id').references(() => films.filmId, { onDelete: 'set null' }),
    submissionId: integer('submission_id').references(() => submissions.submissionId, { onDelete: 'set null' }),
    title: text('title').notNull(),
    releaseYear: integer('release_year').notNull(),
    reason: text('reason'),
    /** For an edit: each changed field's value before and after. */
    changes: jsonb('changes').$type<Record<string, { from: string | number | null; to: string | number | null }>>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), check('audit_log_action_valid', sql`${t.action} IN ('add', 'reject', 'edit', 'remove')`)],
);

/** The transactional outbox: written with the change that causes the mail, delivered by a worker. */
export const outbox = pgTable(
  'outbox',
  {
    messageId: integer('message_id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** A worker's claim; another worker may take the message once it passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);
