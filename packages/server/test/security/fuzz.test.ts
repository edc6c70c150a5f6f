import { text } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBody } from '@filmlist/shared/api/common';
import { storedTextFields } from '@filmlist/shared/fields';
import { messages } from '@filmlist/shared/messages';
import type { TextShape } from '@filmlist/shared/text-rules';
import { rowsOf } from '../../src/db/raw-rows.js';
import { users } from '../../src/db/schema.js';
import type { FilmRow } from '../../src/modules/films/presenter.js';
import { createFilm, createMember, createReviewer, MEMBER_PASSWORD, type TestMember } from '../support/factories.js';
import { UnlimitedRateLimitStore } from '../support/rate-limits.js';
import { caseVariant, confusableName, hiddenCharacter, wholeScriptConfusable, withHiddenCharacter } from '../support/text-generators.js';
import { createTestApp, useTestApp } from '../support/test-app.js';
import { fuzzSeed, soak } from '../support/config.js';

/**
 * docs/reliability.md, "Hostile and malformed input": property-based fuzzing of every API route. The routes are
 * read from the app as it registers them (an onRoute hook), so a new route is
 * fuzzed without anyone listing it. Each generated request is built to be
 * rejected — malformed JSON, a content type the API does not take, a body,
 * query or path parameter its own zod schema refuses, a body over the limit,
 * a missing or forged token, or a method the path does not have — and must
 * get a 4xx with a JSON {error, code} body. GET requests may also be valid
 * reads with hostile strings; those may succeed but never answer 5xx. After
 * all of it the server still answers and every table is byte for byte as
 * before.
 *
 * Refusable writes alone cannot find a hole in a schema: a write the schema
 * wrongly lets through is never sent. So a second part acts as the owner with a valid token, on a database of its own, and
 * judges by its own oracle rather than the route's schema: ill-formed UTF-16
 * in any body field must get a 400; a request that sets fields to their
 * current values (the caller's email in any letter case, their username,
 * their rating) must not get a 5xx; an email field with a display name, a
 * list, a group, a comment or a quoted local part must get a 400, and
 * /check must not say it exists. Refused requests leave every table as it was.
 *
 * `SOAK=1` multiplies the runs by ten; `FUZZ_SEED` replays a run.
 */

const TOTAL_RUNS = 10_500 * (soak ? 10 : 1);
const OWNER_RUNS = 1_400 * (soak ? 10 : 1);
const BODY_LIMIT = 64 * 1024;
const seed = fuzzSeed;

// ---------------------------------------------------------------------------
// The app, its routes as registered, and a few rows for the requests to meet.

const registered: RouteOptions[] = [];
const t = await createTestApp({
  app: {
    onRoute: (route) => registered.push(route),
    // Thousands of requests from one address: the limits would answer 429 before validation is reached.
    rateLimitStore: new UnlimitedRateLimitStore(),
  },
});
afterAll(() => t.close());

/** The rows a part of the fuzzer meets: a member with a mention, a rating, a pending submission and a film on their watchlist. */
interface World {
  app: FastifyInstance;
  member: TestMember;
  other: TestMember;
  reviewer: TestMember;
  film: FilmRow;
}

const SEEDED = {
  rating: 8,
  mentioned: true,
  submission: { title: 'The Quiet Earth', release_year: '1985', description: 'Everyone is gone.' },
} as const;

async function seedWorld(app: FastifyInstance): Promise<World> {
  const world = {
    app,
    member: await createMember(app),
    other: await createMember(app),
    reviewer: await createReviewer(app),
    film: await createFilm(app),
  };
  const { member, film } = world;
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: member.auth });
  const answers = await Promise.all([
    post('/api/mentions/mentioned', { user_id: member.userId, film_id: film.filmId, mentioned: SEEDED.mentioned }),
    post('/api/films/reviewfilm', SEEDED.submission),
  ]);
  const rated = await post('/api/ratings/rate', { user_id: member.userId, film_id: film.filmId, rating: SEEDED.rating });
  const saved = await app.inject({ method: 'PUT', url: `/api/me/watchlist/${film.filmId}`, headers: member.auth });
  for (const answer of [...answers, rated, saved]) if (answer.statusCode !== 201) throw new Error(answer.body);
  return world;
}

const world = await seedWorld(t.app);
const { member, other, reviewer } = world;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
type Method = (typeof METHODS)[number];

interface ApiRoute {
  method: Method;
  url: string;
  body: z.ZodType | undefined;
  querystring: z.ZodType | undefined;
  params: z.ZodType | undefined;
  /** the route needs a signed-in member (declared under membersOnly or reviewersOnly) */
  member: boolean;
  reviewer: boolean;
}

const zodOrUndefined = (value: unknown) => (value instanceof z.ZodType ? value : undefined);

function apiRoutes(): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const route of registered) {
    const access = route.config?.access;
    for (const name of [route.method].flat()) {
      // HEAD routes are Fastify's automatic copies of the GET routes.
      const method = METHODS.find((m) => m === name);
      if (!route.url.startsWith('/api/')) continue;
      if (!method) {
        if (name === 'HEAD') continue;
        throw new Error(`the fuzzer has no requests for ${name} ${route.url}`);
      }
      routes.push({
        method,
        url: route.url,
        body: zodOrUndefined(route.schema?.body),
        querystring: zodOrUndefined(route.schema?.querystring),
        params: zodOrUndefined(route.schema?.params),
        member: access !== undefined,
        reviewer: access === 'reviewer',
      });
    }
  }
  return routes;
}

const allRoutes = apiRoutes();
/** The OpenAPI pages are documentation, not data: fuzzed separately (no 5xx, no file outside the UI). */
const isDocs = (route: ApiRoute) => route.url === '/api/docs' || route.url.startsWith('/api/docs/');
const dataRoutes = allRoutes.filter((route) => !isDocs(route));
const docsRoutes = allRoutes.filter(isDocs);
const runsPerRoute = Math.ceil(TOTAL_RUNS / Math.max(1, dataRoutes.length));

const routeShape = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':').replace(/\*$/, '')}`;
const shapes = new Set(allRoutes.map((route) => routeShape(route.method, route.url)));

// ---------------------------------------------------------------------------
// Hostile values.

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe\u202C',
  '\u200F\u05E9\u05DC\u05D5\u05DD \u0627\u0644\u0639\u0627\u0644\u0645',
  'e\u0301\u0302\u0303\u0304\u0305',
  'Z\u0351\u0352\u0353\u0354a\u0355\u0356l\u0357g\u0358o',
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}\u{1F3F3}\uFE0F\u200D\u{1F308}',
  '\uD800',
  'x\uDC00y',
  '\uDBFF',
  '\uDC00\uD800',
  '\uD800\uD800',
  'cut \uD83D',
  '\uDE00 cut',
  '\uD83D\u0041',
  '\uFEFF',
  '\uFFFF\uFFFE',
  '\u2028\u2029',
  // Controls, DEL and noncharacters that draw nothing; case variants that fold differently; whole-script lookalikes.
  'Tw\u0007in Peaks',
  '\u0001\u0008\u001B\u007F\u0085\u009B',
  'a\uFDD0\u{10FFFF}',
  '\u0130rma',
  '\u0131rma',
  '\u017Fam',
  '\u212Aate',
  '\uFF32\uFF49\uFF54\uFF41',
  '\u0430\u0440\u0440\u04CF\u0435',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%252f..%252f',
  '%00',
  '%',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  '1.5',
  ' 42 ',
  '\u0664\u0662',
  '\uFF14\uFF12',
  '9'.repeat(400),
  'null',
  'true',
  '[]',
  '{}',
];

/**
 * The text and identity classes of support/text-generators.ts: text with a character the text rule
 * refuses (C0 and C1 controls, DEL, noncharacters, format characters, blank letters) somewhere in it,
 * spellings of a name in other letter cases ("İ", "ı", "ſ", the Kelvin sign, fullwidth letters) and
 * names written wholly in Cyrillic lookalikes.
 */
const generatedText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 }).chain((text) => withHiddenCharacter(text)),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 20 }).chain((text) => withHiddenCharacter(text, { keepLineBreaks: true })),
  confusableName.chain(caseVariant),
  confusableName.map((name) => wholeScriptConfusable(name) ?? name),
);

/** Mostly short; now and then long enough to pass every length limit (a body over 64 KiB is its own case). */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 4, arbitrary: generatedText },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  {
    weight: 4,
    arbitrary: fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), loneSurrogate), maxLength: 30 }),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...NASTY.filter(Boolean)), fc.integer({ min: 100, max: 1500 })).map(([s, n]) => s.repeat(n)),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 20_000 }).map((n) => 'x'.repeat(n)) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1.5,
    11,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    2 ** 53,
    2 ** 53 + 2,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e308,
  ),
  fc.integer(),
  fc.double(),
);

const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), { maxKeys: 3 }),
  ),
})).value;

// ---------------------------------------------------------------------------
// Email addresses that are not one plain address (docs/product.md §Usernames and emails), and internationalised ones.

const EMAIL_NAMES = ['Someone', 'a', '"Support, Team"', '=?utf-8?q?x?=', 'Box'];
/** Every form here holds something besides one plain address; those with a space get the spaces message instead. */
function notOnePlainAddress(address: string): fc.Arbitrary<string> {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const second = fc.constantFrom('x', 'other@example.test', address, '');
  return fc.oneof(
    // display names
    fc.constantFrom(...EMAIL_NAMES).map((name) => `${name}<${address}>`),
    fc.constantFrom(...EMAIL_NAMES).map((name) => `${name} <${address}>`),
    fc.constant(`<${address}>`),
    fc.constant(`${address}>`),
    // lists
    fc.tuple(fc.constantFrom(',', ';', ', ', ',,'), second).map(([sep, next]) => `${address}${sep}${next}`),
    second.map((first) => `${first},${address}`),
    // groups
    fc.constantFrom('g', 'Team', 'undisclosed-recipients').map((group) => `${group}:${address};`),
    fc.constantFrom('g', 'Team').map((group) => `${group}:${address},other@example.test;`),
    fc.constant('undisclosed-recipients:;'),
    // comments
    fc.constantFrom('c', 'comment', 'a@b.test', '').map((c) => `${local}(${c})@${domain}`),
    fc.constantFrom('c', 'x)(y').map((c) => `(${c})${address}`),
    fc.constantFrom('c', 'nested (c)').map((c) => `${address}(${c})`),
    fc.constant(`${local}@(c)${domain}`),
    // quoted local parts
    fc.constant(`"${local}"@${domain}`),
    fc.constant(`"${address}"@${domain}`),
    fc.constant(`"${local} x"@${domain}`),
    fc.constant(`"${local}\\"@${domain}`),
    fc.constant(`"a\\"b"@${domain}`),
    // domain literals, routes and doubled or missing parts
    fc.constantFrom('[127.0.0.1]', '[IPv6:::1]', '127.0.0.1').map((d) => `${local}@${d}`),
    fc.constant(`@relay.example:${address}`),
    fc.constant(`${local}@@${domain}`),
    fc.constant(`${local}@x@${domain}`),
    fc.constant(`${address}.`),
    fc.constant(`.${address}`),
  );
}

/** Internationalised domains (UTS 46 maps these to punycode) and the address in another letter case. */
function sameMailboxForms(address: string): fc.Arbitrary<string> {
  const local = address.slice(0, address.lastIndexOf('@'));
  return fc.oneof(
    fc
      .constantFrom(
        'ex\u00E4mple.test',
        'EX\u00C4MPLE.test',
        '\u4F8B\u3048.\u30C6\u30B9\u30C8',
        '\uFF45\uFF58\uFF41\uFF4D\uFF50\uFF4C\uFF45.test',
        'xn--exmple-cua.test',
        'b\u00FCcher.example\u3002test',
      )
      .map((d) => `${local}@${d}`),
    fc.constantFrom(
      address.toUpperCase(),
      address.toLowerCase(),
      address.replace(/^./, (c) => c.toUpperCase()),
    ),
  );
}

/** What may be stored as an email: one ASCII address, nothing that separates, quotes or comments. */
const looksLikeOneAddress = (value: string) =>
  /^[\x21-\x7E]+$/.test(value) && !/[<>(),;:"[\]\\]/.test(value) && value.split('@').length === 2;

/** Values that pass for their field, so that one bad field among good ones reaches the deeper checks. */
function plausible(key: string): fc.Arbitrary<unknown> {
  return plausibleIn(world, key);
}

function plausibleIn({ member, other, film }: World, key: string): fc.Arbitrary<unknown> {
  const known: Record<string, fc.Arbitrary<unknown>> = {
    user_id: fc.constantFrom(member.userId, String(member.userId), other.userId),
    userId: fc.constantFrom(member.userId, String(member.userId), ''),
    film_id: fc.constantFrom(film.filmId, String(film.filmId), 987_654),
    rating: fc.integer({ min: 1, max: 10 }),
    mentioned: fc.boolean(),
    title: fc.constantFrom(film.title, 'The Quiet Earth', 'A Brand New Film'),
    release_year: fc.constantFrom('1985', 2001, ' 1999 '),
    year: fc.constantFrom('1985', '2001'),
    description: fc.constant('A scientist wakes to find everyone gone.'),
    note: fc.constantFrom('Nobody saw it in cinemas.', ''),
    note_named: fc.boolean(),
    tmdb_id: fc.constantFrom(null, 603),
    watchLink: fc.constantFrom('https://watch.example/film', null, ''),
    reason: fc.constant('Not a fit for the list.'),
    username: fc.oneof(
      fc.constantFrom(member.username, 'fresh_name', 'rita'),
      caseVariant(member.username),
      fc.constant(wholeScriptConfusable(member.username) ?? member.username),
    ),
    email: fc.oneof(fc.constantFrom(member.email, 'someone@example.com'), notOnePlainAddress(member.email), sameMailboxForms(member.email)),
    password: fc.constant('Quiet-Harbour-Lantern-42'),
    currentPassword: fc.constant(MEMBER_PASSWORD),
    refresh: fc.constantFrom('0'.repeat(43), member.refreshToken),
    slug: fc.constant(film.slug),
    token: fc.constant('A'.repeat(43)),
  };
  return known[key] ?? fc.string({ maxLength: 20 });
}

/** The schema a wrapper holds when the wrapper leaves an object's fields as they are (optional, default, a pipe's input...). */
function innerOf(schema: z.ZodType): unknown {
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodNonOptional ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodLazy
  ) {
    return schema.unwrap();
  }
  if (schema instanceof z.ZodPipe) return schema.in;
  return undefined;
}

/** Each field of an object schema, through intersections, unions and wrappers, with every schema that reads it. */
function fieldsOf(schema: unknown): Map<string, unknown[]> {
  const fields = new Map<string, unknown[]>();
  const add = (more: Map<string, unknown[]>) => {
    for (const [key, schemas] of more) fields.set(key, [...(fields.get(key) ?? []), ...schemas]);
  };
  if (!(schema instanceof z.ZodType)) return fields;
  if (schema instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(schema.shape)) fields.set(key, [field]);
  } else if (schema instanceof z.ZodIntersection) {
    add(fieldsOf(schema.def.left));
    add(fieldsOf(schema.def.right));
  } else if (schema instanceof z.ZodUnion) {
    for (const option of schema.options) add(fieldsOf(option));
  } else {
    add(fieldsOf(innerOf(schema)));
  }
  return fields;
}

function keysOf(schema: unknown): string[] {
  return [...fieldsOf(schema).keys()];
}

/** The shape of a stored or shown text field (marked in storedTextFields, shared fields.ts), through its wrappers. */
function storedShapeOf(field: unknown): TextShape | undefined {
  for (let schema = field; schema instanceof z.ZodType; schema = innerOf(schema)) {
    const marked = storedTextFields.get(schema);
    if (marked) return marked.shape;
  }
  return undefined;
}

/** The fields of a request body whose text is stored or shown, each with its shape under the one text rule. */
function storedFieldsOf(schema: unknown): Map<string, TextShape> {
  const stored = new Map<string, TextShape>();
  for (const [key, schemas] of fieldsOf(schema)) {
    const shape = schemas.map(storedShapeOf).find((found) => found !== undefined);
    if (shape) stored.set(key, shape);
  }
  return stored;
}

/** An object with the schema's own keys, each left out, hostile or plausible, plus hostile extras. */
function fieldsArb(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const field = (key: string) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant<{ omit: true } | { value: unknown }>({ omit: true }) },
      { weight: 2, arbitrary: hostileJson.map((value) => ({ value })) },
      { weight: 2, arbitrary: plausible(key).map((value) => ({ value })) },
    );
  const extras = fc.dictionary(
    fc.constantFrom('__proto__', 'constructor', 'isReviewer', 'verified', 'admin', 'role', 'user_id', 'x'),
    hostileJson,
    { maxKeys: 2 },
  );
  return fc.tuple(fc.tuple(...keys.map((key) => field(key))), extras).map(([fields, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(extra))
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    keys.forEach((key, i) => {
      const f = fields[i];
      if (f && 'value' in f) Object.defineProperty(out, key, { value: f.value, enumerable: true, writable: true, configurable: true });
    });
    return out;
  });
}

// ---------------------------------------------------------------------------
// Requests.

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'raw-json'; text: string }
  | { kind: 'malformed'; text: string }
  | { kind: 'typed'; contentType: string; text: string };

const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'NaN',
    '[1,2',
    '{"a":"\\ud800',
    'undefined',
    '{"a" 1}',
    '\u0000',
    '{}}',
    '"unterminated',
    '{"__proto__":',
  ),
  fc.string({ minLength: 1, maxLength: 40 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

const deepJson = fc.integer({ min: 500, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));

function bodyArb(route: ApiRoute): fc.Arbitrary<Body> {
  const keys = keysOf(route.body);
  const json = fc.oneof(
    { weight: 3, arbitrary: keys.length ? fieldsArb(keys) : fc.dictionary(fc.string({ maxLength: 8 }), hostileJson, { maxKeys: 3 }) },
    { weight: 1, arbitrary: hostileJson },
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    {
      weight: 8,
      arbitrary: fc
        .tuple(json, fc.constantFrom('application/json', 'application/json; charset=utf-8', 'Application/JSON'))
        .map(([value, contentType]): Body => ({ kind: 'json', value, contentType })),
    },
    { weight: 2, arbitrary: malformedJson.map((text): Body => ({ kind: 'malformed', text })) },
    { weight: 1, arbitrary: deepJson.map((text): Body => ({ kind: 'raw-json', text })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'text/html',
            'application/xml',
            'multipart/form-data; boundary=x',
            'application/x-www-form-urlencoded',
            'application/octet-stream',
            'image/png',
          ),
          fc.oneof(hostileString.filter(Boolean), fc.constant('{"user_id":1}')),
        )
        .map(([contentType, text]): Body => ({ kind: 'typed', contentType, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT * 2 })
        .map((n): Body => ({ kind: 'json', value: { title: 'x'.repeat(n) }, contentType: 'application/json' })),
    },
  );
}

const AUTH = ['none', 'member', 'other', 'reviewer', 'garbage', 'tampered', 'alg-none', 'basic', 'empty'] as const;
type Auth = (typeof AUTH)[number];

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function authorization(auth: Auth): string | undefined {
  const [header = '', payload = '', signature = ''] = member.accessToken.split('.');
  switch (auth) {
    case 'none':
      return undefined;
    case 'member':
      return `Bearer ${member.accessToken}`;
    case 'other':
      return `Bearer ${other.accessToken}`;
    case 'reviewer':
      return `Bearer ${reviewer.accessToken}`;
    case 'garbage':
      return 'Bearer not.a.token';
    case 'tampered':
      return `Bearer ${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    case 'alg-none':
      return `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    case 'basic':
      return `Basic ${Buffer.from(`${member.username}:${MEMBER_PASSWORD}`).toString('base64')}`;
    case 'empty':
      return 'Bearer ';
  }
}

/** Whether the actor may pass the route's authentication hooks. */
function authPasses(route: ApiRoute, auth: Auth): boolean {
  if (!route.member) return true;
  if (auth === 'reviewer') return true;
  if (auth === 'member' || auth === 'other') return !route.reviewer;
  return false;
}

/** Percent-encoding of the UTF-8 bytes (a lone surrogate goes as U+FFFD, as any client sends it). */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');
const encodeSegment = (text: string) => encodeURIComponent(wellFormed(text));

/** What the server's parser makes of a query string: repeated keys become arrays. */
function parsedQuery(query: string): Record<string, string | string[]> {
  const values = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(query)) values.set(key, [...(values.get(key) ?? []), value]);
  return Object.fromEntries([...values].map(([key, all]) => [key, all.length === 1 ? (all[0] ?? '') : all]));
}

interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  /** why the request must be refused; empty means it may be a valid read */
  refusedFor: string[];
}

function requestArb(route: ApiRoute): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  const queryKeys = keysOf(route.querystring);
  const wrongMethods = METHODS.filter((m) => !shapes.has(routeShape(m, route.url)));
  const param = (name: string) =>
    fc.oneof(
      { weight: 3, arbitrary: hostileString.filter(Boolean) },
      { weight: 1, arbitrary: plausible(name).map(String).filter(Boolean) },
    );
  const queryPair = (key: string): fc.Arbitrary<Array<[string, string]>> =>
    fc.oneof(
      hostileString.map((value): Array<[string, string]> => [[key, value]]),
      plausible(key).map((value): Array<[string, string]> => [[key, String(value)]]),
      fc.tuple(hostileString, hostileString).map(([a, b]): Array<[string, string]> => [
        [key, a],
        [key, b],
      ]),
      fc.constant<Array<[string, string]>>([]),
    );
  return (
    fc
      .record({
        method: fc.oneof({ weight: 12, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...wrongMethods) }),
        params: fc.tuple(...paramNames.map(param)),
        query: fc.tuple(
          ...queryKeys.map(queryPair),
          fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x', '../x'), hostileString), { maxLength: 2 }),
        ),
        rawQuery: fc.option(
          fc.constantFrom('%zz=%', 'a=%00', '=&=&', '../../etc/passwd', 'x[]=1&x[]=2', '%E0%A4%A', 'a=1;b=2', '&&&', '__proto__[x]=1'),
          { freq: 6 },
        ),
        auth: fc.constantFrom(...AUTH),
        body:
          route.method === 'GET'
            ? fc.oneof({ weight: 9, arbitrary: fc.constant<Body>({ kind: 'none' }) }, { weight: 1, arbitrary: bodyArb(route) })
            : bodyArb(route),
        extraHeaders: fc.option(
          fc.constantFrom<Record<string, string>>(
            { 'x-forwarded-for': '../../, 999.1.1.1, <script>' },
            { 'accept-encoding': 'br;q=abc, gzip;q=-1, *;q=0' },
            { 'if-none-match': '"\\u0000", W/"x"' },
            { origin: 'https://evil.example' },
          ),
          { freq: 8 },
        ),
      })
      .map(({ method, params, query, rawQuery, auth, body, extraHeaders }): FuzzRequest => {
        const refusedFor: string[] = [];
        if (method !== route.method) refusedFor.push('no such method on this path');

        let path = route.url;
        const paramValues: Record<string, string> = {};
        paramNames.forEach((name, i) => {
          const value = params[i] ?? '';
          paramValues[name] = wellFormed(value);
          path = path.replace(`:${name}`, encodeSegment(value));
        });
        if (route.params && !route.params.safeParse(paramValues).success) refusedFor.push('path parameter');

        const pairs = query.flat();
        const encoded = new URLSearchParams(pairs.map(([k, v]): [string, string] => [wellFormed(k), wellFormed(v)])).toString();
        const search = [encoded, rawQuery ?? ''].filter(Boolean).join('&');
        // A raw malformed query leaves the parse uncertain: only a clean one counts as a reason.
        if (route.querystring && rawQuery === null && !route.querystring.safeParse(parsedQuery(encoded)).success) {
          refusedFor.push('query string');
        }

        const headers: Record<string, string> = { ...extraHeaders };
        const bearer = authorization(auth);
        if (bearer !== undefined) headers.authorization = bearer;
        if (!authPasses(route, auth)) refusedFor.push(`auth: ${auth}`);

        let payload: string | undefined;
        let parsedBody: { value: unknown } | undefined;
        switch (body.kind) {
          case 'none':
            parsedBody = { value: undefined };
            break;
          case 'json':
            payload = JSON.stringify(body.value);
            headers['content-type'] = body.contentType;
            parsedBody = { value: JSON.parse(payload) };
            break;
          case 'raw-json':
            payload = body.text;
            headers['content-type'] = 'application/json';
            parsedBody = { value: JSON.parse(payload) };
            break;
          case 'malformed':
            payload = body.text;
            headers['content-type'] = 'application/json';
            break;
          case 'typed':
            payload = body.text;
            headers['content-type'] = body.contentType;
            if (body.contentType === 'text/plain') parsedBody = { value: wellFormed(body.text) };
            break;
        }
        if (method !== 'GET') {
          if (payload !== undefined && Buffer.byteLength(wellFormed(payload)) > BODY_LIMIT) refusedFor.push('body over the limit');
          else if (body.kind === 'malformed') refusedFor.push('malformed JSON');
          else if (body.kind === 'typed' && body.contentType !== 'text/plain') refusedFor.push('unsupported content type');
          else if (route.body && parsedBody && !route.body.safeParse(parsedBody.value).success) refusedFor.push('body');
        }
        return { method, url: search ? `${path}?${search}` : path, headers, payload, refusedFor };
      })
      // A write that might be valid would change the data: only refusable writes are sent.
      .filter((request) => request.method === 'GET' || request.refusedFor.length > 0)
  );
}

// ---------------------------------------------------------------------------
// The database before and after.

/** Every table's row count and checksum, in one statement. */
async function snapshot(app: FastifyInstance = t.app): Promise<Record<string, string>> {
  const tables = rowsOf(
    await app.db.execute(sql`
      SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1, 2`),
  );
  const quote = (text: unknown) => `"${String(text).replace(/"/g, '""')}"`;
  const names = tables.map((table) => `${quote(table.schema)}.${quote(table.name)}`);
  const parts = names.map(
    (name, i) =>
      `SELECT ${i} AS i, count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum FROM ${name} t`,
  );
  const rows = rowsOf(await app.db.execute(sql.raw(parts.join(' UNION ALL '))));
  const out: Record<string, string> = {};
  for (const row of rows) out[names[Number(row.i)] ?? '?'] = `${String(row.rows)} rows, md5 ${String(row.sum)}`;
  return out;
}

const before = await snapshot();
const statuses = new Map<string, Map<number, number>>();
let sent = 0;

/** The live list answers an endless stream: taken as it starts, and its body read only when it is an error. */
const isStream = (route: ApiRoute) => route.url === '/api/films/events';

async function bodyOf(response: LightMyRequestResponse, streamed: boolean): Promise<string> {
  if (!streamed) return response.body;
  const stream = response.stream();
  if (String(response.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return '';
  }
  return text(stream);
}

async function send(route: ApiRoute, request: FuzzRequest): Promise<void> {
  const streamed = isStream(route);
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    ...(streamed ? { payloadAsStream: true } : {}),
  });
  const body = await bodyOf(response, streamed);
  sent += 1;
  const key = `${route.method} ${route.url}`;
  const counts = statuses.get(key) ?? new Map<number, number>();
  counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
  statuses.set(key, counts);

  const context = `${request.method} ${request.url.slice(0, 200)} (${request.refusedFor.join(', ') || 'may be valid'}) -> ${response.statusCode} ${body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  if (request.refusedFor.length) expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], context).toMatch(/^application\/json/);
    const parsed = errorBody.safeParse(JSON.parse(body));
    expect(parsed.success, context).toBe(true);
    expect(parsed.data?.error, context).not.toBe('');
  }
}

async function serverStillAnswers(): Promise<void> {
  const health = await t.app.inject('/healthz');
  expect(health.statusCode).toBe(200);
  const ready = await t.app.inject('/readyz');
  expect(ready.statusCode).toBe(200);
}

describe('property-based fuzzing of every API route', () => {
  it('reads the routes from the app: every module is there', () => {
    const names = dataRoutes.map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'GET /api/films/allfilms',
      'POST /api/ratings/rate',
      'POST /api/mentions/mentioned',
      'PUT /api/users/profile/:user_id',
      'POST /api/auth/refresh',
      'GET /api/me/votes',
      'POST /api/watch/click',
      'POST /api/films/addfilm',
      'GET /api/films/new',
      'GET /api/me/watchlist',
      'PUT /api/me/watchlist/:film_id',
      'DELETE /api/me/watchlist/:film_id',
      'GET /api/me/export/ratings.csv',
    ]) {
      expect(names).toContain(expected);
    }
    expect(dataRoutes.filter((route) => route.member).length).toBeGreaterThan(10);
    expect(dataRoutes.filter((route) => route.reviewer).length).toBeGreaterThanOrEqual(3);
  });

  it('reads the fields of every JSON body, whatever its schema is built from, so no route goes without body cases', () => {
    const name = (route: ApiRoute) => `${route.method} ${route.url}`;
    // An intersection, a union, a pipe, a default or an optional body must not hide its fields.
    const withoutFields = dataRoutes.filter((route) => route.body !== undefined && keysOf(route.body).length === 0).map(name);
    expect(withoutFields).toEqual([]);
    const edit = dataRoutes.find((route) => name(route) === 'PUT /api/films/:film_id');
    expect(keysOf(edit?.body)).toEqual(expect.arrayContaining(['title', 'release_year', 'description', 'watchLink', 'note', 'reason']));
    expect(ownerRoutes.map(name)).toContain('PUT /api/films/:film_id');
  });

  it('reads the stored text fields from the schemas (storedTextFields), the note among them, and no field that only finds a row', () => {
    const stored = dataRoutes.flatMap((route) =>
      [...storedFieldsOf(route.body)].map(([key, shape]) => `${route.method} ${route.url} ${key} (${shape})`),
    );
    for (const expected of [
      'POST /api/films/reviewfilm title (single-line)',
      'POST /api/films/reviewfilm description (multi-line)',
      'POST /api/films/reviewfilm note (multi-line)',
      'POST /api/films/addfilm title (single-line)',
      'POST /api/films/addfilm description (multi-line)',
      'POST /api/films/addfilm watchLink (single-line)',
      'POST /api/films/addfilm note (multi-line)',
      'PUT /api/films/:film_id title (single-line)',
      'PUT /api/films/:film_id description (multi-line)',
      'PUT /api/films/:film_id watchLink (single-line)',
      'PUT /api/films/:film_id note (multi-line)',
      'PUT /api/films/:film_id reason (multi-line)',
      'DELETE /api/films/:film_id reason (multi-line)',
      'POST /api/films/reject reason (multi-line)',
      'POST /api/users/register username (single-line)',
      'PUT /api/users/profile/:user_id username (single-line)',
    ]) {
      expect(stored).toContain(expected);
    }
    // A title or name that only finds a row (the rejection, a check, a login) is not stored text.
    for (const lookup of ['POST /api/films/reject title', 'POST /api/users/login username', 'POST /api/users/check username']) {
      expect(stored.filter((field) => field.startsWith(`${lookup} `))).toEqual([]);
    }
  });

  it.each(dataRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s: refused input gets a 4xx with a JSON error, nothing gets a 5xx',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(requestArb(route), (request) => send(route, request)),
        { numRuns: runsPerRoute, ...(seed === undefined ? {} : { seed }) },
      );
      await serverStillAnswers();
    },
    120_000,
  );

  it.each(docsRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s (API documentation): no 5xx and no file from outside it',
    async (_name, route) => {
      const tail = fc.oneof(
        fc.constantFrom(
          '../../../../../../etc/passwd',
          '..%2f..%2f..%2f..%2fpackage.json',
          '%2e%2e/%2e%2e/%2e%2e/package.json',
          '....//....//etc/passwd',
          '..\\..\\package.json',
          '%00',
          'index.html%00.js',
        ),
        hostileString.filter(Boolean).map(encodeSegment),
      );
      await fc.assert(
        fc.asyncProperty(tail, async (suffix) => {
          const url = route.url.endsWith('*') ? route.url.slice(0, -1) + suffix : `${route.url}?x=${suffix}`;
          const response = await t.app.inject({ method: 'GET', url });
          sent += 1;
          expect(response.statusCode, url).toBeLessThan(500);
          expect(response.body).not.toMatch(/root:x:0:0|"name": "the-film-list"|"@filmlist\/server"/);
        }),
        { numRuns: 60, ...(seed === undefined ? {} : { seed }) },
      );
    },
  );

  it('after everything: the server answers, every table is unchanged, and at least 10,000 requests were sent', async () => {
    await serverStillAnswers();
    // The snapshot covers the real tables, with the rows made above.
    for (const table of ['users', 'sessions', 'refresh_tokens', 'films', 'mentions', 'ratings', 'submissions', 'outbox', 'watchlist']) {
      expect(before[`"public"."${table}"`]).toMatch(/^[1-9]\d* rows, md5 [0-9a-f]{32}$/);
    }
    expect(await snapshot()).toEqual(before);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    const summary = [...statuses].map(
      ([route, counts]) =>
        `${route}: ${[...counts]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
    console.info(`${sent} fuzzed requests on ${t.app.database.kind}\n${summary.join('\n')}`);
  });
});

// ---------------------------------------------------------------------------
// As the owner, with a valid token, on a database of its own: the fuzzer must
// find a 500 from ill-formed text or from an update that changes nothing, and
// an email field that holds more than one address.

const highSurrogate = fc.integer({ min: 0xd800, max: 0xdbff }).map((code) => String.fromCharCode(code));
const lowSurrogate = fc.integer({ min: 0xdc00, max: 0xdfff }).map((code) => String.fromCharCode(code));
/** Ill-formed UTF-16: a lone half, a reversed pair, two high halves, a high half before a non-surrogate, an emoji cut in two. */
const illFormedPiece = fc.oneof(
  loneSurrogate,
  fc.tuple(lowSurrogate, highSurrogate).map(([low, high]) => low + high),
  fc.tuple(highSurrogate, highSurrogate).map(([a, b]) => a + b),
  fc.tuple(highSurrogate, fc.constantFrom('a', ' ', '\u00E9', '\uFFFD', '"')).map(([high, next]) => high + next),
  fc.constantFrom('\u{1F3AC}'.charAt(0), '\u{1F3AC}'.charAt(1)),
);
const LONE_SURROGATE = /\p{Cs}/u;

/** The value as text with an ill-formed piece somewhere in it (a number or a boolean becomes text). */
function illFormedVersion(value: unknown): fc.Arbitrary<string> {
  const text = typeof value === 'string' ? value : String(value);
  return fc
    .tuple(illFormedPiece, fc.nat({ max: text.length }))
    .map(([piece, at]) => text.slice(0, at) + piece + text.slice(at))
    .filter((result) => LONE_SURROGATE.test(result));
}

/** UTF-8 that decodes to a surrogate or to nothing valid, for paths and query strings (a URL cannot carry UTF-16). */
const BROKEN_PERCENT = ['%ED%A0%80', '%ED%B0%80', '%ED%A0%80%ED%B0%80', '%F0%9F', '%uD800', '%C0%AF', '%FF'];

/** Fields whose schema takes free text: ill-formed UTF-16 there gets the text message itself. */
const TEXT_KEYS = new Set([
  'title',
  'release_year',
  'year',
  'description',
  'watchLink',
  'reason',
  'note',
  'username',
  'email',
  'password',
  'currentPassword',
  'refresh',
  'token',
  'slug',
]);
/** Fields a request can set to the owner's current value. */
const CURRENT_KEYS = new Set(['username', 'email', 'rating', 'mentioned', 'title', 'release_year', 'description']);
const NEW_PASSWORD = 'Quiet-Harbour-Lantern-42';

type OwnerCase =
  | { kind: 'ill-formed body'; key: string }
  | { kind: 'hidden character'; key: string }
  | { kind: 'ill-formed url' }
  | { kind: 'current values' }
  | { kind: 'email form'; plain: boolean };

interface OwnerRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  expect: OwnerCase;
}

const paramNamesOf = (route: ApiRoute) => [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
const ownerRoutes = dataRoutes.filter(
  (route) => keysOf(route.body).length + keysOf(route.querystring).length + paramNamesOf(route).length > 0,
);
const isCheckRoute = (route: ApiRoute) => route.url === '/api/users/check';

function caseVariants(text: string): fc.Arbitrary<string> {
  const alternating = [...text].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
  return fc.constantFrom(
    text,
    text.toUpperCase(),
    text.toLowerCase(),
    text.replace(/^./, (c) => c.toUpperCase()),
    alternating,
  );
}

/** Only sent as JSON: every body here is one the owner's browser could send, bar the one field under test. */
function jsonRequest(route: ApiRoute, w: World, path: string, body: Record<string, unknown>, expect: OwnerCase): OwnerRequest {
  const actor = route.reviewer ? w.reviewer : w.member;
  return {
    method: route.method,
    url: path,
    headers: { ...actor.auth, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    expect,
  };
}

function ownerRequestArb(route: ApiRoute, w: World): fc.Arbitrary<OwnerRequest> {
  const owner = w.member;
  const bodyKeys = keysOf(route.body);
  const queryKeys = keysOf(route.querystring);
  const paramNames = paramNamesOf(route);
  // Ids of rows that do not exist where a well-formed request would change or remove one the world needs.
  const ownerParam: Record<string, string> = {
    user_id: String(owner.userId),
    username: owner.username,
    token: 'A'.repeat(43),
    film_id: '2147483647',
    submission_id: '2147483647',
  };
  const pathWith = (raw: Record<string, string>) =>
    route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => raw[name] ?? encodeURIComponent(ownerParam[name] ?? 'x'));
  const path = pathWith({});
  const cases: Array<fc.Arbitrary<OwnerRequest>> = [];

  if (bodyKeys.length > 0) {
    const values = fc.tuple(...bodyKeys.map((key) => plausibleIn(w, key)));
    cases.push(
      fc.tuple(values, fc.nat({ max: bodyKeys.length - 1 })).chain(([plain, index]) =>
        illFormedVersion(plain[index]).map((broken) => {
          const key = bodyKeys[index] ?? '';
          const body = Object.fromEntries(bodyKeys.map((k, i) => [k, i === index ? broken : plain[i]]));
          return jsonRequest(route, w, path, body, { kind: 'ill-formed body', key });
        }),
      ),
    );
  }

  const stored = storedFieldsOf(route.body);
  const storedKeys = [...stored.keys()];
  if (storedKeys.length > 0) {
    const values = fc.tuple(...bodyKeys.map((key) => plausibleIn(w, key)));
    cases.push(
      fc.tuple(values, fc.constantFrom(...storedKeys)).chain(([plain, key]) => {
        const index = bodyKeys.indexOf(key);
        const base = plain[index];
        const text = typeof base === 'string' && base.length > 1 ? base : 'https://watch.example/film';
        // Inside the text, not at its ends, where trimming would take a space-like one away before any rule saw it.
        return fc
          .tuple(hiddenCharacter({ keepLineBreaks: stored.get(key) === 'multi-line' }), fc.integer({ min: 1, max: [...text].length - 1 }))
          .map(([hidden, at]) => {
            const body = Object.fromEntries(
              bodyKeys.map((k, i) => [k, i === index ? [...text].toSpliced(at, 0, hidden).join('') : plain[i]]),
            );
            return jsonRequest(route, w, path, body, { kind: 'hidden character', key });
          });
      }),
    );
  }

  if (paramNames.length + queryKeys.length > 0) {
    const targets = [...paramNames.map((name) => ({ param: name })), ...queryKeys.map((name) => ({ query: name }))];
    cases.push(
      fc
        .tuple(fc.constantFrom(...targets), fc.constantFrom(...BROKEN_PERCENT), fc.tuple(...queryKeys.map((key) => plausibleIn(w, key))))
        .map(([target, broken, queryValues]): OwnerRequest => {
          const rawParams = 'param' in target ? { [target.param]: encodeURIComponent(ownerParam[target.param] ?? 'x') + broken } : {};
          const query = queryKeys
            .map(
              (key, i) => `${key}=${encodeURIComponent(String(queryValues[i]))}${'query' in target && target.query === key ? broken : ''}`,
            )
            .join('&');
          const actor = route.reviewer ? w.reviewer : owner;
          const url = pathWith(rawParams) + (query ? `?${query}` : '');
          return { method: route.method, url, headers: { ...actor.auth }, payload: undefined, expect: { kind: 'ill-formed url' } };
        }),
    );
  }

  if (route.method !== 'DELETE' && bodyKeys.some((key) => CURRENT_KEYS.has(key))) {
    const current: Record<string, fc.Arbitrary<unknown>> = {
      username: fc.constant(owner.username),
      email: caseVariants(owner.email),
      rating: fc.constant(SEEDED.rating),
      mentioned: fc.constant(SEEDED.mentioned),
      title: fc.constantFrom(SEEDED.submission.title, w.film.title),
      release_year: fc.constantFrom(SEEDED.submission.release_year, Number(SEEDED.submission.release_year), String(w.film.releaseYear)),
      description: fc.constantFrom(SEEDED.submission.description, w.film.description),
      user_id: fc.constant(owner.userId),
      userId: fc.constant(owner.userId),
      film_id: fc.constant(w.film.filmId),
      currentPassword: fc.constantFrom(MEMBER_PASSWORD, 'not the password at all'),
    };
    const field = (key: string) => {
      const value = current[key];
      return value ? fc.option(value, { nil: undefined }) : fc.constant(undefined);
    };
    cases.push(
      fc
        .tuple(...bodyKeys.map(field))
        .filter((values) => bodyKeys.some((key, i) => CURRENT_KEYS.has(key) && values[i] !== undefined))
        .map((values) => {
          const body = Object.fromEntries(bodyKeys.flatMap((key, i) => (values[i] === undefined ? [] : [[key, values[i]]])));
          return jsonRequest(route, w, path, body, { kind: 'current values' });
        }),
    );
  }

  if (bodyKeys.includes('email')) {
    const address = fc.constantFrom(owner.email, w.other.email, 'box@example.test');
    const form = fc.oneof(
      { weight: 3, arbitrary: address.chain(notOnePlainAddress).map((email) => ({ email, plain: false })) },
      { weight: 1, arbitrary: address.chain(sameMailboxForms).map((email) => ({ email, plain: true })) },
    );
    cases.push(
      fc.tuple(form, fc.stringMatching(/^fz[a-z0-9]{10}$/)).map(([{ email, plain }, freshName]) => {
        // A visitor's form (sign-up, check) takes a fresh name; the owner's stays who they are.
        const extra: Record<string, unknown> = route.member
          ? { currentPassword: MEMBER_PASSWORD }
          : { username: freshName, password: NEW_PASSWORD };
        const body = Object.fromEntries(Object.entries({ ...extra, email }).filter(([key]) => bodyKeys.includes(key)));
        return jsonRequest(route, w, path, body, { kind: 'email form', plain });
      }),
    );
  }
  return fc.oneof(...cases);
}

describe('as the owner, with a valid token: ill-formed text, current values and email forms', () => {
  let w: World;
  let owner: TestMember;
  let ownerSent = 0;
  const ownerStatuses = new Map<string, Map<number, number>>();
  const ownerApp = useTestApp({ app: { rateLimitStore: new UnlimitedRateLimitStore() } });

  beforeAll(async () => {
    w = await seedWorld(ownerApp.app);
    owner = w.member;
  }, 60_000);

  const ownerRow = async () =>
    (await w.app.db.select({ username: users.username, email: users.email }).from(users).where(eq(users.userId, owner.userId)))[0];

  async function sendAsOwner(route: ApiRoute, request: OwnerRequest): Promise<void> {
    // What earlier requests started after their answers (recovery mail) is done before this one is judged.
    await w.app.background.idle();
    const tablesBefore = await snapshot(w.app);
    const ownerBefore = await ownerRow();
    const response = await w.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    await w.app.background.idle();
    ownerSent += 1;
    const tally = `${route.method} ${route.url} (${request.expect.kind})`;
    const counts = ownerStatuses.get(tally) ?? new Map<number, number>();
    counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
    ownerStatuses.set(tally, counts);
    const context = `${request.expect.kind}: ${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(request.payload)?.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
    expect(response.statusCode, context).toBeLessThan(500);
    const refused = response.statusCode >= 400;
    const error = refused ? errorBody.parse(JSON.parse(response.body)) : undefined;
    if (refused || isCheckRoute(route)) expect(await snapshot(w.app), `tables changed by ${context}`).toEqual(tablesBefore);

    switch (request.expect.kind) {
      case 'ill-formed body': {
        const { key } = request.expect;
        expect(response.statusCode, context).toBe(400);
        expect(error?.fields?.[key], context).toBeDefined();
        if (TEXT_KEYS.has(key)) expect(error?.fields?.[key], context).toBe(messages.textIllFormed);
        break;
      }
      case 'hidden character':
        // A control, noncharacter or invisible character in stored text is refused on its own field.
        expect(response.statusCode, context).toBe(400);
        expect(error?.fields?.[request.expect.key], context).toBeDefined();
        break;
      case 'current values':
        // Nothing the request asked for is new: the owner's name and address stay as they were.
        expect(await ownerRow(), context).toEqual(ownerBefore);
        break;
      case 'email form':
        if (request.expect.plain) break;
        if (isCheckRoute(route)) {
          expect(response.statusCode, context).toBe(200);
          expect(response.json<{ emailExists: boolean }>().emailExists, context).toBe(false);
        } else {
          expect(response.statusCode, context).toBe(400);
          expect([messages.emailInvalid, messages.emailHasSpaces], context).toContain(error?.fields?.email);
        }
        break;
      case 'ill-formed url':
        break;
    }
  }

  it.each(ownerRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s: no 5xx, ill-formed text, hidden characters and extra addresses refused, refusals change nothing',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(ownerRequestArb(route, w), (request) => sendAsOwner(route, request)),
        { numRuns: Math.ceil(OWNER_RUNS / ownerRoutes.length), ...(seed === undefined ? {} : { seed }) },
      );
    },
    120_000,
  );

  it.each([
    ['Someone<box@example.test>', messages.emailInvalid],
    ['box@example.test,x', messages.emailInvalid],
    ['g:box@example.test;', messages.emailInvalid],
    ['"Someone"<box@example.test>', messages.emailInvalid],
    ['<box@example.test>', messages.emailInvalid],
    ['box@example.test;other@example.test', messages.emailInvalid],
    ['box(comment)@example.test', messages.emailInvalid],
    ['"box"@example.test', messages.emailInvalid],
    ['box@[127.0.0.1]', messages.emailInvalid],
    ['Someone <box@example.test>', messages.emailHasSpaces],
  ])('sign-up refuses %j with %j and stores nothing; the check does not say it exists', async (form, message) => {
    // The plain address is registered, so a form that wraps it would be found if it were read as that address.
    const local = `box${ownerSent}x${Math.random().toString(36).slice(2, 8)}`;
    const register = (email: string) =>
      w.app.inject({ method: 'POST', url: '/api/users/register', payload: { username: local, email, password: NEW_PASSWORD } });
    expect((await register(`${local}@example.test`)).statusCode).toBe(201);
    const email = form.replace('box@', `${local}@`);
    const tablesBefore = await snapshot(w.app);
    const res = await w.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { username: `${local}2`, email, password: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, fields: { email: message } });
    expect(await snapshot(w.app)).toEqual(tablesBefore);
    const check = await w.app.inject({ method: 'POST', url: '/api/users/check', payload: { email } });
    expect(check.json()).toMatchObject({ emailExists: false });
  });

  it('after everything: every stored address is one plain ASCII address, and the owner still signs in', async () => {
    const rows = await w.app.db.select({ email: users.email, pending: users.pendingEmail }).from(users);
    for (const row of rows) {
      expect(looksLikeOneAddress(row.email), row.email).toBe(true);
      if (row.pending !== null) expect(looksLikeOneAddress(row.pending), row.pending).toBe(true);
    }
    const me = await w.app.inject({ method: 'GET', url: '/api/me/votes', headers: owner.auth });
    expect(me.statusCode).toBe(200);
    expect(ownerSent).toBeGreaterThanOrEqual(OWNER_RUNS);
    const summary = [...ownerStatuses].map(
      ([name, counts]) =>
        `${name}: ${[...counts]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
    );
    console.info(`${ownerSent} requests as the owner on ${w.app.database.kind}\n${summary.join('\n')}`);
  });
});
