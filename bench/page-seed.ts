import { sql } from 'drizzle-orm';
import { hashPassword, type Database } from '@filmlist/server/bench';
import { recomputeCounters, seedMembers, seedVotes, vacuum } from './seed.js';

/**
 * Words of the seeded titles. Their first letters repeat unevenly, so a
 * 1-letter prefix matches a few hundred films out of 10,000, and each further
 * letter narrows it, as on a real list (the bench's own "Bench Film 000123"
 * titles would all share every prefix).
 */
const FIRST = [
  'The',
  'A',
  'Silent',
  'Silver',
  'Summer',
  'Sea',
  'Night',
  'Nine',
  'Last',
  'Little',
  'Long',
  'Lost',
  'Black',
  'Blue',
  'Broken',
  'Bright',
  'Cold',
  'Crimson',
  'Dark',
  'Distant',
  'Empty',
  'Falling',
  'Forgotten',
  'Golden',
  'Green',
  'Hidden',
  'Hollow',
  'Iron',
  'Midnight',
  'Morning',
  'Open',
  'Paper',
  'Quiet',
  'Red',
  'River',
  'Strange',
  'Tender',
  'Under',
  'Wild',
  'Winter',
];
const SECOND = [
  'Harbour',
  'House',
  'Road',
  'Garden',
  'Station',
  'Mountain',
  'Window',
  'Letter',
  'Island',
  'Bridge',
  'Field',
  'Forest',
  'Mirror',
  'Orchard',
  'Valley',
  'Lighthouse',
  'Market',
  'Border',
  'Circus',
  'Desert',
  'Harvest',
  'Kingdom',
  'Machine',
  'Meadow',
  'Ocean',
  'Palace',
  'Quarry',
  'Shadow',
  'Signal',
  'Tower',
  'Train',
  'Village',
  'Voyage',
  'Wedding',
  'Witness',
  'Archive',
  'Canal',
  'Dancer',
  'Engine',
  'Fever',
];
const THIRD = [
  '',
  'of Glass',
  'in Autumn',
  'at Dawn',
  'Blues',
  'Stories',
  'Waltz',
  'of Ash',
  'Days',
  'Song',
  'in the Rain',
  'Diaries',
  'Confession',
  'Requiem',
  'at Sea',
  'of Salt',
  'Revisited',
  'Nocturne',
  'Elegy',
  'Hours',
  'of Smoke',
  'Ballad',
  'Lullaby',
  'at Noon',
  'Games',
  'Files',
  'Letters',
  'Affair',
  'Passage',
  'Tales',
  'Mornings',
  'of Stone',
  'Variations',
  'Suite',
  'Rhapsody',
  'of Wolves',
  'Secrets',
  'Crossing',
  'Ghosts',
  'Return',
];

const pgArray = (words: string[]) => sql.raw(`(ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}])`);

/**
 * `count` films (at most 64,000) with varied, unique titles, loglines of a
 * real length, and years from 1950 to 2024, through one INSERT.
 */
export async function seedPageFilms(db: Database, count: number): Promise<void> {
  if (count > FIRST.length * SECOND.length * THIRD.length) throw new Error('too many films for the title words');
  await db.execute(sql`
    INSERT INTO films (title, title_key, title_skeleton, release_year, description, slug, created_at)
    SELECT t.title, 'legacy:' || t.i, 'legacy:' || t.i, t.year,
           'In a ' || lower(t.w2) || ' far from home, two strangers keep a promise that film ' || t.i || ' never explains, until the last reel.',
           lower(regexp_replace(t.title, '\\s+', '-', 'g')) || '-' || t.year,
           now()
    FROM (
      SELECT i,
             ${pgArray(SECOND)}[1 + (i / ${FIRST.length}) % ${SECOND.length}] AS w2,
             trim(${pgArray(FIRST)}[1 + i % ${FIRST.length}] || ' ' || ${pgArray(SECOND)}[1 + (i / ${FIRST.length}) % ${SECOND.length}]
                  || ' ' || ${pgArray(THIRD)}[1 + (i / ${FIRST.length * SECOND.length}) % ${THIRD.length}]) AS title,
             1950 + (i * 7) % 75 AS year
      FROM generate_series(0, ${count - 1}) AS i
    ) AS t`);
}

export const PAGE_PASSWORD = 'page bench password, long enough';

/**
 * A page-bench database: `films` films, 2,000 members and about 50,000 votes
 * (skewed towards a few films, so scores vary), and the first member ("bench1",
 * PAGE_PASSWORD) has answered every third film and rated half of those, so
 * each filter of the dashboard shows a different list.
 */
export async function seedPageDatabase(db: Database, films: number): Promise<void> {
  await seedPageFilms(db, films);
  await seedMembers(db, 2000, await hashPassword(PAGE_PASSWORD));
  await seedVotes(db, 50_000, 2000, films);
  await db.execute(sql`
    INSERT INTO mentions (user_id, film_id, mentioned, created_at)
    SELECT u.user_id, f.film_id, f.film_id % 2 = 0, now()
    FROM (SELECT user_id FROM users WHERE username = 'bench1') AS u, films f
    WHERE f.film_id % 3 = 0
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO ratings (user_id, film_id, rating, created_at, updated_at)
    SELECT m.user_id, m.film_id, 1 + m.film_id % 10, now(), now()
    FROM mentions m JOIN users u ON u.user_id = m.user_id
    WHERE u.username = 'bench1' AND m.mentioned AND m.film_id % 4 = 0
    ON CONFLICT DO NOTHING`);
  await recomputeCounters(db);
  await vacuum(db);
}
