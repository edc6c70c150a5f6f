import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { RATING_MAX, RATING_MIN } from '@filmlist/shared/constants';
import { hashPassword } from '../modules/auth/passwords.js';
import type { Database } from '../db/connection.js';
import { RECOUNT_SQL } from '../db/recount.js';
import { mentions, ratings, users } from '../db/schema.js';
import { usernameKeys } from '../lib/identity.js';

/**
 * Demo members and their answers for the demo catalogue (docs/product.md §Demo catalogue), so a
 * fresh start shows a real ranking. The same on every fresh start: every
 * choice comes from a hash of the film's and the member's positions.
 * Demo members are verified (housekeeping never prunes them, which would skip
 * the counters) and have no usable password: their hash is argon2id, with the
 * server's parameters, of a random secret nobody keeps, so a login spends the
 * same work as any wrong password and fails the same way.
 */
export const DEMO_MEMBER_COUNT = 60;

const demoUsername = (i: number) => `demo_member_${String(i + 1).padStart(2, '0')}`;
// .invalid is reserved (RFC 2606): no mail can reach these addresses.
const demoEmail = (i: number) => `${demoUsername(i).replace(/_/g, '-')}@demo.invalid`;

/** A number in [0, 1) fixed by (a, b, salt). */
function unit(a: number, b: number, salt: number): number {
  let h = Math.imul(a + 1, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca77) ^ Math.imul(salt + 1, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

/** How the demo crowd treats one film: how many answer, how many had heard of it, how many rate it, how well. */
function filmProfile(film: number) {
  return {
    reach: 0.3 + 0.65 * unit(film, 0, 1),
    heard: 0.15 + 0.8 * unit(film, 0, 2),
    rates: 0.35 + 0.55 * unit(film, 0, 3),
    quality: 2.5 + 7 * unit(film, 0, 4),
  };
}

export interface DemoVotes {
  members: number;
  mentions: number;
  ratings: number;
}

/**
 * Adds the demo members and their answers on `filmIds` (the demo films, in
 * catalogue order), then sets those films' counters to a recount of their
 * votes. Runs inside the caller's transaction, on a brand-new database.
 */
export async function seedDemoVotes(tx: Database, filmIds: readonly number[], now: Date): Promise<DemoVotes> {
  if (filmIds.length === 0) return { members: 0, mentions: 0, ratings: 0 };
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const members = await tx
    .insert(users)
    .values(
      Array.from({ length: DEMO_MEMBER_COUNT }, (_, i) => ({
        username: demoUsername(i),
        ...usernameKeys(demoUsername(i)),
        email: demoEmail(i),
        passwordHash,
        verified: true,
        demo: true,
        createdAt: now,
      })),
    )
    .returning({ userId: users.userId });

  const mentionRows: Array<typeof mentions.$inferInsert> = [];
  const ratingRows: Array<typeof ratings.$inferInsert> = [];
  filmIds.forEach((filmId, f) => {
    const profile = filmProfile(f);
    members.forEach(({ userId }, m) => {
      if (unit(f, m, 5) >= profile.reach) return;
      const heard = unit(f, m, 6) < profile.heard;
      mentionRows.push({ userId, filmId, mentioned: heard, createdAt: now });
      if (!heard || unit(f, m, 7) >= profile.rates) return;
      // Ratings scatter about the film's quality, by up to two and a half points either way.
      const rating = Math.min(RATING_MAX, Math.max(RATING_MIN, Math.round(profile.quality + 5 * unit(f, m, 8) - 2.5)));
      ratingRows.push({ userId, filmId, rating, createdAt: now, updatedAt: now });
    });
  });
  if (mentionRows.length > 0) await tx.insert(mentions).values(mentionRows);
  if (ratingRows.length > 0) await tx.insert(ratings).values(ratingRows);
  await tx.execute(sql`UPDATE films f SET
      not_heard_count = c.n, heard_not_rated_count = c.h, rating_count = c.r, rating_sum = c.s
    FROM (${sql.raw(RECOUNT_SQL)}) c
    WHERE c.film_id = f.film_id AND ${inArray(sql`f.film_id`, [...filmIds])}`);
  return { members: members.length, mentions: mentionRows.length, ratings: ratingRows.length };
}

/** How many demo members the database holds (the start banner says how to remove them). */
export async function countDemoMembers(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.demo, true));
  return Number(row?.count ?? 0);
}
