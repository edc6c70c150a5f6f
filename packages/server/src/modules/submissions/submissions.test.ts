import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Film, Submission } from '@filmlist/shared/api/films';
import { MAX_PENDING_SUBMISSIONS } from '@filmlist/shared/constants';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { readReviewerFormPath } from '@filmlist/shared/reviewer-link';
import { films, outbox, submissions } from '../../db/schema.js';
import { MAIL_LIMITS } from '../../mail/quota.js';
import { RATE_LIMITS } from '../../plugins/rate-limit.js';
import { createFilm, createMember, createReviewer, unique, type TestMember } from '../../../test/support/factories.js';
import { createTestApp, useTestApp } from '../../../test/support/test-app.js';

const t = useTestApp();
let rita: TestMember;
let rex: TestMember;

beforeAll(async () => {
  rita = await createReviewer(t.app);
  rex = await createReviewer(t.app);
  // Named a reviewer but never verified: gets no mail.
  await createMember(t.app, { username: 'ruth', verified: false });
});

interface FilmInput {
  title?: unknown;
  release_year?: unknown;
  description?: unknown;
  watchLink?: unknown;
  userId?: unknown;
}

const post = (url: string, auth: { authorization: string } | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/films/${url}`, ...(auth ? { headers: auth } : {}), payload });

const review = (member: TestMember, body: FilmInput) => post('reviewfilm', member.auth, body);
const addFilm = (reviewer: TestMember, body: FilmInput) => post('addfilm', reviewer.auth, body);
const reject = (reviewer: TestMember, body: object) => post('reject', reviewer.auth, body);

const valid = (title = unique('Quiet Earth ')) => ({
  title,
  release_year: '1985',
  description: 'A scientist wakes to find everyone gone.',
});

const submissionsOf = (userId: number) => t.app.db.select().from(submissions).where(eq(submissions.userId, userId));
const mailTo = (kind: string, recipient: string) =>
  t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), eq(outbox.recipient, recipient)));

/** Every add-film rule (docs/product.md §Add-film rules) with the field it concerns. */
const ruleCases: Array<[string, FilmInput, string, string]> = [
  ['a blank title', { title: '   ' }, messages.fillAllFields, 'title'],
  ['a missing description', { description: undefined }, messages.fillAllFields, 'description'],
  ['a blank year', { release_year: ' ' }, messages.fillAllFields, 'release_year'],
  ['a non-numeric year', { release_year: '19x5' }, messages.yearNotNumber, 'release_year'],
  ['a fractional numeric year', { release_year: 1985.5 }, messages.yearNotNumber, 'release_year'],
  ['a link as title', { title: 'https://films.example/quiet' }, messages.titleIsLink, 'title'],
  ['a link as year', { release_year: 'http://1985' }, messages.yearIsLink, 'release_year'],
  ['an ftp link in the description', { description: 'Get it at ftp://files.example/q' }, messages.descriptionHasLink, 'description'],
  ['an accented title', { title: 'Amélie' }, messages.titleHasAccents, 'title'],
  ['a combining mark in the title', { title: 'Ame\u0301lie' }, messages.titleHasAccents, 'title'],
  ['an accented description', { description: 'A café in Montmartre.' }, messages.descriptionHasAccents, 'description'],
  ['a title too long', { title: 'T'.repeat(201) }, messages.titleTooLong, 'title'],
  ['a description too long', { description: 'd'.repeat(1001) }, messages.descriptionTooLong, 'description'],
  ['a year too early', { release_year: '1869' }, messages.yearOutOfRange, 'release_year'],
  ['a year too late', { release_year: 3000 }, messages.yearOutOfRange, 'release_year'],
];

/** Links hidden from an earlier version of the rule (docs/product.md §Text rules), each still a link once the text is normalised. */
const hiddenLinks = [
  'xhttps://evil.example',
  '1https://evil.example',
  '_http://evil.example',
  'https\uFF1A//evil.example',
  'ht\u200Btps://evil.example',
  'htt\u200Cps://evil.example',
  'http\u200Ds://evil.example',
  'h\u2060ttps://evil.example',
  'https\uFEFF://evil.example',
  '\uFF48\uFF54\uFF54\uFF50\uFF53\uFF1A\uFF0F\uFF0Fevil.example',
  'Watch it at ftp\uFF1A//files.example',
];

const outboxSize = async () => (await t.app.db.select({ id: outbox.messageId }).from(outbox)).length;

describe('POST /api/films/reviewfilm', () => {
  it.each(ruleCases)('rejects %s with its message', async (_case, change, message, field) => {
    const member = await createMember(t.app);
    const res = await review(member, { ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, code: 'validation_failed', fields: { [field]: message } });
    expect(await submissionsOf(member.userId)).toHaveLength(0);
  });

  it('answers 400, never 5xx, to bodies of the wrong shape', async () => {
    const member = await createMember(t.app);
    for (const payload of [{ title: 5, release_year: '1985', description: 'x' }, { title: null }]) {
      const res = await review(member, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: messages.fillAllFields });
    }
    const notAnObject = await post('reviewfilm', member.auth, []);
    expect(notAnObject.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: '/api/films/reviewfilm', headers: member.auth });
    expect(empty.statusCode).toBe(400);
    expect(await submissionsOf(member.userId)).toHaveLength(0);
  });

  it.each([
    ['title', { title: 'Quiet \uD800 Earth' }],
    ['title', { title: '\uDC00' }],
    ['description', { description: 'A scientist wakes \uD83D' }],
    ['release_year', { release_year: '1985\uD800' }],
  ])('refuses ill-formed UTF-16 in the %s with 400: nothing stored, nothing mailed', async (field, change) => {
    const member = await createMember(t.app);
    const mailBefore = await outboxSize();
    const res = await review(member, { ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: messages.textIllFormed,
      code: 'validation_failed',
      fields: { [field]: messages.textIllFormed },
    });
    expect(await submissionsOf(member.userId)).toHaveLength(0);
    expect(await outboxSize()).toBe(mailBefore);
  });

  it.each(hiddenLinks)('refuses the hidden link %j in each field with its message', async (link) => {
    const member = await createMember(t.app);
    const cases: Array<[FilmInput, string, string]> = [
      [{ title: link }, 'title', messages.titleIsLink],
      [{ release_year: link }, 'release_year', messages.yearIsLink],
      [{ description: `A good film. ${link}` }, 'description', messages.descriptionHasLink],
    ];
    for (const [change, field, message] of cases) {
      const res = await review(member, { ...valid(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ error: message, fields: { [field]: message } });
    }
    expect(await submissionsOf(member.userId)).toHaveLength(0);
  });

  it('still takes titles that only name a protocol', async () => {
    const member = await createMember(t.app);
    for (const title of [unique('Http Adventures '), unique('HTTP: The Story '), unique('The Ftp Files ')]) {
      expect((await review(member, valid(title))).statusCode, title).toBe(201);
    }
  });

  it('stores a pending submission tied to the member and answers 201', async () => {
    const member = await createMember(t.app);
    const title = unique('The   Quiet Earth ');
    const res = await review(member, { ...valid(`  ${title}  `), release_year: 1985 });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; film: Submission }>();
    const normalised = title.replace(/\s+/g, ' ');
    expect(body.message).toBe(messages.reviewSubmitted);
    expect(body.film).toMatchObject({
      title: normalised,
      release_year: 1985,
      user_id: member.userId,
      username: member.username,
      status: 'pending',
      created_at: t.clock.now().toISOString(),
    });
    const rows = await submissionsOf(member.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: normalised, releaseYear: 1985, status: 'pending', reviewedBy: null });
  });

  it('emails every verified reviewer the prefilled reviewer form and the queue', async () => {
    const member = await createMember(t.app);
    const title = unique('Night  of the Comet ');
    const res = await review(member, { title, release_year: '1984', description: 'Two sisters? Survive. 100%' });
    expect(res.statusCode).toBe(201);

    const formLink =
      `http://films.test/master/addfilm/${title.split(/\s+/).map(encodeURIComponent).join('-')}/1984/` +
      `Two-sisters%3F-Survive.-100%25/${member.userId}`;
    for (const reviewer of [rita, rex]) {
      const mail = (await mailTo('review-request', reviewer.email)).filter((m) => m.textBody.includes(formLink));
      expect(mail).toHaveLength(1);
      expect(mail[0]?.textBody).toContain('http://films.test/master\n');
      expect(mail[0]?.htmlBody).toContain(formLink);
    }
    expect(await mailTo('review-request', 'ruth@example.com')).toHaveLength(0);
  });

  it('mails a reviewer-form link that reads back the title and logline with their hyphens (docs/product.md §Reviewer link)', async () => {
    const member = await createMember(t.app);
    const cases = [
      { title: unique('Mid-August Lunch '), release_year: '2008', description: 'A cash-strapped man agrees to host four elderly ladies.' },
      { title: unique('Spider-Man '), release_year: '2002', description: 'A shy teen becomes a web-slinging hero - at a price.' },
    ];
    for (const film of cases) {
      expect((await review(member, film)).statusCode).toBe(201);
      const mail = await mailTo('review-request', rita.email);
      const links = mail.flatMap((m) =>
        [...m.textBody.matchAll(/http:\/\/films\.test(\/master\/addfilm\/\S+)/g)].map((found) => found[1] ?? ''),
      );
      const read = links.map(readReviewerFormPath).find((fields) => fields?.title === film.title);
      expect(read, film.title).toEqual({ ...film, userId: String(member.userId) });
    }
  });

  it('answers 401 to a visitor', async () => {
    const res = await post('reviewfilm', undefined, valid());
    expect(res.statusCode).toBe(401);
  });

  it('answers 409 for a film already on the list, whatever the case', async () => {
    const film = await createFilm(t.app, { title: unique('Brazil '), releaseYear: 1985 });
    const member = await createMember(t.app);
    const res = await review(member, { ...valid(film.title.toUpperCase()), release_year: '1985' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: messages.filmAlreadyListed });
    expect(await submissionsOf(member.userId)).toHaveLength(0);
  });

  it('answers 409 for a film already pending, submitted by anyone', async () => {
    const first = await createMember(t.app);
    const second = await createMember(t.app);
    const body = valid();
    expect((await review(first, body)).statusCode).toBe(201);
    const again = await review(second, { ...body, title: body.title.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: messages.filmAlreadyPending });
    expect(await submissionsOf(second.userId)).toHaveLength(0);
  });

  it('lets exactly one of simultaneous identical submissions through', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => createMember(t.app)));
    const body = valid();
    const answers = await Promise.all(members.map((m) => review(m, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const a of answers.filter((r) => r.statusCode === 409)) {
      expect(a.json()).toMatchObject({ error: messages.filmAlreadyPending });
    }
  });

  it(`holds a member to ${MAX_PENDING_SUBMISSIONS} pending submissions`, async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < MAX_PENDING_SUBMISSIONS; i += 1) {
      expect((await review(member, valid())).statusCode).toBe(201);
    }
    const over = await review(member, valid());
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: serverMessages.tooManyPending, code: 'too_many_pending' });
    expect(await submissionsOf(member.userId)).toHaveLength(MAX_PENDING_SUBMISSIONS);
  });

  it('keeps the limit exact when submissions arrive at once', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < MAX_PENDING_SUBMISSIONS - 2; i += 1) {
      expect((await review(member, valid())).statusCode).toBe(201);
    }
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => review(member, valid())));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
    expect(await submissionsOf(member.userId)).toHaveLength(MAX_PENDING_SUBMISSIONS);
  });
});

describe('the reviewer routes', () => {
  it('answer 401 to a visitor and 403 to a member', async () => {
    const member = await createMember(t.app);
    const calls = [
      { method: 'GET' as const, url: '/api/films/submissions' },
      { method: 'POST' as const, url: '/api/films/addfilm', payload: { ...valid(), userId: member.userId } },
      { method: 'POST' as const, url: '/api/films/reject', payload: { ...valid(), userId: member.userId } },
    ];
    for (const call of calls) {
      const visitor = await t.app.inject(call);
      expect(visitor.statusCode).toBe(401);
      const asMember = await t.app.inject({ ...call, headers: member.auth });
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toMatchObject({ error: messages.reviewerOnly });
    }
  });

  it('list pending submissions oldest first with the submitter', async () => {
    const member = await createMember(t.app);
    const older = valid();
    const newer = valid();
    expect((await review(member, older)).statusCode).toBe(201);
    t.clock.advance(60_000);
    expect((await review(member, newer)).statusCode).toBe(201);

    const res = await t.app.inject({ url: '/api/films/submissions', headers: rita.auth });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ submissions: Submission[] }>().submissions;
    const mine = list.filter((s) => s.user_id === member.userId);
    expect(mine.map((s) => s.title)).toEqual([older.title, newer.title]);
    expect(mine[0]).toMatchObject({ username: member.username, status: 'pending', release_year: 1985 });
    expect(list.every((s) => s.status === 'pending')).toBe(true);
    const times = list.map((s) => s.created_at);
    expect([...times].sort()).toEqual(times);
  });
});

describe('POST /api/films/addfilm', () => {
  it.each(ruleCases)('rejects %s with its message', async (_case, change, message, field) => {
    const res = await addFilm(rita, { ...valid(), ...change, watchLink: '', userId: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: message, fields: { [field]: message } });
  });

  it.each(['ftp://films.example/q', 'javascript:alert(1)', 'films.example/q', 'https://'])(
    'rejects the watch link %s',
    async (watchLink) => {
      const body = valid();
      const res = await addFilm(rita, { ...body, watchLink });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: messages.watchLinkInvalid, fields: { watchLink: messages.watchLinkInvalid } });
      const check = await t.app.inject({
        url: `/api/films/checkfilm?title=${encodeURIComponent(body.title)}&release_year=1985`,
      });
      expect(check.json()).toEqual({ exists: false });
    },
  );

  it('refuses ill-formed UTF-16 and hidden links in every field: no film added', async () => {
    const title = unique('Broken Text ');
    const bodies: Array<[FilmInput, string]> = [
      [{ title: `${title}\uD800` }, messages.textIllFormed],
      [{ description: '\uDFFF' }, messages.textIllFormed],
      [{ watchLink: 'https://watch.example/\uD800' }, messages.textIllFormed],
      [{ title: `${title} xhttps://evil.example` }, messages.titleIsLink],
      [{ description: 'ht\u200Btps://evil.example' }, messages.descriptionHasLink],
    ];
    for (const [change, message] of bodies) {
      const res = await addFilm(rita, { ...valid(title), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ error: message });
    }
    expect(await t.app.db.select().from(films).where(eq(films.title, title))).toHaveLength(0);
  });

  it('rejects a malformed submitter id', async () => {
    const res = await addFilm(rita, { ...valid(), userId: 'someone' });
    expect(res.statusCode).toBe(400);
  });

  it("refuses a reviewer form opened from an old link once the member's submission was rejected: the decision stands, no film is added", async () => {
    const member = await createMember(t.app);
    const body = valid();
    expect((await review(member, body)).statusCode).toBe(201);
    expect(
      (await reject(rita, { title: body.title, release_year: body.release_year, userId: member.userId, reason: 'Not undervalued' }))
        .statusCode,
    ).toBe(200);

    const res = await addFilm(rex, { ...body, userId: String(member.userId) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: serverMessages.submissionAlreadyRejected, code: 'submission_rejected' });
    expect(await t.app.db.select().from(films).where(eq(films.title, body.title))).toHaveLength(0);
    // Without a submitter, a reviewer may still add the film of their own accord.
    expect((await addFilm(rex, { ...body, userId: '' })).statusCode).toBe(200);
  });

  it('approves the matching submission, lists the film and emails the submitter', async () => {
    const member = await createMember(t.app);
    const body = valid();
    expect((await review(member, body)).statusCode).toBe(201);
    t.clock.advance(60_000);

    const res = await addFilm(rex, { ...body, watchLink: 'https://watch.example/quiet', userId: String(member.userId) });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ message: string; film: Film }>();
    const slug = `${body.title.toLowerCase().replace(/\s+/g, '-')}-1985`;
    expect(answer.message).toBe(messages.filmAdded);
    expect(answer.film).toMatchObject({
      title: body.title,
      release_year: 1985,
      description: body.description,
      watch_link: 'https://watch.example/quiet',
      slug,
      score: 0,
    });

    const [row] = await submissionsOf(member.userId);
    expect(row).toMatchObject({
      status: 'approved',
      reviewedBy: rex.userId,
      reviewedAt: t.clock.now(),
      filmId: answer.film.film_id,
    });

    const all = await t.app.inject('/api/films/allfilms');
    const listed = all.json<{ films: Film[] }>().films.find((f) => f.film_id === answer.film.film_id);
    expect(listed).toMatchObject({ slug, score: 0, title: body.title });

    const mail = await mailTo('film-added', member.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.textBody).toContain(`http://films.test/films/${slug}`);

    const queue = await t.app.inject({ url: '/api/films/submissions', headers: rita.auth });
    expect(queue.json<{ submissions: Submission[] }>().submissions.map((s) => s.user_id)).not.toContain(member.userId);
  });

  it('matches a submission whose dashes came back from the link as spaces', async () => {
    const member = await createMember(t.app);
    const title = unique('X-Men Origins ');
    expect((await review(member, { ...valid(title), release_year: '2009' })).statusCode).toBe(201);
    const res = await addFilm(rita, {
      ...valid(title.replace(/-/g, ' ').toLowerCase()),
      release_year: '2009',
      userId: member.userId,
    });
    expect(res.statusCode).toBe(200);
    expect(await submissionsOf(member.userId)).toMatchObject([{ status: 'approved', reviewedBy: rita.userId }]);
  });

  it('adds a film directly when nobody submitted it', async () => {
    const body = valid();
    const res = await addFilm(rita, { ...body, watchLink: '', userId: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ film: Film }>().film).toMatchObject({ title: body.title, watch_link: null, score: 0 });
    const rows = await t.app.db.select().from(submissions).where(eq(submissions.title, body.title));
    expect(rows).toHaveLength(0);

    const again = await addFilm(rex, { ...body, title: body.title.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: messages.filmAlreadyListed });
  });

  it('approves the pending submission of the film when no submitter is named', async () => {
    const member = await createMember(t.app);
    const body = valid();
    expect((await review(member, body)).statusCode).toBe(201);
    const res = await addFilm(rita, { ...body, userId: '' });
    expect(res.statusCode).toBe(200);
    expect(await submissionsOf(member.userId)).toMatchObject([{ status: 'approved', reviewedBy: rita.userId }]);
    expect(await mailTo('film-added', member.email)).toHaveLength(1);
  });

  it('adds the film for another member and approves the pending submission of it too, which could never be approved after', async () => {
    const submitter = await createMember(t.app);
    const other = await createMember(t.app);
    const body = valid();
    expect((await review(submitter, body)).statusCode).toBe(201);
    const res = await addFilm(rita, { ...body, userId: other.userId });
    expect(res.statusCode).toBe(200);
    expect(await submissionsOf(submitter.userId)).toMatchObject([{ status: 'approved', reviewedBy: rita.userId }]);
    expect(await mailTo('film-added', submitter.email)).toHaveLength(1);
  });
});

describe('POST /api/films/reject', () => {
  it('rejects the pending submission and emails the submitter the reason', async () => {
    const member = await createMember(t.app);
    const body = valid();
    expect((await review(member, body)).statusCode).toBe(201);
    t.clock.advance(60_000);

    const reason = 'It is already known to most of our members.';
    const res = await reject(rita, { title: body.title, release_year: body.release_year, userId: member.userId, reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.filmRejected });
    expect(await submissionsOf(member.userId)).toMatchObject([
      { status: 'rejected', reason, reviewedBy: rita.userId, reviewedAt: t.clock.now(), filmId: null },
    ]);
    const mail = await mailTo('film-rejected', member.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.textBody).toContain(reason);

    // The film is free to be recommended again.
    expect((await review(member, body)).statusCode).toBe(201);
  });

  it('rejects without a reason', async () => {
    const member = await createMember(t.app);
    const body = valid();
    expect((await review(member, body)).statusCode).toBe(201);
    const res = await reject(rex, { title: body.title, release_year: 1985, userId: member.userId });
    expect(res.statusCode).toBe(200);
    expect(await submissionsOf(member.userId)).toMatchObject([{ status: 'rejected', reason: null }]);
    expect(await mailTo('film-rejected', member.email)).toHaveLength(1);
  });

  it('answers 404 when no pending submission matches', async () => {
    const member = await createMember(t.app);
    const other = await createMember(t.app);
    const body = valid();
    expect((await review(member, body)).statusCode).toBe(201);
    for (const payload of [
      { title: body.title, release_year: '1985', userId: other.userId },
      { title: body.title, release_year: '1986', userId: member.userId },
      { title: unique('Nothing '), release_year: '1985', userId: member.userId },
    ]) {
      const res = await reject(rita, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: serverMessages.submissionNotFound });
    }
    expect(await submissionsOf(member.userId)).toMatchObject([{ status: 'pending' }]);
  });

  it('refuses ill-formed UTF-16 in the reason: the submission stays pending, nothing mailed', async () => {
    const member = await createMember(t.app);
    const body = valid();
    expect((await review(member, body)).statusCode).toBe(201);
    const mailBefore = await outboxSize();
    const res = await reject(rita, { ...body, userId: member.userId, reason: 'Not \uD800 for us' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.textIllFormed, fields: { reason: messages.textIllFormed } });
    expect((await submissionsOf(member.userId))[0]).toMatchObject({ status: 'pending' });
    expect(await outboxSize()).toBe(mailBefore);
  });

  it('rejects a reason that is too long', async () => {
    const member = await createMember(t.app);
    const res = await reject(rita, { ...valid(), userId: member.userId, reason: 'r'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: messages.rejectReasonTooLong });
  });
});

describe('review-request mail cannot be turned on the reviewers', () => {
  it('mails them for a few of one member’s films an hour; the queue still shows every one, and withdrawing does not reset it', async () => {
    const app = await createTestApp();
    try {
      const reviewer = await createReviewer(app.app);
      const member = await createMember(app.app);
      let auth = member.auth;
      const submit = (title: string) =>
        app.app.inject({
          method: 'POST',
          url: '/api/films/reviewfilm',
          headers: auth,
          payload: { title, release_year: '2010', description: 'A film sent many times.' },
        });
      const sent = MAIL_LIMITS.reviewRequestsPerSubmitter.limit + 3;
      for (let i = 0; i < sent; i += 1) {
        const res = await submit(unique('Spam Film '));
        expect(res.statusCode).toBe(201);
        // Withdrawn at once, so the pending cap never stops the loop.
        const id = res.json<{ film: { submission_id: number } }>().film.submission_id;
        expect((await app.app.inject({ method: 'DELETE', url: `/api/me/submissions/${id}`, headers: auth })).statusCode).toBe(200);
      }
      const mail = await app.app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, reviewer.email), eq(outbox.kind, 'review-request')));
      expect(mail).toHaveLength(MAIL_LIMITS.reviewRequestsPerSubmitter.limit);
      app.clock.advance(MAIL_LIMITS.reviewRequestsPerSubmitter.windowMs + 1000);
      // An hour on, the member's access token is a new one (tokens live 15 minutes).
      const access = await app.app.accessTokens.sign({ userId: member.userId, sessionId: member.sessionId }, app.clock.now());
      auth = { authorization: `Bearer ${access.token}` };
      expect((await submit(unique('Later Film '))).statusCode).toBe(201);
      const later = await app.app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, reviewer.email), eq(outbox.kind, 'review-request')));
      expect(later).toHaveLength(MAIL_LIMITS.reviewRequestsPerSubmitter.limit + 1);
    } finally {
      await app.close();
    }
  });

  it('limits one member to a few dozen submissions an hour', async () => {
    const app = await createTestApp();
    try {
      const member = await createMember(app.app);
      // Refused bodies count too: the limit runs before validation.
      for (let i = 0; i < RATE_LIMITS.submit.account.limit; i += 1) {
        await app.app.inject({ method: 'POST', url: '/api/films/reviewfilm', headers: member.auth, payload: {} });
      }
      const limited = await app.app.inject({
        method: 'POST',
        url: '/api/films/reviewfilm',
        headers: member.auth,
        payload: { title: unique('One Too Many '), release_year: '2010', description: 'x' },
      });
      expect(limited.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});

describe('titles that only look new', () => {
  it('a fullwidth, invisible-laden or mixed-alphabet copy of a listed film is refused, and checkfilm sees through the first', async () => {
    const member = await createMember(t.app);
    const listed = await createFilm(t.app, { title: 'Frank', releaseYear: 2014 });
    const submit = (title: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/films/reviewfilm',
        headers: member.auth,
        payload: { title, release_year: String(listed.releaseYear), description: 'A copy.' },
      });
    const fullwidth = await submit('\uFF26\uFF32\uFF21\uFF2E\uFF2B');
    expect(fullwidth.statusCode).toBe(409);
    expect(fullwidth.json()).toMatchObject({ error: messages.filmAlreadyListed });
    const check = await t.app.inject({
      url: '/api/films/checkfilm',
      query: { title: '\uFF26\uFF32\uFF21\uFF2E\uFF2B', release_year: '2014' },
    });
    expect(check.json()).toEqual({ exists: true });
    expect((await submit('Frank\u200b')).json()).toMatchObject({ error: messages.titleHasInvisible });
    expect((await submit('Fr\u0430nk')).json()).toMatchObject({ error: messages.titleMixesAlphabets });
    expect((await submit('\u3164')).json()).toMatchObject({ error: messages.titleHasInvisible });
  });
});
