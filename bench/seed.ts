import { sql } from 'drizzle-orm';
import { RECOUNT_SQL, rowsOf, type Database } from '@filmlist/server/bench';

/**
 * Bulk seeding through SQL, not the HTTP API: films, verified members with one
 * shared password hash, and votes spread unevenly (a few films draw most
 * answers, as on a real list), then the counters set from a full aggregate.
 */
export async function seedFilms(db: Database, count: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO films (title, title_key, title_skeleton, release_year, description, slug, created_at)
    SELECT 'Bench Film ' || lpad(i::text, 6, '0') || ' ' || (ARRAY['Night','Sea','Road','House','Summer','Winter'])[1 + i % 6],
           'legacy:' || i, 'legacy:' || i,
           1950 + i % 75,
           'A seeded logline for film number ' || i || '.',
           'bench-film-' || lpad(i::text, 6, '0') || '-' || lower((ARRAY['Night','Sea','Road','House','Summer','Winter'])[1 + i % 6]) || '-' || (1950 + i % 75),
           now()
    FROM generate_series(1, ${count}) AS i`);
}

export async function seedMembers(db: Database, count: number, passwordHash: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (username, username_key, username_skeleton, email, password_hash, verified, created_at)
    SELECT 'bench' || i, 'legacy:' || i, 'legacy:' || i, 'bench' || i || '@example.com', ${passwordHash}, true, now()
    FROM generate_series(1, ${count}) AS i`);
}

/**
 * Adds about `target` mentions and ratings in all (60 % mentions, 40 % ratings)
 * by members picked in turn; film choice is skewed towards the first films
 * (random()^2), and a member never answers a film twice.
 */
export async function seedVotes(db: Database, target: number, members: number, films: number): Promise<void> {
  const mentionTarget = Math.round(target * 0.6);
  const perMember = Math.max(1, Math.ceil((mentionTarget * 1.1) / members));
  await db.execute(sql`
    INSERT INTO mentions (user_id, film_id, mentioned, created_at)
    SELECT u.user_id, f.film_id, random() < 0.55, now()
    FROM (SELECT user_id FROM users WHERE username LIKE 'bench%') AS u
    CROSS JOIN LATERAL (
      SELECT DISTINCT (SELECT min(film_id) FROM films) + floor(power(random(), 2) * ${films})::int AS film_id
      FROM generate_series(1, ${perMember}) AS k
      WHERE u.user_id > 0
    ) AS f
    ORDER BY random()
    LIMIT ${mentionTarget}
    ON CONFLICT DO NOTHING`);
  const ratingTarget = target - mentionTarget;
  await db.execute(sql`
    INSERT INTO ratings (user_id, film_id, rating, created_at, updated_at)
    SELECT m.user_id, m.film_id, 1 + floor(power(random(), 0.7) * 10)::int, now(), now()
    FROM mentions m
    WHERE NOT EXISTS (SELECT 1 FROM ratings r WHERE r.user_id = m.user_id AND r.film_id = m.film_id)
    ORDER BY random()
    LIMIT ${ratingTarget}
    ON CONFLICT DO NOTHING`);
}

/** Sets N, H, R and S of every film from the vote tables (the definition of docs/product.md §Ranking counts). */
export async function recomputeCounters(db: Database): Promise<void> {
  await db.execute(sql`
    UPDATE films f SET not_heard_count = c.n, heard_not_rated_count = c.h, rating_count = c.r, rating_sum = c.s
    FROM (${sql.raw(RECOUNT_SQL)}) c
    WHERE f.film_id = c.film_id`);
}

/** What autovacuum does on a server: set hint bits, drop dead rows, refresh planner statistics. */
export async function vacuum(db: Database): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE`);
}

/** Films whose stored counters differ from a full recount (0 means exact). */
export async function countersOffByRecount(db: Database): Promise<number> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS off FROM films f JOIN (${sql.raw(RECOUNT_SQL)}) c ON c.film_id = f.film_id
    WHERE (f.not_heard_count, f.heard_not_rated_count, f.rating_count, f.rating_sum) <> (c.n, c.h, c.r, c.s)`);
  return Number(rowsOf(result)[0]?.off ?? -1);
}

export async function voteCount(db: Database): Promise<number> {
  const result = await db.execute(sql`SELECT ((SELECT count(*) FROM mentions) + (SELECT count(*) FROM ratings))::int AS n`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}
