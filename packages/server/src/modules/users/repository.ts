import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { VERIFICATION_TTL_MS } from '@filmlist/shared/constants';
import type { Database } from '../../db/connection.js';
import { emailTokens, submissions, users } from '../../db/schema.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';
import type { UserRow } from './presenter.js';

const sameText = (column: typeof users.username | typeof users.email, value: string) =>
  sql`lower(${column}) = lower(${value})`;

export type TokenPurpose = 'signup' | 'email_change';

export function usersRepository(db: Database) {
  return {
    async findByUsername(username: string, tx: Database = db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(sameText(users.username, username));
      return row ?? null;
    },

    async findById(userId: number, tx: Database = db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.userId, userId));
      return row ?? null;
    },

    /** The account row, locked: a deletion and a vote by the same member never interleave. */
    async lockById(tx: Database, userId: number): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(eq(users.userId, userId)).for('update');
      return row ?? null;
    },

    async usernameTaken(username: string, exceptUserId?: number, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.userId })
        .from(users)
        .where(and(sameText(users.username, username), exceptUserId ? ne(users.userId, exceptUserId) : sql`true`))
        .limit(1);
      return row !== undefined;
    },

    /** Taken by another account, as its email or as an address waiting for verification. */
    async emailTaken(email: string, exceptUserId?: number, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.userId })
        .from(users)
        .where(
          and(
            sql`(lower(${users.email}) = lower(${email}) OR lower(${users.pendingEmail}) = lower(${email}))`,
            exceptUserId ? ne(users.userId, exceptUserId) : sql`true`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * For the sign-up check: an unverified account with the same email does not
     * hold its username, because signing up again replaces that account.
     */
    async usernameHeldAgainst(username: string, email: string | undefined): Promise<boolean> {
      const [row] = await db
        .select({ id: users.userId })
        .from(users)
        .where(
          and(
            sameText(users.username, username),
            email ? sql`NOT (${users.verified} = false AND lower(${users.email}) = lower(${email}))` : sql`true`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** For the sign-up check: held by a verified account, or waiting to become someone's new email. */
    async emailHeldAgainstSignUp(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.userId })
        .from(users)
        .where(
          sql`(lower(${users.email}) = lower(${email}) AND ${users.verified}) OR lower(${users.pendingEmail}) = lower(${email})`,
        )
        .limit(1);
      return row !== undefined;
    },

    /** Accounts never verified within 72 hours go, so their names and addresses free up. */
    async removeExpiredUnverified(now: Date, tx: Database = db): Promise<number> {
      const cutoff = new Date(now.getTime() - VERIFICATION_TTL_MS);
      const removed = await tx
        .delete(users)
        .where(and(eq(users.verified, false), lt(users.createdAt, cutoff)))
        .returning({ id: users.userId });
      return removed.length;
    },

    /** Signing up again with the email of an unverified account replaces that account. */
    async removeUnverifiedWithEmail(email: string, tx: Database): Promise<void> {
      await tx.delete(users).where(and(eq(users.verified, false), sameText(users.email, email)));
    },

    async insert(
      tx: Database,
      values: { username: string; email: string; passwordHash: string },
      now: Date,
    ): Promise<UserRow> {
      const [row] = await tx.insert(users).values({ ...values, createdAt: now }).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(
      tx: Database,
      userId: number,
      values: Partial<Pick<UserRow, 'username' | 'email' | 'passwordHash' | 'verified' | 'pendingEmail'>>,
    ): Promise<UserRow | null> {
      const [row] = await tx.update(users).set(values).where(eq(users.userId, userId)).returning();
      return row ?? null;
    },

    /** A single-use link token, stored only as a hash, valid for 72 hours. */
    async createEmailToken(
      tx: Database,
      userId: number,
      purpose: TokenPurpose,
      email: string,
      now: Date,
    ): Promise<string> {
      const token = randomToken();
      await tx.insert(emailTokens).values({
        tokenHash: hashToken(token),
        userId,
        purpose,
        email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
      });
      return token;
    },

    /** Marks the token used and returns it, if it is unused and unexpired. */
    async consumeEmailToken(
      tx: Database,
      token: string,
      now: Date,
    ): Promise<{ userId: number; purpose: TokenPurpose; email: string } | null> {
      const [row] = await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(token)),
            sql`${emailTokens.usedAt} IS NULL`,
            sql`${emailTokens.expiresAt} > ${now}`,
          ),
        )
        .returning({ userId: emailTokens.userId, purpose: emailTokens.purpose, email: emailTokens.email });
      return row ?? null;
    },

    /**
     * Removes an account and everything that is only its own (PRODUCT.md §3):
     * sessions, tokens, mentions and ratings go with it, with the ranking
     * counters adjusted in the same transaction; pending submissions go too;
     * watch clicks stay without the user id.
     */
    async deleteAccount(tx: Database, userId: number): Promise<void> {
      await tx.execute(sql`
        UPDATE films AS f SET
          not_heard_count = f.not_heard_count - d.n,
          heard_not_rated_count = f.heard_not_rated_count - d.h,
          rating_count = f.rating_count - d.r,
          rating_sum = f.rating_sum - d.s
        FROM (
          SELECT film_id, sum(n)::int AS n, sum(h)::int AS h, sum(r)::int AS r, sum(s)::int AS s
          FROM (
            SELECT m.film_id,
                   CASE WHEN m.mentioned THEN 0 ELSE 1 END AS n,
                   CASE WHEN m.mentioned AND r.user_id IS NULL THEN 1 ELSE 0 END AS h,
                   0 AS r, 0 AS s
            FROM mentions m
            LEFT JOIN ratings r ON r.user_id = m.user_id AND r.film_id = m.film_id
            WHERE m.user_id = ${userId}
            UNION ALL
            SELECT film_id, 0, 0, 1, rating FROM ratings WHERE user_id = ${userId}
          ) AS votes
          GROUP BY film_id
        ) AS d
        WHERE f.film_id = d.film_id`);
      await tx.delete(submissions).where(and(eq(submissions.userId, userId), eq(submissions.status, 'pending')));
      await tx.delete(users).where(eq(users.userId, userId));
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
