import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { refreshAnswer } from '@filmlist/shared/api/auth';
import { serverMessages } from '@filmlist/shared/messages';
import { ratings, sessions } from '../../src/db/schema.js';
import { createFilm, createMember, createReviewer, type TestMember } from '../support/factories.js';
import { useTestApp } from '../support/test-app.js';

/**
 * ASVS 9.1, 9.2 and 10.4: self-contained access tokens are trusted only when
 * signed with the server's key and algorithm (HS256), unexpired, of the access
 * type, and bound to a live session of their own subject; refresh tokens
 * rotate, their reuse ends the session, and logout and password changes end
 * sessions at once.
 *
 * Also proved elsewhere: alg "none", HS512 with the right key, a tampered
 * payload or signature, another HS256 key and expiry by the clock on
 * /api/auth/store, a refresh token used as an access token, reuse revoking the
 * family, logout (modules/auth/auth.test.ts); a password change ending every
 * other session (modules/users/users.test.ts); and a forged token on every
 * route (security/asvs-access-control.test.ts).
 */

const t = useTestApp();

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const secret = () => new TextEncoder().encode(t.config.jwtSecret ?? '');
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

/** A token with the server's claims for this member, and whatever header, claims and key the case needs. */
function accessClaims(member: TestMember, overrides: JWTPayload = {}): JWTPayload {
  const now = nowSeconds();
  return {
    typ: 'access',
    sid: member.sessionId,
    sub: String(member.userId),
    aud: 'thefilmlist:api',
    iss: 'thefilmlist',
    iat: now,
    exp: now + 600,
    ...overrides,
  };
}

/** The same signature bytes with the spare bits of its last base64url character set (RFC 4648, section 3.5). */
function respelled(signature: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const last = alphabet.indexOf(signature.at(-1) ?? 'A');
  return signature.slice(0, -1) + (alphabet[last | 1] ?? '');
}

async function forgeries(member: TestMember, victim: TestMember): Promise<Array<[string, string]>> {
  const [header = '', payload = '', signature = ''] = member.accessToken.split('.');
  const claims = decodeJwt(member.accessToken);
  const rsa = await generateKeyPair('RS256');
  const ec = await generateKeyPair('ES256');
  const sign = (alg: string, claimSet: JWTPayload, key: Parameters<SignJWT['sign']>[0] = secret()) =>
    new SignJWT(claimSet).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
  // "RS256" in the header over an HMAC of the server's secret: the classic key-confusion forgery.
  const confusedHeader = b64({ alg: 'RS256', typ: 'JWT' });
  const confused = `${confusedHeader}.${payload}.${createHmac('sha256', secret()).update(`${confusedHeader}.${payload}`).digest('base64url')}`;
  return [
    ['alg "None", unsigned', `${b64({ alg: 'None', typ: 'JWT' })}.${payload}.`],
    ['alg "NONE", original signature kept', `${b64({ alg: 'NONE', typ: 'JWT' })}.${payload}.${signature}`],
    ['no alg at all', `${b64({ typ: 'JWT' })}.${payload}.${signature}`],
    ['HS384 with the server key', await sign('HS384', claims)],
    ['RS256 with a key of its own', await sign('RS256', claims, rsa.privateKey)],
    ['ES256 with a key of its own', await sign('ES256', claims, ec.privateKey)],
    ['RS256 header over an HMAC of the server key', confused],
    ['HS256 with another key', await sign('HS256', claims, new TextEncoder().encode('another-secret-another-secret-0123456789'))],
    ['expiry pushed a day on, signature kept', `${header}.${b64({ ...claims, exp: nowSeconds() + 86_400 })}.${signature}`],
    ['subject swapped to another member, signature kept', `${header}.${b64({ ...claims, sub: String(victim.userId) })}.${signature}`],
    ['signature of another token', `${header}.${payload}.${victim.accessToken.split('.')[2] ?? ''}`],
    ['signature dropped', `${header}.${payload}.`],
    ['expired a second ago, server key', await sign('HS256', accessClaims(member, { iat: nowSeconds() - 901, exp: nowSeconds() - 1 }))],
    ['not valid before an hour from now, server key', await sign('HS256', accessClaims(member, { nbf: nowSeconds() + 3600 }))],
    ['no exp, server key', await sign('HS256', accessClaims(member, { exp: undefined }))],
    ['another issuer, server key', await sign('HS256', accessClaims(member, { iss: 'someone-else' }))],
    ['refresh type, server key', await sign('HS256', accessClaims(member, { typ: 'refresh' }))],
    // Even the server's own key cannot join a subject to a session that is not theirs.
    ['another member as subject of this session, server key', await sign('HS256', accessClaims(member, { sub: String(victim.userId) }))],
    // Claims only sign() makes: an audience and an issuer, issued now, for at most 15 minutes.
    ['no audience, server key', await sign('HS256', accessClaims(member, { aud: undefined }))],
    ['no issuer, server key', await sign('HS256', accessClaims(member, { iss: undefined }))],
    ['issued an hour from now, server key', await sign('HS256', accessClaims(member, { iat: nowSeconds() + 3600 }))],
    ['living a year, server key', await sign('HS256', accessClaims(member, { exp: nowSeconds() + 365 * 86_400 }))],
    // The signature's last character with its spare bits set: the same bytes, another spelling.
    ['the signature spelled another way', `${header}.${payload}.${respelled(signature)}`],
    [
      'a session id that does not exist, server key',
      await sign('HS256', accessClaims(member, { sid: '00000000-0000-4000-8000-000000000000' })),
    ],
  ];
}

interface Probe {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

describe('forged and altered access tokens (ASVS 9.1, 9.2)', () => {
  it('are refused with 401 on member, reviewer and write routes, and change nothing', async () => {
    const member = await createMember(t.app);
    const victim = await createMember(t.app);
    const reviewer = await createReviewer(t.app);
    const film = await createFilm(t.app);
    const cases = [
      ...(await forgeries(member, victim)).map(([name, token]): [string, string, 'member'] => [name, token, 'member']),
      ...(await forgeries(reviewer, victim)).map(([name, token]): [string, string, 'reviewer'] => [
        `reviewer's, ${name}`,
        token,
        'reviewer',
      ]),
    ];
    // The real tokens pass, so each refusal below is the forgery's doing.
    expect(decodeProtectedHeader(member.accessToken)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const requests = (owner: TestMember, kind: 'member' | 'reviewer'): Probe[] =>
      kind === 'reviewer'
        ? [{ method: 'GET', url: '/api/films/submissions' }]
        : [
            { method: 'POST', url: '/api/auth/store' },
            { method: 'GET', url: '/api/me/votes' },
            { method: 'POST', url: '/api/ratings/rate', payload: { user_id: owner.userId, film_id: film.filmId, rating: 8 } },
          ];
    for (const kind of ['member', 'reviewer'] as const) {
      const owner = kind === 'member' ? member : reviewer;
      for (const request of requests(owner, kind)) {
        expect((await t.app.inject({ ...request, headers: owner.auth })).statusCode, `${request.url} with the real token`).toBeLessThan(
          300,
        );
      }
    }
    // The real member rated the film above; start again on a film nobody rated.
    const fresh = await createFilm(t.app);
    const failures: string[] = [];
    for (const [name, token, kind] of cases) {
      const owner = kind === 'member' ? member : reviewer;
      for (const request of requests(owner, kind)) {
        const payload = request.url === '/api/ratings/rate' ? { user_id: owner.userId, film_id: fresh.filmId, rating: 8 } : request.payload;
        const res = await t.app.inject({ ...request, payload, headers: { authorization: `Bearer ${token}` } });
        const body = res.json<{ error?: string; code?: string }>();
        if (res.statusCode !== 401 || body.code !== 'invalid_token' || body.error !== serverMessages.sessionExpired) {
          failures.push(`${name} on ${request.url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await t.app.db.select().from(ratings).where(eq(ratings.filmId, fresh.filmId))).toEqual([]);
  });
});

describe('refresh tokens (ASVS 9.2, 10.4)', () => {
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: token } });
  const store = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/store', headers: { authorization: `Bearer ${token}` } });

  it('cannot be stood in for by an access token', async () => {
    const member = await createMember(t.app);
    // A JWT is longer than any refresh token, so it fails validation before it is even looked up.
    const res = await refresh(member.accessToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    // Cut to the length of a refresh token, it is just an unknown token.
    const cut = await refresh(member.accessToken.slice(-43));
    expect(cut.statusCode).toBe(401);
    expect(cut.json()).toEqual({ error: serverMessages.sessionExpired, code: 'invalid_refresh' });
  });

  it('used twice at the same moment: one rotation wins, and the reuse ends the whole session', async () => {
    const member = await createMember(t.app);
    const answers = await Promise.all([refresh(member.refreshToken), refresh(member.refreshToken)]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 401]);
    const winner = answers.find((res) => res.statusCode === 200);
    const loser = answers.find((res) => res.statusCode === 401);
    expect(loser?.json()).toMatchObject({ code: 'refresh_reused' });
    const next = refreshAnswer.parse(winner?.json());
    // The family is revoked: the winner's new tokens and the session's first access token all stop working.
    expect((await refresh(next.newRefreshToken)).statusCode).toBe(401);
    expect((await store(next.newAccessToken)).statusCode).toBe(401);
    expect((await store(member.accessToken)).statusCode).toBe(401);
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.sessionId, member.sessionId));
    expect(session?.revokeReason).toBe('refresh token reuse');
  });
});

describe('ending sessions (ASVS 10.4)', () => {
  const store = (authorization: string) => t.app.inject({ method: 'POST', url: '/api/auth/store', headers: { authorization } });

  it('logout with the bearer token alone, and no body, ends the session', async () => {
    const member = await createMember(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: member.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.loggedOut });
    expect((await store(member.auth.authorization)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: member.refreshToken } })).statusCode).toBe(
      401,
    );
  });

  it('logout with the refresh token alone ends the session, access token included', async () => {
    const member = await createMember(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh: member.refreshToken } });
    expect(res.statusCode).toBe(200);
    expect((await store(member.auth.authorization)).statusCode).toBe(401);
  });

  it('deleting the account ends every session at once', async () => {
    const member = await createMember(t.app);
    const second = await t.app.sessions.create(member.userId, t.app.clock.now());
    const secondAccess = await t.app.accessTokens.sign({ userId: member.userId, sessionId: second.sessionId }, t.app.clock.now());
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/users/delete',
          headers: member.auth,
          payload: { currentPassword: member.password },
        })
      ).statusCode,
    ).toBe(200);
    expect((await store(member.auth.authorization)).statusCode).toBe(401);
    expect((await store(`Bearer ${secondAccess.token}`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: second.refreshToken } })).statusCode).toBe(
      401,
    );
  });
});
