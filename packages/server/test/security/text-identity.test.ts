import { and, eq, like, or, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followsTextRule } from '@filmlist/shared/text-rules';
import { messages } from '@filmlist/shared/messages';
import { addFilmAnswer, filmBody } from '@filmlist/shared/api/films';
import { films, outbox, submissions, users } from '../../src/db/schema.js';
import { usernameKeys } from '../../src/lib/identity.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle.js';
import { filmsRepository } from '../../src/modules/films/repository.js';
import { MAIL_LIMITS, mayMail } from '../../src/mail/quota.js';
import { createFilm, createMember, createReviewer, MEMBER_PASSWORD, unique, type TestMember } from '../support/factories.js';
import { call, freshClientAddress } from '../support/http.js';
import { queuedMail } from '../support/queued-mail.js';
import { useTestApp } from '../support/test-app.js';
import {
  casedLookalike,
  caseVariant,
  confusableName,
  foldVariant,
  wholeScriptConfusable,
  withHiddenCharacter,
} from '../support/text-generators.js';
import { fuzzSeed } from '../support/config.js';
import { signUp } from '../support/accounts.js';
import { rateLimitStores } from '../support/rate-limits.js';

/**
 * Text and identity (docs/reliability.md): every class a held-out attack found, over real HTTP on a
 * listening server, on the embedded database and on PostgreSQL. Each section is one item (item 5,
 * Vary, walks every route in shared-caches.test.ts); the properties draw from
 * test/support/text-generators.ts, which the route fuzzer draws from too.
 */

const t = useTestApp();
let base: string;
let reviewer: TestMember;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  reviewer = await createReviewer(t.app);
}, 60_000);

const seed = fuzzSeed === undefined ? {} : { seed: fuzzSeed };

/** Parses the whole document with a strict XML 1.0 parser; throws on the first error. */
function parseStrictXml(xml: string): void {
  const parser = new SaxesParser({ xmlns: true });
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.write(xml).close();
  if (failure) throw failure;
}

describe('1. control characters and noncharacters in stored text', () => {
  it('refuses a title or logline holding one, at submission, addition and edit, on the field that holds it', async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app, { title: 'Twin Peaks', releaseYear: 1990 });
    for (const hidden of ['\u0001', '\u0007', '\u0008', '\u001B', '\u007F', '\u0085', '\u009B', '\uFFFE']) {
      const title = `Tw${hidden}in Peaks`;
      const submitted = await call(base, '/api/films/reviewfilm', {
        token: member.accessToken,
        body: { title, release_year: '1990', description: 'A town.' },
      });
      expect(submitted.status, JSON.stringify(hidden)).toBe(400);
      expect(submitted.body).toMatchObject({ error: messages.titleHasInvisible, fields: { title: messages.titleHasInvisible } });
      const added = await call(base, '/api/films/addfilm', {
        token: reviewer.accessToken,
        body: { title: 'Fire Walk', release_year: '1992', description: `A town${hidden}.`, watchLink: '' },
      });
      expect(added.body).toMatchObject({ error: messages.descriptionHasInvisible });
      const edited = await call(base, `/api/films/${film.filmId}`, {
        method: 'PUT',
        token: reviewer.accessToken,
        body: { title, release_year: '1990', description: 'A town.', watchLink: '', reason: `Typo${hidden}` },
      });
      expect(edited.status).toBe(400);
    }
    const rejected = await call(base, '/api/films/reject', {
      token: reviewer.accessToken,
      body: { title: 'Twin Peaks', release_year: '1990', userId: member.userId, reason: 'No\u0007' },
    });
    expect(rejected.body).toMatchObject({ error: messages.reasonHasInvisible });
    const stored = await t.app.db.select({ title: films.title }).from(films);
    expect(stored.every((row) => followsTextRule(row.title, 'single-line'))).toBe(true);
  });

  it('refuses marks that hide a difference and blank symbols, found by a second attack', async () => {
    const member = await createMember(t.app);
    for (const title of ['Gattaca\u{16FE4}', 'Tampopo\u093C', 'Moon\u0E3A', 'Z\u0E31\u0E31\u0E31\u0E31\u0E31', 'Null\u{1D159} Note']) {
      const res = await call(base, '/api/films/reviewfilm', {
        token: member.accessToken,
        body: { title, release_year: '1997', description: 'A film.' },
      });
      expect(res.status, JSON.stringify(title)).toBe(400);
    }
    const reason = await call(base, '/api/films/reject', {
      token: reviewer.accessToken,
      body: { title: 'Anything', release_year: '1997', userId: member.userId, reason: 'x\u{16FE4}y' },
    });
    expect(reason.body).toMatchObject({ error: messages.reasonHasInvisible });
  });

  it('stores a logline’s line breaks as LF, and mails no bare CR', async () => {
    const member = await createMember(t.app);
    const title = `Line Breaks ${unique('').replace(/\D/g, '')}`;
    const res = await call(base, '/api/films/reviewfilm', {
      token: member.accessToken,
      body: { title, release_year: '2019', description: 'line1\r\n.\r\nMAIL FROM:<a@b>\r\nbare\r.\rcr\u2028end' },
    });
    expect(res.status, res.text).toBe(201);
    const [row] = await t.app.db.select({ description: submissions.description }).from(submissions).where(eq(submissions.title, title));
    expect(row?.description).toBe('line1\n.\nMAIL FROM:<a@b>\nbare\n.\ncr\nend');
    const mail = await queuedMail(t.app, reviewer.email);
    const body = mail.map((m) => m.textBody + m.htmlBody).join('');
    expect(body).toContain('bare');
    expect(body).not.toMatch(/\r(?!\n)/);
  });

  it('for any title, logline and note it accepts, /feed.xml and /sitemap.xml still parse with a strict XML parser', async () => {
    // Any graphemes, text with a hidden character (the one-line and the multi-line classes), binary, and names in other cases or scripts.
    const field = (keepLineBreaks: boolean) =>
      fc.oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
        fc.string({ unit: 'grapheme-ascii', minLength: 2, maxLength: 20 }).chain((text) => withHiddenCharacter(text, { keepLineBreaks })),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }),
        confusableName.chain(caseVariant),
        confusableName.map((name) => wholeScriptConfusable(name) ?? name),
      );
    // A plain value half the time, so that a run adds a film often enough (the title numbered, so it is new).
    const plainOr = (text: fc.Arbitrary<string>, keepLineBreaks: boolean) =>
      fc.oneof({ weight: 1, arbitrary: text }, { weight: 1, arbitrary: field(keepLineBreaks) });
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        plainOr(
          fc.integer({ min: 1, max: 999_999 }).map((n) => `Generated ${n}`),
          false,
        ),
        plainOr(fc.constant('A generated logline.'), true),
        plainOr(fc.constant('Nobody saw it.'), true),
        fc.integer({ min: 1900, max: 2025 }),
        async (title, description, note, year) => {
          const res = await call(base, '/api/films/addfilm', {
            token: reviewer.accessToken,
            body: { title, release_year: String(year), description, watchLink: '', note },
          });
          expect(res.status, res.text).toBeLessThan(500);
          if (res.status === 200) {
            accepted++;
            const { film } = addFilmAnswer.parse(res.body);
            const details = await call(base, `/api/films/filmdetails?slug=${encodeURIComponent(film.slug)}`);
            const shown = filmBody.parse(details.body).film;
            expect(followsTextRule(shown.title, 'single-line'), JSON.stringify(title)).toBe(true);
            expect(followsTextRule(shown.description, 'multi-line'), JSON.stringify(description)).toBe(true);
            expect(followsTextRule(shown.recommendation?.note ?? '', 'multi-line'), JSON.stringify(note)).toBe(true);
          }
          const feed = await call(base, '/feed.xml');
          const sitemap = await call(base, '/sitemap.xml');
          parseStrictXml(feed.text);
          parseStrictXml(sitemap.text);
        },
      ),
      { numRuns: 60, ...seed },
    );
    expect(accepted).toBeGreaterThan(0);
  }, 120_000);

  it('writes a feed a strict parser reads even when a stored title predates the rule', async () => {
    // As an older version stored it: written past the rules, straight into the table.
    const now = t.app.clock.now();
    t.clock.advance(60_000);
    const legacy = await t.app.db.transaction((tx) =>
      filmsRepository(t.app.db).insert(
        tx,
        { title: 'Tw\u0008in\u000B Peaks\uFFFE', releaseYear: 1991, description: 'Old\u0001 data\u0085.', watchLink: null, addedBy: null },
        now,
      ),
    );
    t.app.filmListCache.invalidate();
    const feed = await call(base, '/feed.xml');
    parseStrictXml(feed.text);
    expect(feed.text).toContain('Twin Peaks (1991)');
    expect(feed.text).toContain('Old data.');
    parseStrictXml((await call(base, '/sitemap.xml')).text);
    expect(legacy.filmId).toBeGreaterThan(0);
  });
});

describe('2. one fold for a name: the lookup and the wrong-password limit agree', () => {
  it('any spelling that logs into an account spends that account’s budget, from any mix of spellings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(foldVariant('kirsi'), { minLength: LOGIN_LIMITS.pair.limit, maxLength: LOGIN_LIMITS.pair.limit }),
        async (spellings) => {
          // A fresh account each run, named after the generated letters' base, and one client address.
          const name = `kirsi${unique('x').replace(/\D/g, '')}`;
          const member = await createMember(t.app, { username: name });
          const from = freshClientAddress();
          const suffix = name.slice('kirsi'.length);
          for (const spelling of spellings) {
            const wrong = await call(base, '/api/users/login', {
              from,
              body: { username: spelling + suffix, password: 'not the password' },
            });
            expect(wrong.status, spelling).toBe(401);
          }
          // Every spelling above logs into this account, so each spent its budget: the right password now waits too.
          const right = await call(base, '/api/users/login', { from, body: { username: member.username, password: MEMBER_PASSWORD } });
          expect(right.status).toBe(429);
        },
      ),
      { numRuns: 6, ...seed },
    );
  }, 120_000);

  it('logs in with "ı", "ſ", the Kelvin sign and fullwidth letters, and not with "İ", which folds to another name', async () => {
    const member = await createMember(t.app, { username: `skirt${unique('n').replace(/\D/g, '')}` });
    const suffix = member.username.slice('skirt'.length);
    for (const spelling of ['SKIRT', '\u017Fkirt', 's\u212Airt', 'sk\u0131rt', '\uFF53\uFF4B\uFF49\uFF52\uFF54']) {
      const res = await call(base, '/api/users/login', {
        from: freshClientAddress(),
        body: { username: spelling + suffix, password: MEMBER_PASSWORD },
      });
      expect(res.status, spelling).toBe(200);
    }
    const dotted = await call(base, '/api/users/login', {
      from: freshClientAddress(),
      body: { username: `SK\u0130RT${suffix}`, password: MEMBER_PASSWORD },
    });
    expect(dotted.status).toBe(401);
  });
});

describe('3. whole-script lookalikes', () => {
  it('no two accepted usernames share a skeleton: a name and its twin (whole-script, or of another letter case), in either order, give one account', async () => {
    const named = confusableName.chain((latin) =>
      fc.tuple(fc.constant(latin), fc.oneof(fc.constant(wholeScriptConfusable(latin)), casedLookalike(latin))),
    );
    await fc.assert(
      fc.asyncProperty(named, fc.boolean(), async ([latin, twin], twinFirst) => {
        const name = `${latin}${unique('').replace(/\D/g, '')}`.slice(0, 30);
        if (twin === undefined) return;
        const names = twinFirst ? [twin + name.slice(latin.length), name] : [name, twin + name.slice(latin.length)];
        const statuses: number[] = [];
        for (const username of names) {
          const email = `${unique('twin')}@example.com`;
          const res = await call(base, '/api/users/register', {
            from: freshClientAddress(),
            body: { username, email, password: 'Quiet-Harbour-Lantern-42' },
          });
          statuses.push(res.status);
          if (res.status === 409) expect(res.body).toMatchObject({ error: messages.usernameTaken });
        }
        expect(statuses.sort()).toEqual([201, 409]);
        const check = await call(base, '/api/users/check', { from: freshClientAddress(), body: { username: names[1] } });
        expect(check.body).toMatchObject({ usernameExists: true });
      }),
      { numRuns: 16, ...seed },
    );
    const rows = await t.app.db.select({ username: users.username }).from(users);
    const skeletons = rows.map((row) => usernameKeys(row.username).usernameSkeleton);
    expect(new Set(skeletons).size).toBe(skeletons.length);
  }, 120_000);

  it('refuses "аррӏе" beside "apple", at sign-up and at a rename', async () => {
    const suffix = unique('').replace(/\D/g, '').slice(-5);
    const apple = await createMember(t.app, { username: `apple${suffix}` });
    const twin = `\u0430\u0440\u0440\u04CF\u0435${suffix}`;
    const signup = await call(base, '/api/users/register', {
      from: freshClientAddress(),
      body: { username: twin, email: `${unique('twin')}@example.com`, password: 'Quiet-Harbour-Lantern-42' },
    });
    expect(signup.status).toBe(409);
    const other = await createMember(t.app);
    const rename = await call(base, `/api/users/profile/${other.userId}`, {
      method: 'PUT',
      token: other.accessToken,
      body: { username: twin },
    });
    expect(rename.status).toBe(409);
    expect(rename.body).toMatchObject({ error: messages.usernameTaken });
    expect(apple.userId).toBeGreaterThan(0);
  });

  it('refuses accented, small-capital and "vv" lookalikes of a name, found by a second attack', async () => {
    const suffix = unique('').replace(/\D/g, '').slice(-6);
    for (const [name, lookalike] of [
      ['alice', 'al\u00ECce'],
      ['bob', 'b\u1ECDb'],
      ['apple', '\u1D00pple'],
      ['reviewer', 'revievver'],
    ] as const) {
      await createMember(t.app, { username: `${name}${suffix}` });
      const res = await call(base, '/api/users/register', {
        from: freshClientAddress(),
        body: { username: `${lookalike}${suffix}`, email: `${unique('look')}@example.com`, password: 'Quiet-Harbour-Lantern-42' },
      });
      expect(res.status, lookalike).toBe(409);
    }
  });

  it('takes punctuation, space, small-capital and modified-letter variants of a listed title for that film', async () => {
    await createFilm(t.app, { title: 'Dark City', releaseYear: 1998 });
    const member = await createMember(t.app);
    for (const title of [
      'Dark_City',
      'Dark.City',
      'DarkCity',
      'Dark City!',
      'Dark City\u2019',
      '\u1D05ark City',
      'Da\u0280k City',
      '\u0110ark City',
      'Dark \u0421\u0456\u0442\u0443',
    ]) {
      const res = await call(base, '/api/films/reviewfilm', {
        token: member.accessToken,
        body: { title, release_year: '1998', description: 'A city.' },
      });
      expect([400, 409], `${title}: ${res.text}`).toContain(res.status);
    }
    const edit = await createFilm(t.app, { title: 'Another City', releaseYear: 1998 });
    const moved = await call(base, `/api/films/${edit.filmId}`, {
      method: 'PUT',
      token: reviewer.accessToken,
      body: { title: 'Dark_City', release_year: '1998', description: 'A city.', watchLink: '' },
    });
    expect(moved.status).toBe(409);
  });

  it('takes a film title in another script’s lookalikes, in the same year, for the film already listed', async () => {
    await createFilm(t.app, { title: 'Psycho', releaseYear: 1960 });
    const member = await createMember(t.app);
    const twin = '\u0420\u0455\u0443\u0441\u04BB\u043E';
    const submitted = await call(base, '/api/films/reviewfilm', {
      token: member.accessToken,
      body: { title: twin, release_year: '1960', description: 'A motel.' },
    });
    expect(submitted.status).toBe(409);
    expect(submitted.body).toMatchObject({ error: messages.filmAlreadyListed });
    const check = await call(base, `/api/films/checkfilm?title=${encodeURIComponent(twin)}&release_year=1960`);
    expect(check.body).toEqual({ exists: true });
    // Another year is another film.
    const remake = await call(base, '/api/films/reviewfilm', {
      token: member.accessToken,
      body: { title: twin, release_year: '1998', description: 'A remake.' },
    });
    expect(remake.status).toBe(201);
  });

  it('refuses a title that mixes a Latin word with a letter of a script it never mixes with, found by a third attack', async () => {
    await createFilm(t.app, { title: 'Cold City', releaseYear: 1998 });
    const member = await createMember(t.app);
    for (const title of ['Cold \u1455ity', '\u10BDound of Metal', 'Qwz\u13DFx']) {
      const submitted = await call(base, '/api/films/reviewfilm', {
        token: member.accessToken,
        body: { title, release_year: '1998', description: 'A city at night.' },
      });
      expect(submitted.status, title).toBe(400);
      expect(submitted.body).toMatchObject({ error: messages.titleMixesAlphabets });
    }
    const list = await call(base, '/api/films/allfilms');
    expect(JSON.stringify(list.body)).not.toContain('\u1455');
  });

  it('counts a title’s length as stored, so characters that fold long cannot stretch it past the limit', async () => {
    const member = await createMember(t.app);
    const submitted = await call(base, '/api/films/reviewfilm', {
      token: member.accessToken,
      body: { title: 'Long ' + '\uFB03'.repeat(66), release_year: '2005', description: 'Long.' },
    });
    expect(submitted.status).toBe(400);
    expect(submitted.body).toMatchObject({ error: messages.titleTooLong });
  });
});

describe('4. a reviewer’s edit never strands a submission', () => {
  const pendingOfListedFilms = () =>
    t.app.db
      .select({ id: submissions.submissionId })
      .from(submissions)
      .innerJoin(
        films,
        and(
          eq(films.releaseYear, submissions.releaseYear),
          or(eq(films.titleKey, submissions.titleKey), eq(films.titleSkeleton, submissions.titleSkeleton)),
        ),
      )
      .where(eq(submissions.status, 'pending'));

  it('settles the pending submission an edit makes the film into, and tells its member', async () => {
    const member = await createMember(t.app);
    const film = await createFilm(t.app, { title: 'The Fal', releaseYear: 2006 });
    const submitted = await call(base, '/api/films/reviewfilm', {
      token: member.accessToken,
      body: { title: 'The Fall', release_year: '2006', description: 'A stuntman tells a story.' },
    });
    expect(submitted.status).toBe(201);
    const edited = await call(base, `/api/films/${film.filmId}`, {
      method: 'PUT',
      token: reviewer.accessToken,
      body: { title: 'The Fall', release_year: '2006', description: 'A stuntman tells a story.', watchLink: '' },
    });
    expect(edited.status).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(submissions)
      .where(sql`${submissions.userId} = ${member.userId}`);
    expect(row).toMatchObject({ status: 'approved', filmId: film.filmId, reviewedBy: reviewer.userId });
    const mail = await queuedMail(t.app, member.email);
    expect(mail.at(-1)?.subject).toBe('"The Fall" is on The Film List');
    expect(await pendingOfListedFilms()).toEqual([]);
  });

  it('settles a lookalike pending submission when the reviewer adds the plain title', async () => {
    const member = await createMember(t.app);
    const n = unique('').replace(/\D/g, '').slice(-5);
    const submitted = await call(base, '/api/films/reviewfilm', {
      token: member.accessToken,
      body: { title: `Kilo.Film ${n}`, release_year: '2020', description: 'A film.' },
    });
    expect(submitted.status).toBe(201);
    const added = await call(base, '/api/films/addfilm', {
      token: reviewer.accessToken,
      body: { title: `Kilo Film ${n}`, release_year: '2020', description: 'A film.', watchLink: '' },
    });
    expect(added.status).toBe(200);
    expect(await pendingOfListedFilms()).toEqual([]);
  });

  it('holds under any interleaving of submissions, additions and edits of the same film', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t.app)));
    for (let round = 0; round < 12; round++) {
      const title = `Race ${unique('r').replace(/\D/g, '')}`;
      const listed = await createFilm(t.app, { title: `${title} Draft`, releaseYear: 2011 });
      const member = members[round % members.length];
      if (!member) throw new Error('no member');
      const answers = await Promise.all([
        call(base, '/api/films/reviewfilm', { token: member.accessToken, body: { title, release_year: '2011', description: 'A race.' } }),
        round % 2 === 0
          ? call(base, '/api/films/addfilm', {
              token: reviewer.accessToken,
              body: { title, release_year: '2011', description: 'A race.', watchLink: '' },
            })
          : call(base, `/api/films/${listed.filmId}`, {
              method: 'PUT',
              token: reviewer.accessToken,
              body: { title, release_year: '2011', description: 'A race.', watchLink: '' },
            }),
      ]);
      for (const answer of answers) expect([200, 201, 409], answer.text).toContain(answer.status);
    }
    expect(await pendingOfListedFilms()).toEqual([]);
  }, 60_000);
});

describe.each(rateLimitStores())(
  '6. confirmation mail to one mailbox from one account, at the same moment (%s rate-limit store)',
  (_name, store) => {
    const raced = useTestApp(() => ({ app: store ? { rateLimitStore: store.open() } : {} }));
    let raceBase: string;
    beforeAll(async () => {
      raceBase = await raced.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => store?.clear());

    it('mails exactly 3 confirmations when 12 changes to one mailbox arrive at once from 12 client addresses', async () => {
      const member = await signUp(raced);
      const target = `${unique('stranger')}@example.com`;
      const changes = Array.from({ length: 12 }, () =>
        call(raceBase, `/api/users/profile/${member.userId}`, {
          method: 'PUT',
          from: freshClientAddress(),
          token: member.token,
          body: { email: target, currentPassword: member.password },
        }),
      );
      const statuses = (await Promise.all(changes)).map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(MAIL_LIMITS.perAccountAndAddress.limit);
      expect(statuses.filter((status) => status === 429)).toHaveLength(12 - MAIL_LIMITS.perAccountAndAddress.limit);
      expect(await queuedMail(raced.app, target)).toHaveLength(MAIL_LIMITS.perAccountAndAddress.limit);
    });

    it('lets exactly 3 of 12 mails to one mailbox asked for in the same instant pass the budget, and spends nothing for the rest', async () => {
      // Over HTTP the password check paces the requests above (one at a time on a two-core machine), so this asks the budget
      // itself at the same instant: a check followed by a separate spend lets all twelve through.
      const member = await signUp(raced);
      const target = `${unique('instant')}@example.com`;
      const asked = await Promise.all(
        Array.from({ length: 12 }, () => mayMail(raced.app, { to: target, client: freshClientAddress(), accountId: member.userId })),
      );
      expect(asked.filter((answer) => answer.ok)).toHaveLength(MAIL_LIMITS.perAccountAndAddress.limit);
      const spent = await raced.app.rateLimitStore.peek(`mail:to:${target}`, raced.app.clock.now().getTime());
      expect(spent.count).toBe(MAIL_LIMITS.perAccountAndAddress.limit);
    });
  },
);

describe('6. confirmation mail to one mailbox from one account', () => {
  it('is capped per account and target address, however many client addresses ask', async () => {
    const member = await createMember(t.app);
    const target = `${unique('stranger')}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < MAIL_LIMITS.perAccountAndAddress.limit + 3; i++) {
      // Away from the target and back, each from a new client address: each change to it mails it.
      for (const email of [target, member.email]) {
        const res = await call(base, `/api/users/profile/${member.userId}`, {
          method: 'PUT',
          from: freshClientAddress(),
          token: member.accessToken,
          body: { email, currentPassword: MEMBER_PASSWORD },
        });
        if (email === target) statuses.push(res.status);
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAIL_LIMITS.perAccountAndAddress.limit);
    expect(statuses.slice(MAIL_LIMITS.perAccountAndAddress.limit).every((status) => status === 429)).toBe(true);
    expect(await queuedMail(t.app, target)).toHaveLength(MAIL_LIMITS.perAccountAndAddress.limit);
  });

  it('counts "box+tag@" as the mailbox "box@", so tags give no fresh budget', async () => {
    const member = await createMember(t.app);
    const box = unique('victim');
    const statuses: number[] = [];
    for (let tag = 1; tag <= MAIL_LIMITS.perAccountAndAddress.limit + 2; tag++) {
      const res = await call(base, `/api/users/profile/${member.userId}`, {
        method: 'PUT',
        from: freshClientAddress(),
        token: member.accessToken,
        body: { email: `${box}+${tag}@example.com`, currentPassword: MEMBER_PASSWORD },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAIL_LIMITS.perAccountAndAddress.limit);
  });

  it('counts a Gmail mailbox once, whatever its dots and whichever of Google’s domains', async () => {
    const box = unique('gm').replace(/[^a-z0-9]/g, '');
    const spellings = [`${box}@gmail.com`, ...[1, 2, 3, 4, 5, 6].map((i) => `${box.slice(0, i)}.${box.slice(i)}@gmail.com`)];
    spellings.push(`${box}@googlemail.com`, `${box.slice(0, 2)}.${box.slice(2)}@googlemail.com`);
    for (const email of spellings) {
      await call(base, '/api/users/register', {
        from: freshClientAddress(),
        body: { username: unique('dots'), email, password: 'Quiet-Harbour-Lantern-42' },
      });
    }
    const sent = await Promise.all(spellings.map((email) => queuedMail(t.app, email)));
    expect(sent.flat().length).toBe(MAIL_LIMITS.perAddressHour.limit);
  });

  it('lets no burst of sign-ups and resends flood one mailbox within an hour, tags or not', async () => {
    const box = unique('flood');
    let mailed = 0;
    for (let i = 0; i < 12; i++) {
      const email = `${box}+${i}@example.com`;
      const signup = await call(base, '/api/users/register', {
        from: freshClientAddress(),
        body: { username: unique('flooder'), email, password: 'Quiet-Harbour-Lantern-42' },
      });
      if (signup.status === 201) mailed++;
      await call(base, '/api/users/resend-verification', { from: freshClientAddress(), body: { email } });
    }
    await t.app.background.idle();
    const all = await t.app.db
      .select({ to: outbox.recipient })
      .from(outbox)
      .where(like(outbox.recipient, `${box}+%`));
    expect(all.length).toBeLessThanOrEqual(MAIL_LIMITS.perAddressHour.limit);
    expect(mailed).toBeGreaterThan(0);
  });

  it('names the account in mail to an address nobody has confirmed, so a later sign-up with that address cannot pass for the first', async () => {
    const email = `${unique('owner')}@example.com`;
    const owner = unique('owner');
    const intruder = unique('intruder');
    for (const username of [owner, intruder]) {
      const res = await call(base, '/api/users/register', {
        from: freshClientAddress(),
        body: { username, email, password: 'Quiet-Harbour-Lantern-42' },
      });
      expect(res.status).toBe(201);
    }
    const mails = await queuedMail(t.app, email);
    expect(mails).toHaveLength(2);
    const [first, second] = mails;
    expect(first?.textBody).toContain(`"${owner}"`);
    expect(second?.textBody).toContain(`"${intruder}"`);
    expect(second?.textBody).not.toContain(owner);
    expect(second?.htmlBody).toContain(intruder);
  });
});
