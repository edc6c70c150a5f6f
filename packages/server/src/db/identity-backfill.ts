import { and, asc, eq, gt, like, sql } from 'drizzle-orm';
import { USERNAME_MAX } from '@filmlist/shared/constants';
import { PAGES } from '@filmlist/shared/pages';
import type { Database } from './connection.js';
import { isUniqueViolation } from './pg-errors.js';
import { films, submissions, users } from './schema.js';
import { transaction } from './transaction.js';
import { titleKeys, usernameKeys } from '../lib/identity.js';
import { enqueueMail } from '../mail/outbox.js';
import { usernameChangedMail } from '../mail/templates.js';
import { pageUrl } from '../modules/pages/addresses.js';

/** What a row that predates the identity keys holds in their place (migration 0009_identity_keys). */
export const LEGACY_KEY = 'legacy:%';
const BATCH = 500;
/** Numbered names tried for an account whose name another holds ("kai2", "kai3"...) before an operator is asked. */
const RENAME_TRIES = 100;

export interface RenamedAccount {
  userId: number;
  from: string;
  to: string;
}

export interface IdentityBackfill {
  updated: number;
  /** Accounts whose name an account registered before them holds once compared one way: renamed, and told by mail. */
  renamed: RenamedAccount[];
  /** Rows whose keys another row already holds and that keep their placeholders: an operator decides. */
  clashes: string[];
}

interface LegacyRow {
  id: number;
  text: string;
}

/**
 * Gives every row still holding a placeholder its real identity keys (lib/identity.ts), computed here
 * because the database cannot compute them. Runs at start, before the server listens; idempotent, so
 * instances starting together do the same work twice at worst.
 *
 * Two names that the database's lower() told apart may be one name once folded or compared by their
 * skeletons ("Straße" and "STRASSE", "apple" and "аррӏе"). The account registered first keeps its
 * name; each later one is renamed to its name with the lowest free number from 2 ("STRASSE2"), keeps
 * everything else (id, email, password, votes, submissions), and is told by mail (decision 012). Films
 * and submissions whose keys another row holds keep their placeholders and are reported.
 */
export async function backfillIdentityKeys(db: Database, options: { now: Date; publicUrl: string }): Promise<IdentityBackfill> {
  const result: IdentityBackfill = { updated: 0, renamed: [], clashes: [] };

  /**
   * Every legacy row of one table, in id order, BATCH at a time, written in one statement per batch;
   * a batch that clashes is written row by row. Resolves with the rows that clash, in id order.
   */
  async function each(
    table: 'users' | 'films' | 'submissions',
    next: (afterId: number) => Promise<LegacyRow[]>,
    keysOf: (text: string) => readonly [string, string],
  ): Promise<LegacyRow[]> {
    const [idColumn, keyColumn, skeletonColumn] = COLUMNS[table];
    const clashing: LegacyRow[] = [];
    const write = (rows: readonly LegacyRow[]) => {
      const values = sql.join(
        rows.map((row) => {
          const [key, skeleton] = keysOf(row.text);
          return sql`(${row.id}::int, ${key}::text, ${skeleton}::text)`;
        }),
        sql`, `,
      );
      return db.execute(
        sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(keyColumn)} = v.k, ${sql.identifier(skeletonColumn)} = v.s
            FROM (VALUES ${values}) AS v(id, k, s) WHERE ${sql.identifier(table)}.${sql.identifier(idColumn)} = v.id`,
      );
    };
    for (let afterId = 0; ;) {
      const rows = await next(afterId);
      if (rows.length === 0) return clashing;
      try {
        await write(rows);
        result.updated += rows.length;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        for (const row of rows) {
          try {
            await write([row]);
            result.updated++;
          } catch (rowError) {
            if (!isUniqueViolation(rowError)) throw rowError;
            clashing.push(row);
          }
        }
      }
      afterId = rows[rows.length - 1]?.id ?? afterId;
      if (rows.length < BATCH) return clashing;
    }
  }

  /**
   * The account under its name with the lowest free number, and its mail, in one transaction; only while
   * it still holds its placeholder, so an instance starting beside this one does not rename it twice.
   * Run once every other account has its keys, so a new name never takes one a later account holds.
   */
  async function rename(row: LegacyRow): Promise<RenamedAccount | undefined> {
    for (let n = 2; n < 2 + RENAME_TRIES; n++) {
      const suffix = String(n);
      const letters = [...row.text];
      while (letters.join('').length + suffix.length > USERNAME_MAX) letters.pop();
      const to = letters.join('') + suffix;
      try {
        const renamed = await transaction(db, async (tx) => {
          const [account] = await tx
            .update(users)
            .set({ username: to, ...usernameKeys(to) })
            .where(and(eq(users.userId, row.id), like(users.usernameKey, LEGACY_KEY)))
            .returning({ email: users.email });
          if (!account) return false;
          await enqueueMail(tx, usernameChangedMail(account.email, row.text, to, pageUrl(options.publicUrl, PAGES.myProfile)), options.now);
          return true;
        });
        return renamed ? { userId: row.id, from: row.text, to } : undefined;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    result.clashes.push(`users row ${row.id} (${row.text})`);
    return undefined;
  }

  const userKeys = (username: string) => {
    const keys = usernameKeys(username);
    return [keys.usernameKey, keys.usernameSkeleton] as const;
  };
  const filmKeys = (title: string) => {
    const keys = titleKeys(title);
    return [keys.titleKey, keys.titleSkeleton] as const;
  };
  const lookalikes = await each(
    'users',
    (afterId) =>
      db
        .select({ id: users.userId, text: users.username })
        .from(users)
        .where(and(like(users.usernameKey, LEGACY_KEY), gt(users.userId, afterId)))
        .orderBy(asc(users.userId))
        .limit(BATCH),
    userKeys,
  );
  for (const row of lookalikes) {
    const renamed = await rename(row);
    if (renamed) result.renamed.push(renamed);
  }
  const clashingFilms = await each(
    'films',
    (afterId) =>
      db
        .select({ id: films.filmId, text: films.title })
        .from(films)
        .where(and(like(films.titleKey, LEGACY_KEY), gt(films.filmId, afterId)))
        .orderBy(asc(films.filmId))
        .limit(BATCH),
    filmKeys,
  );
  const clashingSubmissions = await each(
    'submissions',
    (afterId) =>
      db
        .select({ id: submissions.submissionId, text: submissions.title })
        .from(submissions)
        .where(and(like(submissions.titleKey, LEGACY_KEY), gt(submissions.submissionId, afterId)))
        .orderBy(asc(submissions.submissionId))
        .limit(BATCH),
    filmKeys,
  );
  for (const [table, rows] of [
    ['films', clashingFilms],
    ['submissions', clashingSubmissions],
  ] as const) {
    for (const row of rows) result.clashes.push(`${table} row ${row.id} (${row.text})`);
  }
  return result;
}

/** Each table's id, key and skeleton columns. */
const COLUMNS = {
  users: ['user_id', 'username_key', 'username_skeleton'],
  films: ['film_id', 'title_key', 'title_skeleton'],
  submissions: ['submission_id', 'title_key', 'title_skeleton'],
} as const;
