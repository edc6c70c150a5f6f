import { describe, expect, it } from 'vitest';
import { serverMessages } from '@filmlist/shared/messages';
import { createTestApp, useTestApp } from '../test/support/test-app.js';

const t = useTestApp();

describe('the HTTP surface', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves the web app at /, and with 404 at a path that is none of its pages', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/some/page/that/the/app/does/not/route', 404],
    ] as const) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('The Film List');
    }
  });

  it('answers an unknown /api path with 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/films/nothing'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: serverMessages.apiNotFound, code: 'not_found' });
    }
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", "password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: serverMessages.malformedJson, code: 'malformed_json' });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a', password: 'x'.repeat(100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ error: serverMessages.bodyTooLarge, code: 'body_too_large' });
  });

  it('answers text the database cannot store (a NUL byte) with 400, not 500', async () => {
    for (const payload of [{ username: 'a\u0000b', password: 'whatever it is' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_request' });
    }
    const profile = await t.app.inject('/api/users/profile/a%00b');
    expect(profile.statusCode).toBe(400);
    const badEncoding = await t.app.inject('/api/users/profile/%E0%A4%A');
    expect(badEncoding.statusCode).toBe(400);
  });

  it('answers a body of another media type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('sets the security headers on pages and on API answers', async () => {
    for (const url of ['/', '/api/films/allfilms', '/api/nothing']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('documents every long-standing call, and the additions, in OpenAPI', async () => {
    const answer = await t.app.inject('/api/docs/json');
    expect(answer.statusCode).toBe(200);
    const doc = answer.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    const calls = [
      // the calls the product has always answered (docs/product.md names them where it states their rules)
      'get /api/films/allfilms',
      'get /api/films/checkfilm',
      'get /api/films/filmdetails',
      'post /api/films/reviewfilm',
      'post /api/films/addfilm',
      'post /api/films/reject',
      'get /api/mentions/not-heard-before-count',
      'get /api/mentions/heard-not-rated-count',
      'get /api/ratings/rating-count',
      'get /api/ratings/sum-total',
      'get /api/mentions/checkmentioned',
      'get /api/ratings/checkrating',
      'get /api/ratings/not-rated',
      'get /api/mentions/not-mentioned',
      'get /api/mentions/not-heard-before',
      'post /api/mentions/mentioned',
      'post /api/ratings/rate',
      'post /api/ratings/edit',
      'get /api/watch/generatetempid',
      'post /api/watch/click',
      'post /api/watch/authclick',
      'post /api/users/check',
      'post /api/users/register',
      'post /api/users/login',
      'get /api/users/profile/{username}',
      'put /api/users/profile/{user_id}',
      'delete /api/users/delete',
      'get /api/users/verification/{token}',
      'post /api/auth/store',
      'post /api/auth/refresh',
      // calls added since
      'get /api/me/votes',
      'post /api/auth/logout',
      'get /api/films/submissions',
    ];
    const documented = Object.entries(doc.paths).flatMap(([route, methods]) => Object.keys(methods).map((m) => `${m} ${route}`));
    expect(documented.filter((call) => calls.includes(call)).sort()).toEqual([...calls].sort());
    const ui = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('documents the 429, with its meaning and Retry-After header, of every call that counts a rate limit, and of no other', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses?: Record<string, { description?: string; headers?: Record<string, unknown> }> }>>;
    }>();
    for (const methods of Object.values(doc.paths))
      for (const call of Object.values(methods)) {
        const tooMany = call.responses?.['429'];
        if (!tooMany) continue;
        expect(tooMany.description).toMatch(/^Too many requests/);
        expect(tooMany.headers).toHaveProperty('Retry-After.schema.type', 'integer');
      }
    const limited = Object.entries(doc.paths)
      .flatMap(([route, methods]) => Object.entries(methods).map(([method, call]) => [`${method} ${route}`, call.responses ?? {}] as const))
      .filter(([, responses]) => '429' in responses)
      .map(([call]) => call);
    for (const call of [
      'post /api/users/check',
      'post /api/users/register',
      'get /api/users/verification/{token}',
      'post /api/users/login',
      'post /api/auth/refresh',
      'post /api/mentions/mentioned',
      'post /api/ratings/rate',
      'post /api/ratings/edit',
      'post /api/films/addfilm',
      'post /api/watch/click',
      'get /api/films/lookup',
    ])
      expect(limited).toContain(call);
    expect(limited).not.toContain('get /api/films/allfilms');
    expect(limited).not.toContain('get /api/me/votes');
  });
});

describe('HTTPS deployments', () => {
  it('add HSTS when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://films.example' } });
    try {
      const res = await secure.app.inject('/');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await secure.close();
    }
  });
});
