import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
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

/** Bytes (PostgreSQL bytea), read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

export const users = pgTable(
  'users',
  {
    userId: integer('user_id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    /**
     * The username's identity (lib/identity.ts, computed by the application, never by the database): the fold a login looks it up by, and
     * its confusable skeleton.
     */
    usernameKey: text('username_key').notNull(),
    usernameSkeleton: text('username_skeleton').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    verified: boolean('verified').notNull().default(false),
    /**
     * A new address waiting for its verification link before it takes effect. It holds nothing:
     * only a verified email is taken (docs/product.md §Usernames and emails), and it lapses with its link, at pendingEmailExpiresAt.
     */
    pendingEmail: text('pending_email'),
    pendingEmailExpiresAt: timestamp('pending_email_expires_at', { withTimezone: true, mode: 'date' }),
    /** A demo member seeded with the demo catalogue (seed/demo-votes.ts): no usable password; `npm run demo:clear` removes them. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key_key').on(t.usernameKey),
    uniqueIndex('users_username_skeleton_key').on(t.usernameSkeleton),
    // Rows from before the identity keys, until the server computes theirs (db/identity-backfill.ts).
    index('users_username_key_legacy_idx')
      .on(t.userId)
      .where(sql`${t.usernameKey} LIKE 'legacy:%'`),
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
    /** The title's identity within its year (lib/identity.ts, computed by the application): its fold and its confusable skeleton. */
    titleKey: text('title_key').notNull(),
    titleSkeleton: text('title_skeleton').notNull(),
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
    /** "Why is it undervalued?" as the reviewer kept it from the submission (docs/product.md §Recommendation note) */
    note: text('note'),
    /** who wrote the note; null for nobody known, or once their account is deleted (the note stays, anonymous) */
    noteBy: integer('note_by').references(() => users.userId, { onDelete: 'set null' }),
    /** the note's writer agreed to be named with it (changed from My Submissions) */
    noteNamed: boolean('note_named').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('films_title_key_year_key').on(t.titleKey, t.releaseYear),
    uniqueIndex('films_title_skeleton_year_key').on(t.titleSkeleton, t.releaseYear),
    index('films_title_key_legacy_idx')
      .on(t.filmId)
      .where(sql`${t.titleKey} LIKE 'legacy:%'`),
    uniqueIndex('films_slug_key').on(t.slug),
    index('films_title_prefix_idx').on(sql`lower(${t.title}) text_pattern_ops`),
    // The newest films first, for the shelf of new films (modules/films/new-films.ts).
    index('films_created_idx').on(t.createdAt),
    check(
      'films_counters_non_negative',
      sql`${t.notHeardCount} >= 0 AND ${t.heardNotRatedCount} >= 0 AND ${t.ratingCount} >= 0 AND ${t.ratingSum} >= 0`,
    ),
  ],
);

/**
 * Written only by the function record_mention (migration 0004_lock_order),
 * called from mentionsRepository.record: the answer and the film's N or H in one statement. (The demo
 * catalogue, seed/demo-votes.ts, writes its answers and the counters they make in one transaction,
 * on a new database only.)
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
 * and the film's R, S and H in one statement (and, on a new database, by the demo catalogue's seed).
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

/**
 * A member's watchlist (docs/product.md §Watchlist): written only by
 * watchlistRepository; a removed film or account takes its rows with it.
 */
export const watchlist = pgTable(
  'watchlist',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    filmId: integer('film_id')
      .notNull()
      .references(() => films.filmId, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.filmId] }), index('watchlist_film_idx').on(t.filmId)],
);

export const submissions = pgTable(
  'submissions',
  {
    submissionId: integer('submission_id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    /** As on films: the title's fold and skeleton, so that one film has at most one pending submission. */
    titleKey: text('title_key').notNull(),
    titleSkeleton: text('title_skeleton').notNull(),
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
    /** the film database entry the member chose (docs/product.md §Film database) */
    tmdbId: integer('tmdb_id'),
    /** "Why is it undervalued?" (docs/product.md §Recommendation note) */
    note: text('note'),
    /** whether the film page may name the member with the note */
    noteNamed: boolean('note_named').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('submissions_pending_tmdb_id_key')
      .on(t.tmdbId)
      .where(sql`${t.status} = 'pending' AND ${t.tmdbId} IS NOT NULL`),
    uniqueIndex('submissions_pending_title_key_year_key')
      .on(t.titleKey, t.releaseYear)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('submissions_pending_title_skeleton_year_key')
      .on(t.titleSkeleton, t.releaseYear)
      .where(sql`${t.status} = 'pending'`),
    index('submissions_title_key_legacy_idx')
      .on(t.submissionId)
      .where(sql`${t.titleKey} LIKE 'legacy:%'`),
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

/** One "where to watch" offer of a film in WATCH_REGION: a provider and how it offers the film. */
export interface StoredWatchOffer {
  provider: string;
  kinds: Array<'subscription' | 'free' | 'ads' | 'rent' | 'buy'>;
}

/**
 * What a film carries beyond its list fields (docs/product.md §Film database):
 * its film database entry and the facts read from it, refreshed when a
 * reviewer edits the film and weekly (jobs/film-refresh.ts). One row per film
 * with anything to tell; a film without a row has no link and no facts. The
 * demo catalogue's facts are typed in, without a link.
 */
export const filmFacts = pgTable(
  'film_facts',
  {
    filmId: integer('film_id')
      .primaryKey()
      .references(() => films.filmId, { onDelete: 'cascade' }),
    /** TMDB's id: one entry belongs to at most one listed film */
    tmdbId: integer('tmdb_id'),
    imdbId: text('imdb_id'),
    originalTitle: text('original_title'),
    /** minutes */
    runtime: integer('runtime'),
    directors: text('directors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** the first five of the cast, in billing order */
    cast: text('cast')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** a YouTube video id */
    trailerKey: text('trailer_key'),
    /** TMDB's path of the poster file, set once the image itself is stored */
    posterPath: text('poster_path'),
    /** the country of the offers below, and TMDB's page of them (JustWatch's data) */
    watchRegion: text('watch_region'),
    watchLink: text('watch_link'),
    watchOffers: jsonb('watch_offers').$type<StoredWatchOffer[]>().notNull().default([]),
    /** when the facts were last read from the film database; null while a new link waits for it */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
    /** when a refresh last started: instances take turns, and a failing one waits before the next try */
    refreshTriedAt: timestamp('refresh_tried_at', { withTimezone: true, mode: 'date' }),
    /**
     * tries in a row that did not complete (the film database could not answer, or the poster could
     * not be stored): the film is tried again at the next pass, then less and less often
     */
    refreshFailures: integer('refresh_failures').notNull().default(0),
  },
  (t) => [uniqueIndex('film_facts_tmdb_id_key').on(t.tmdbId), index('film_facts_refreshed_idx').on(t.refreshedAt)],
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
 * Every reviewer action (docs/product.md §Reviewer tools): who, when, what changed and why. A
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

/**
 * Answers read from the film database (modules/film-database/answer-cache.ts), as
 * checked and trimmed: restarts and other instances reuse them. Fresh until
 * freshUntil; older ones still answer while the film database is down, and
 * housekeeping removes them after a month.
 */
export const filmDatabaseAnswers = pgTable(
  'film_database_answers',
  {
    key: text('key').primaryKey(),
    body: jsonb('body').$type<unknown>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull(),
    freshUntil: timestamp('fresh_until', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('film_database_answers_fetched_idx').on(t.fetchedAt)],
);

/**
 * Film database posters (docs/product.md §Posters, decision 014): every poster path seen in one of
 * TMDB's answers, under the key its address names. Only these paths are ever fetched, each once;
 * stored_at is set when its re-encodings are in poster_images.
 */
export const posterFiles = pgTable('poster_files', {
  key: text('key').primaryKey(),
  /** TMDB's path of the file, e.g. /kqjL17yufvn9OVLyXYpvtyrFfak.jpg */
  path: text('path').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  storedAt: timestamp('stored_at', { withTimezone: true, mode: 'date' }),
  /** the last failed fetch: another is tried only after a while */
  failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
});

/** A stored poster re-encoded at one width (WebP), served from our origin for ever under its address. */
export const posterImages = pgTable(
  'poster_images',
  {
    key: text('key')
      .notNull()
      .references(() => posterFiles.key, { onDelete: 'cascade' }),
    width: smallint('width').notNull(),
    body: bytea('body').notNull(),
    /** a strong ETag: a hash of the body */
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.width] })],
);
