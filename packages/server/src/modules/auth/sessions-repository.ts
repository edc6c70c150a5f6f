import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_MS } from '@filmlist/shared/constants';
import type { Database } from '../../db/connection.js';
import { refreshTokens, sessions, users } from '../../db/schema.js';
import { transaction } from '../../db/transaction.js';
import { hashToken, randomToken } from '../../lib/secure-token.js';

export interface SessionActor {
  userId: number;
  username: string;
  email: string;
  verified: boolean;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What makes a session live, over the placeholders `sessionId`, `userId` and `now`: the session is
 * the member's own, not revoked, not expired, and its account is verified. The one definition, for
 * the lookup every member request makes (findActor) and for a vote that checks its session in its
 * own statement (modules/votes/vote-function.ts).
 */
const liveSessionWhere = and(
  eq(sessions.sessionId, sql.placeholder('sessionId')),
  eq(sessions.userId, sql.placeholder('userId')),
  isNull(sessions.revokedAt),
  gt(sessions.expiresAt, sql.placeholder('now')),
  eq(users.verified, true),
);

/** `EXISTS` a live session (liveSessionWhere), as a condition for another statement. */
export function liveSessionExists(db: Database): SQL {
  const found = db
    .select({ one: sql`1` })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .where(liveSessionWhere);
  return sql`EXISTS (${found})`;
}

/** A session id as access tokens carry it: a UUID, which the database's uuid column would refuse to compare otherwise. */
export function isSessionId(value: string): boolean {
  return UUID.test(value);
}

export type RotateResult =
  | { ok: true; userId: number; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

/**
 * Sessions are families of opaque refresh tokens (docs/product.md §Sessions and tokens): every
 * refresh rotates the token, and presenting a used one revokes the family.
 */
export function sessionsRepository(db: Database) {
  // Every authenticated request asks this: prepared once, planned once per connection on PostgreSQL.
  const findActorQuery = db
    .select({ userId: users.userId, username: users.username, email: users.email, verified: users.verified, sessionId: sessions.sessionId })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .where(liveSessionWhere)
    .prepare('find_actor');

  async function issueToken(tx: Database, sessionId: string, now: Date): Promise<string> {
    const token = randomToken();
    await tx.insert(refreshTokens).values({ tokenHash: hashToken(token), sessionId, createdAt: now });
    return token;
  }

  return {
    /** A new login: a session with an absolute life of 30 days and its first refresh token. */
    async create(userId: number, now: Date): Promise<{ sessionId: string; refreshToken: string }> {
      return transaction(db, async (tx) => {
        const sessionId = randomUUID();
        await tx.insert(sessions).values({
          sessionId,
          userId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
        });
        return { sessionId, refreshToken: await issueToken(tx, sessionId, now) };
      });
    },

    async rotate(refreshToken: string, now: Date): Promise<RotateResult> {
      const tokenHash = hashToken(refreshToken);
      return transaction(db, async (tx): Promise<RotateResult> => {
        const [row] = await tx
          .select({
            usedAt: refreshTokens.usedAt,
            sessionId: sessions.sessionId,
            userId: sessions.userId,
            revokedAt: sessions.revokedAt,
            expiresAt: sessions.expiresAt,
          })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.sessionId, refreshTokens.sessionId))
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .for('update');
        if (!row) return { ok: false, reason: 'unknown' };
        if (row.revokedAt) return { ok: false, reason: 'revoked' };
        if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
        if (row.usedAt) {
          await tx
            .update(sessions)
            .set({ revokedAt: now, revokeReason: 'refresh token reuse' })
            .where(eq(sessions.sessionId, row.sessionId));
          return { ok: false, reason: 'reused' };
        }
        await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.tokenHash, tokenHash));
        const next = await issueToken(tx, row.sessionId, now);
        return { ok: true, userId: row.userId, sessionId: row.sessionId, refreshToken: next };
      });
    },

    /** The session a refresh token belongs to, whatever its state. */
    async sessionOfToken(refreshToken: string): Promise<{ sessionId: string; userId: number } | null> {
      const [row] = await db
        .select({ sessionId: sessions.sessionId, userId: sessions.userId })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.sessionId, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
      return row ?? null;
    },

    async revoke(sessionId: string, reason: string, now: Date, tx: Database = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.revokedAt)));
    },

    /** Revoke every live session of a user, except the one named. */
    async revokeAllForUser(userId: number, reason: string, now: Date, exceptSessionId?: string, tx: Database = db): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId ? ne(sessions.sessionId, exceptSessionId) : sql`true`,
          ),
        );
    },

    /** The verified member behind a live session, or null. One indexed lookup per request. */
    async findActor(userId: number, sessionId: string, now: Date): Promise<SessionActor | null> {
      if (!isSessionId(sessionId)) return null;
      const [row] = await findActorQuery.execute({ sessionId, userId, now: now.toISOString() });
      return row ?? null;
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
