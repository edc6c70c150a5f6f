import { connect } from 'node:net';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { RATE_LIMITS } from '../../plugins/rate-limit.js';
import { MEMBER_PASSWORD, createMember, createReviewer } from '../../../test/support/factories.js';
import { createTestApp, type TestApp, useTestApp } from '../../../test/support/test-app.js';

const t = useTestApp();

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const store = (authorization?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/store', headers: authorization ? { authorization } : {} });
const refresh = (token: string, ip = '10.2.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: token }, remoteAddress: ip });

describe('access tokens', () => {
  it('admit a valid bearer token', async () => {
    const member = await createMember(t.app);
    expect((await store(member.auth.authorization)).statusCode).toBe(200);
  });

  it('refuse a request with two Authorization headers, even when the first is valid', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    // Over a socket: Node keeps only the first of two such headers, so the request is written as bytes.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port: Number(port), host: '127.0.0.1' }, () => {
        socket.end(
          `POST /api/auth/store HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${member.auth.authorization}\r\n` +
            `Authorization: ${other.auth.authorization}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        );
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('"code":"invalid_token"');
    // One header with the same token passes.
    expect((await store(member.auth.authorization)).statusCode).toBe(200);
  });

  it('refuse a missing or malformed Authorization header with 401', async () => {
    for (const header of [undefined, 'Bearer', 'Basic abc', 'Bearer not.a.jwt', 'Bearer a b']) {
      const res = await store(header);
      expect(res.statusCode).toBe(401);
      expect(res.json<{ code: string }>().code).toMatch(/unauthenticated|invalid_token/);
    }
  });

  it('refuse alg "none", another algorithm, a tampered signature and an expired token', async () => {
    const member = await createMember(t.app);
    const [header, payload, signature] = member.accessToken.split('.');
    const claims = decodeJwt(member.accessToken);

    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(t.config.jwtSecret ?? ''));
    const tamperedPayload = `${header}.${b64({ ...claims, sub: '999999' })}.${signature}`;
    const flipped = `${header}.${payload}.${(signature ?? '').slice(0, -2)}${(signature ?? '').endsWith('AA') ? 'BB' : 'AA'}`;
    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));

    for (const token of [none, hs512, tamperedPayload, flipped, otherKey]) {
      const res = await store(`Bearer ${token}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: serverMessages.sessionExpired, code: 'invalid_token' });
    }

    expect((await store(member.auth.authorization)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await store(member.auth.authorization)).statusCode).toBe(401);
  });

  it('refuse a token without the access type or audience, and a refresh token used as an access token', async () => {
    const member = await createMember(t.app);
    const key = new TextEncoder().encode(t.config.jwtSecret ?? '');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const base = () =>
      new SignJWT({ sid: member.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(member.userId))
        .setIssuedAt(now)
        .setExpirationTime(now + 600);
    const noType = await base().setAudience('thefilmlist:api').setIssuer('thefilmlist').sign(key);
    const wrongAudience = await new SignJWT({ typ: 'access', sid: member.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(member.userId))
      .setAudience('someone-else')
      .setIssuer('thefilmlist')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key);
    for (const token of [noType, wrongAudience, member.refreshToken]) {
      expect((await store(`Bearer ${token}`)).statusCode).toBe(401);
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token and answers the refresh fields', async () => {
    const member = await createMember(t.app);
    const res = await refresh(member.refreshToken);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ newAccessToken: string; newRefreshToken: string; newAccessTokenExpiration: number; user: object }>();
    expect(body.newRefreshToken).not.toBe(member.refreshToken);
    expect(body.newAccessTokenExpiration).toBeGreaterThan(t.clock.now().getTime());
    expect(body.user).toMatchObject({ user_id: member.userId, username: member.username, email: member.email });
    expect(res.body).not.toContain('argon2');
    expect((await store(`Bearer ${body.newAccessToken}`)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const member = await createMember(t.app);
    const first = (await refresh(member.refreshToken)).json<{ newRefreshToken: string; newAccessToken: string }>();
    const second = (await refresh(first.newRefreshToken)).json<{ newRefreshToken: string; newAccessToken: string }>();

    const reuse = await refresh(member.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'refresh_reused' });
    // The newest token of the family, and its access token, fail too.
    expect((await refresh(second.newRefreshToken)).statusCode).toBe(401);
    expect((await store(`Bearer ${second.newAccessToken}`)).statusCode).toBe(401);
  });

  it('refuses an unknown token and one past the 30-day absolute life', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    const member = await createMember(t.app);
    t.clock.advance(30 * 24 * 3600_000 + 1000);
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
  });

  it('is rate limited per token', async () => {
    const limit = RATE_LIMITS.refresh.account.limit;
    let last;
    for (let i = 0; i <= limit; i += 1) last = await refresh('y'.repeat(43), `10.3.${i}.1`);
    expect(last?.statusCode).toBe(429);
    expect(last?.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: its access and refresh tokens stop working', async () => {
    const member = await createMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: member.auth,
      payload: { refresh: member.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: serverMessages.loggedOut });
    expect((await store(member.auth.authorization)).statusCode).toBe(401);
    expect((await refresh(member.refreshToken)).statusCode).toBe(401);
  });

  it('leaves the member’s other sessions alone', async () => {
    const member = await createMember(t.app);
    const other = (
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: member.username, password: MEMBER_PASSWORD } })
    ).json<{ accessToken: string }>();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: member.auth });
    expect((await store(`Bearer ${other.accessToken}`)).statusCode).toBe(200);
  });

  it('with a bearer, ends no other member’s session, whatever refresh token it carries', async () => {
    const member = await createMember(t.app);
    const stranger = await createMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: member.auth,
      payload: { refresh: stranger.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect((await store(member.auth.authorization)).statusCode).toBe(401);
    expect((await store(stranger.auth.authorization)).statusCode).toBe(200);
    expect((await refresh(stranger.refreshToken)).statusCode).toBe(200);
  });
});

describe('the reviewer role', () => {
  it('comes from REVIEWERS at every request, including accounts created after start', async () => {
    const member = await createMember(t.app);
    const reviewer = await createReviewer(t.app);
    expect((await t.app.inject('/api/films/submissions')).statusCode).toBe(401);
    const asMember = await t.app.inject({ url: '/api/films/submissions', headers: member.auth });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ error: messages.reviewerOnly, code: 'reviewer_only' });
    expect((await t.app.inject({ url: '/api/films/submissions', headers: reviewer.auth })).statusCode).toBe(200);
  });
});

describe('client addresses', () => {
  it('ignore X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const limit = RATE_LIMITS.login.ip.limit;
    const attempt = (app: TestApp, i: number) =>
      app.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { username: `nobody${i}`, password: 'whatever it is' },
        remoteAddress: '10.4.0.1',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    let last;
    for (let i = 0; i <= limit; i += 1) last = await attempt(t, i);
    expect(last?.statusCode).toBe(429);

    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      for (let i = 0; i <= limit; i += 1) last = await attempt(proxied, i);
      expect(last?.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
