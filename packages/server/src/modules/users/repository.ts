import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { VERIFICATION_TTL_MS } from '@filmlist/shared/constants';
import type { Database } from '../../db/connection.js';
import { emailTokens, users } from '../../db/schema.js';
import { foldName, usernameKeys } from '../../lib/identity.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';
import { submissionsRepository } from '../submissions/repository.js';
import { removeMemberVotes } from '../votes/lock-order.js';
import type { UserRow } from './presenter.js';

const sameText = (column: typeof users.email, value: string) => sql`lower(${column}) = lower(${value})`;

/** A name that is this one: it folds alike, or looks alike (lib/identity.ts). */
function sameName(username: string) {
  const keys = usernameKeys(username);
  return or(eq(users.usernameKey, keys.usernameKey), eq(users.usernameSkeleton, keys.usernameSkeleton));
}

export type TokenPurpose = 'signup' | 'email_change' | 'password_reset';

export function usersRepository(db: Database) {
  const submissions = submissionsRepository(db);
  return {
    /** The account this name logs into: the one whose name folds alike (lib/identity.ts). */
    async findByUsername(username: string, tx: Database = db): Promise<UserRow | null> {
      const [row] = await tx
        .select()
        .from(users)
        .where(eq(users.usernameKey, foldName(username)));
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
        .where(and(sameName(username), exceptUserId ? ne(users.userId, exceptUserId) : sql`true`))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Taken: the verified email of another account. Only a verified address
     * holds it (docs/product.md §Usernames and emails): an unverified sign-up or a pending change does not.
     */
    async emailHeldByVerified(email: string, exceptUserId?: number, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.userId })
        .from(users)
        .where(and(sameText(users.email, email), eq(users.verified, true), exceptUserId ? ne(users.userId, exceptUserId) : sql`true`))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Whoever verifies an address first owns it: every other claim on it goes
     * (§Usernames and emails). Unverified accounts with it are removed; pending changes
     * to it lapse, and their links with them.
     */
    async dropOtherClaims(tx: Database, email: string, ownerId: number, now: Date): Promise<void> {
      await tx.delete(users).where(and(eq(users.verified, false), sameText(users.email, email), ne(users.userId, ownerId)));
      const lapsed = await tx
        .update(users)
        .set({ pendingEmail: null, pendingEmailExpiresAt: null })
        .where(and(sql`lower(${users.pendingEmail}) = lower(${email})`, ne(users.userId, ownerId)))
        .returning({ userId: users.userId });
      for (const { userId } of lapsed) await this.voidEmailChangeLinks(tx, userId, now);
    },

    /** Every unused email-change link of the account stops working (a newer change, or a cancelled one). */
    async voidEmailChangeLinks(tx: Database, userId: number, now: Date): Promise<void> {
      await this.voidLinks(tx, userId, 'email_change', now);
    },

    /** Every unused link of this kind the account was mailed stops working: only the newest counts. */
    async voidLinks(tx: Database, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
      await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
    },

    /** The account whose email this is (any letter case), verified or not. */
    async findByEmail(email: string, tx: Database = db): Promise<UserRow | null> {
      const [row] = await tx.select().from(users).where(sameText(users.email, email));
      return row ?? null;
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
          and(sameName(username), email ? sql`NOT (${users.verified} = false AND lower(${users.email}) = lower(${email}))` : sql`true`),
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

    async insert(tx: Database, values: { username: string; email: string; passwordHash: string }, now: Date): Promise<UserRow> {
      const [row] = await tx
        .insert(users)
        .values({ ...values, ...usernameKeys(values.username), createdAt: now })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** A new username brings its identity keys with it. */
    async update(
      tx: Database,
      userId: number,
      values: Partial<Pick<UserRow, 'username' | 'email' | 'passwordHash' | 'verified' | 'pendingEmail' | 'pendingEmailExpiresAt'>>,
    ): Promise<UserRow | null> {
      const keys = values.username === undefined ? {} : usernameKeys(values.username);
      const [row] = await tx
        .update(users)
        .set({ ...values, ...keys })
        .where(eq(users.userId, userId))
        .returning();
      return row ?? null;
    },

    /** A single-use link token, stored only as a hash, valid for 72 hours (or `ttlMs`). */
    async createEmailToken(
      tx: Database,
      userId: number,
      purpose: TokenPurpose,
      email: string,
      now: Date,
      ttlMs = VERIFICATION_TTL_MS,
    ): Promise<string> {
      const token = randomToken();
      await tx.insert(emailTokens).values({
        tokenHash: hashToken(token),
        userId,
        purpose,
        email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
      return token;
    },

    /** Whether this is a sign-up link already followed, of an account that is verified now (a second click). */
    async wasVerifiedBy(token: string): Promise<boolean> {
      const [row] = await db
        .select({ verified: users.verified })
        .from(emailTokens)
        .innerJoin(users, eq(users.userId, emailTokens.userId))
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(token)),
            eq(emailTokens.purpose, 'signup'),
            sql`${emailTokens.usedAt} IS NOT NULL`,
            sql`lower(${users.email}) = lower(${emailTokens.email})`,
          ),
        );
      return row?.verified === true;
    },

    /** Marks the token used and returns it, if it is one of these kinds, unused and unexpired. */
    async consumeEmailToken(
      tx: Database,
      token: string,
      now: Date,
      purposes: readonly TokenPurpose[],
    ): Promise<{ userId: number; purpose: TokenPurpose; email: string } | null> {
      const [row] = await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(token)),
            inArray(emailTokens.purpose, [...purposes]),
            sql`${emailTokens.usedAt} IS NULL`,
            sql`${emailTokens.expiresAt} > ${now}`,
          ),
        )
        .returning({ userId: emailTokens.userId, purpose: emailTokens.purpose, email: emailTokens.email });
      return row ?? null;
    },

    /**
     * Removes an account and everything that is only its own (§Account deletion):
     * sessions, tokens, mentions and ratings go with it, with the ranking
     * counters adjusted in the same transaction (votes/lock-order.ts); pending submissions go too;
     * watch clicks stay without the user id.
     */
    async deleteAccount(tx: Database, userId: number): Promise<void> {
      // The votes first, in the one lock order, taking exactly the deleted rows off the counters.
      await removeMemberVotes(tx, userId);
      await submissions.removePendingBy(tx, userId);
      await tx.delete(users).where(eq(users.userId, userId));
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
