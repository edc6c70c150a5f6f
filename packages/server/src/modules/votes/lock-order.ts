import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection.js';
import { rowsOf } from '../../db/raw-rows.js';

/**
 * The one lock order for every write that touches votes and the film
 * counters (docs/product.md §Vote integrity, docs/decisions/007-one-lock-order-for-votes.md), so no two of them can deadlock:
 *
 *   1. the member's users row: KEY SHARE for a vote, FOR UPDATE to remove the member;
 *   2. the films, in film_id order: FOR NO KEY UPDATE;
 *   3. the vote rows.
 *
 * The vote functions (record_mention, record_rating, edit_rating in migration
 * 0004_lock_order) follow it in SQL. Whatever else changes votes or counters
 * (account deletion, film removal, demo:clear, db:check-counters --repair)
 * takes its locks through the functions here, inside db/transaction.ts's
 * `transaction`. A film's removal changes no member row: it takes step 2
 * alone, the film FOR UPDATE (films/repository.ts lockById), and its vote
 * rows go by cascade after it.
 *
 * A watchlist write touches no vote, but keeps to the same order
 * (lockForWatchlist): the member's row, then the film, then its own row.
 */

/** Step 2: the films `where` selects, locked in film_id order. Returns their ids. */
export async function lockFilms(tx: Database, where: SQL): Promise<number[]> {
  const rows = rowsOf(await tx.execute(sql`SELECT film_id FROM films WHERE ${where} ORDER BY film_id FOR NO KEY UPDATE`));
  return rows.map((row) => Number(row.film_id));
}

/**
 * Steps 1 and 2 for removing a member: their row FOR UPDATE (it waits for
 * their votes in flight and holds off new ones, which then find the member
 * gone), then every film they voted on or added (deleting the member sets
 * `added_by` to null), in film_id order. False when the member is gone.
 */
export async function lockMemberForRemoval(tx: Database, userId: number): Promise<boolean> {
  const member = rowsOf(await tx.execute(sql`SELECT user_id FROM users WHERE user_id = ${userId} FOR UPDATE`));
  if (member.length === 0) return false;
  await lockFilms(
    tx,
    sql`film_id IN (SELECT film_id FROM mentions WHERE user_id = ${userId} UNION SELECT film_id FROM ratings WHERE user_id = ${userId})
      OR added_by = ${userId}`,
  );
  return true;
}

/**
 * Deletes every mention and rating of a member and takes exactly the deleted
 * rows off the counters (`DELETE … RETURNING`), after taking the locks in
 * order. The caller's transaction then removes the member (or not).
 */
export async function removeMemberVotes(tx: Database, userId: number): Promise<void> {
  if (!(await lockMemberForRemoval(tx, userId))) return;
  // H loses a "heard before" answer only if the member had not rated that film.
  await tx.execute(sql`
    WITH gone_mentions AS (DELETE FROM mentions WHERE user_id = ${userId} RETURNING film_id, mentioned),
    gone_ratings AS (DELETE FROM ratings WHERE user_id = ${userId} RETURNING film_id, rating),
    gone AS (
      SELECT film_id, sum(n)::int AS n, sum(h)::int AS h, sum(r)::int AS r, sum(s)::int AS s
      FROM (
        SELECT m.film_id,
               CASE WHEN m.mentioned THEN 0 ELSE 1 END AS n,
               CASE WHEN m.mentioned AND NOT EXISTS (SELECT 1 FROM gone_ratings g WHERE g.film_id = m.film_id) THEN 1 ELSE 0 END AS h,
               0 AS r, 0 AS s
        FROM gone_mentions m
        UNION ALL
        SELECT film_id, 0, 0, 1, rating FROM gone_ratings
      ) AS votes
      GROUP BY film_id
    )
    UPDATE films AS f SET
      not_heard_count = f.not_heard_count - gone.n,
      heard_not_rated_count = f.heard_not_rated_count - gone.h,
      rating_count = f.rating_count - gone.r,
      rating_sum = f.rating_sum - gone.s
    FROM gone
    WHERE f.film_id = gone.film_id`);
}

/**
 * Steps 1 and 2 for a watchlist write (docs/decisions/011-watchlist.md): the
 * member's row FOR NO KEY UPDATE, so one member's watchlist writes run one at a
 * time and its cap holds under any interleaving, while their votes (KEY SHARE)
 * go on; then the film FOR KEY SHARE, which waits for a removal of the film in
 * flight and leaves votes on it free. Says which of the two is missing, if any.
 */
export async function lockForWatchlist(tx: Database, userId: number, filmId: number): Promise<'locked' | 'no_member' | 'no_film'> {
  const member = rowsOf(await tx.execute(sql`SELECT user_id FROM users WHERE user_id = ${userId} FOR NO KEY UPDATE`));
  if (member.length === 0) return 'no_member';
  const film = rowsOf(await tx.execute(sql`SELECT film_id FROM films WHERE film_id = ${filmId} FOR KEY SHARE`));
  return film.length === 0 ? 'no_film' : 'locked';
}
