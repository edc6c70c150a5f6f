import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBody } from '@filmlist/shared/api/common';
import { serverMessages } from '@filmlist/shared/messages';
import { rateLimit } from '../../plugins/rate-limit.js';
import { createMember, createReviewer, type TestMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';
import { currentActor, membersOnly, reviewersOnly } from './guards.js';

/**
 * Routes declared inside membersOnly or reviewersOnly with no hook of their
 * own: the scope alone must refuse visitors (and members, for reviewers)
 * before the route's own hooks, its validation or its handler run.
 */
const t = useTestApp({ routes: async (app) => app.register(probes, { prefix: '/api/probe' }) });
let member: TestMember;
let reviewer: TestMember;
const handled: string[] = [];

const probes: FastifyPluginAsyncZod = async (api) => {
  await api.register(
    membersOnly(async (app) => {
      app.get('/member', async (request) => {
        handled.push('GET /member');
        return { userId: currentActor(request).userId };
      });
      app.post('/member', { schema: { body: z.object({ n: z.number().int() }) }, preValidation: rateLimit('write') }, async (request) => {
        handled.push('POST /member');
        return { n: request.body.n };
      });
    }),
  );
  await api.register(
    reviewersOnly(async (app) => {
      app.get('/reviewer', async (request) => {
        handled.push('GET /reviewer');
        return { userId: currentActor(request).userId };
      });
    }),
  );
};

beforeAll(async () => {
  member = await createMember(t.app);
  reviewer = await createReviewer(t.app);
});

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: object) =>
  t.app.inject({ method, url: `/api/probe${url}`, headers, ...(payload ? { payload } : {}) });

describe('a route declared under membersOnly, without a guard of its own', () => {
  it('refuses a visitor with 401 and never runs the handler', async () => {
    handled.length = 0;
    const res = await call('GET', '/member');
    expect(res.statusCode).toBe(401);
    expect(errorBody.parse(res.json()).error).toBe(serverMessages.authRequired);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(handled).toEqual([]);
  });

  it('refuses a token that does not verify with 401 invalid_token', async () => {
    const res = await call('GET', '/member', { authorization: `${member.auth.authorization}x` });
    expect(res.statusCode).toBe(401);
    expect(errorBody.parse(res.json()).code).toBe('invalid_token');
  });

  it('authenticates before validation: a visitor with a malformed body gets 401, a member 400', async () => {
    handled.length = 0;
    expect((await call('POST', '/member', {}, { n: 'not a number' })).statusCode).toBe(401);
    expect((await call('POST', '/member', member.auth, { n: 'not a number' })).statusCode).toBe(400);
    expect(handled).toEqual([]);
  });

  it('lets a member through, with the actor from the token', async () => {
    const res = await call('GET', '/member', member.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: member.userId });
    expect((await call('POST', '/member', member.auth, { n: 3 })).json()).toEqual({ n: 3 });
  });
});

describe('a route declared under reviewersOnly, without a guard of its own', () => {
  it('refuses a visitor with 401 and a member with 403, and lets a reviewer through', async () => {
    handled.length = 0;
    expect((await call('GET', '/reviewer')).statusCode).toBe(401);
    const asMember = await call('GET', '/reviewer', member.auth);
    expect(asMember.statusCode).toBe(403);
    expect(errorBody.parse(asMember.json()).code).toBe('reviewer_only');
    expect(handled).toEqual([]);
    const asReviewer = await call('GET', '/reviewer', reviewer.auth);
    expect(asReviewer.statusCode).toBe(200);
    expect(asReviewer.json()).toEqual({ userId: reviewer.userId });
  });
});
