import { beforeAll, describe, expect, it } from 'vitest';
import { filmBody, listedFilm, submissionAnswer, submissionList } from '@filmlist/shared/api/films';
import { reviewHistoryAnswer } from '@filmlist/shared/api/reviewers';
import { messages } from '@filmlist/shared/messages';
import { createFilm, createMember, createReviewer, type TestMember } from '../../../test/support/factories.js';
import { useFakeTmdb } from '../../../test/support/fake-tmdb-hooks.js';
import { createTestApp, useTestApp } from '../../../test/support/test-app.js';

/** docs/product.md §Film database: linking a film to its entry, and one entry per listed film. */

const tmdb = useFakeTmdb();
const t = useTestApp(() => ({ env: tmdb.fake.env }));
let reviewer: TestMember;

beforeAll(async () => {
  reviewer = await createReviewer(t.app);
});

const submit = (member: TestMember, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/films/reviewfilm',
    headers: member.auth,
    payload: { description: 'Our own logline.', ...payload },
  });
const add = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/films/addfilm',
    headers: reviewer.auth,
    payload: { description: 'Our own logline.', ...payload },
  });
const edit = (filmId: number, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/films/${filmId}`,
    headers: reviewer.auth,
    payload: { description: 'Our own logline.', ...payload },
  });

async function detailsOf(filmId: number) {
  const list = await t.app.inject('/api/films/allfilms');
  const slug = list.json<{ films: Array<{ film_id: number; slug: string }> }>().films.find((f) => f.film_id === filmId)?.slug ?? '';
  return filmBody.parse((await t.app.inject({ url: '/api/films/filmdetails', query: { slug } })).json()).film;
}

function expectConflict(res: { statusCode: number; json: () => unknown }, code: string, message: string) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ error: message, code });
}

describe('linking a film to its film database entry', () => {
  it("keeps the member's chosen entry with the submission, and the reviewer's add takes it", async () => {
    const member = await createMember(t.app);
    const submitted = await submit(member, { title: 'Moon', release_year: '2009', tmdb_id: 17431 });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submissionAnswer.parse(submitted.json()).film.tmdb_id).toBe(17431);
    const queue = submissionList.parse((await t.app.inject({ url: '/api/films/submissions', headers: reviewer.auth })).json());
    expect(queue.submissions.find((s) => s.title === 'Moon')?.tmdb_id).toBe(17431);

    const added = await add({ title: 'Moon', release_year: '2009', userId: member.userId });
    expect(added.statusCode, added.body).toBe(200);
    await t.app.background.idle();
    const film = await detailsOf(listedFilm.parse(added.json<{ film: unknown }>().film).film_id);
    expect(film).toMatchObject({ title: 'Moon', tmdb_id: 17431, directors: ['Duncan Jones'] });
  });

  it('refuses, with 409, an entry already on a listed film or in a pending submission, whatever the title', async () => {
    const [first, second] = [await createMember(t.app), await createMember(t.app)];
    expect((await add({ title: 'Paterson', release_year: '2016', tmdb_id: 370755 })).statusCode).toBe(200);
    expectConflict(
      await submit(first, { title: 'Paterson The Poet', release_year: '2016', tmdb_id: 370755 }),
      'film_already_listed',
      messages.filmAlreadyListed,
    );
    expectConflict(
      await add({ title: 'Paterson Again', release_year: '2016', tmdb_id: 370755 }),
      'film_already_listed',
      messages.filmAlreadyListed,
    );

    expect((await submit(first, { title: 'The Quiet Harbour', release_year: '2011', tmdb_id: 900001 })).statusCode).toBe(201);
    expectConflict(
      await submit(second, { title: 'Quiet Harbour', release_year: '2011', tmdb_id: 900001 }),
      'film_already_pending',
      messages.filmAlreadyPending,
    );
    // A reviewer adding it under another title would strand the member's submission.
    expectConflict(
      await add({ title: 'Harbour', release_year: '2011', tmdb_id: 900001 }),
      'film_already_pending',
      messages.filmAlreadyPending,
    );
    // The member's own submission is added with it.
    expect((await add({ title: 'The Quiet Harbour', release_year: '2011', userId: first.userId })).statusCode).toBe(200);
  });

  it('lets one of two reviewers adding the same entry at once win; the database refuses the other', async () => {
    const [one, two] = await Promise.all([
      add({ title: 'The Quiet Winter', release_year: '2019', tmdb_id: 900003 }),
      add({ title: 'Quiet Winter', release_year: '2019', tmdb_id: 900003 }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect([one, two].find((res) => res.statusCode === 409)?.json()).toMatchObject({ code: 'film_already_listed' });
  });

  it('refuses a tmdb_id that is not a positive whole number with 400', async () => {
    for (const tmdbId of [0, -3, 1.5, 'abc', 3_000_000_000]) {
      const res = await add({ title: 'Bad Link', release_year: '2001', tmdb_id: tmdbId });
      expect(res.statusCode, String(tmdbId)).toBe(400);
    }
  });

  it('lets a reviewer link a listed film from the edit form, relink it, and unlink it, each on the record', async () => {
    const film = await createFilm(t.app, { title: 'Hunt For The Wilderpeople', releaseYear: 2016 });
    const fields = { title: film.title, release_year: '2016' };
    const linked = await edit(film.filmId, { ...fields, tmdb_id: 371645 });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(filmBody.parse(linked.json()).film.tmdb_id).toBe(371645);
    await t.app.background.idle();
    expect(await detailsOf(film.filmId)).toMatchObject({ tmdb_id: 371645, directors: ['Taika Waititi'] });

    // Editing other fields keeps the link.
    expect((await edit(film.filmId, { ...fields, description: 'A new logline.' })).statusCode).toBe(200);
    expect((await detailsOf(film.filmId)).tmdb_id).toBe(371645);

    expect((await edit(film.filmId, { ...fields, tmdb_id: null })).statusCode).toBe(200);
    expect(await detailsOf(film.filmId)).toMatchObject({ tmdb_id: null, directors: [] });

    const history = reviewHistoryAnswer.parse((await t.app.inject({ url: '/api/films/review-history', headers: reviewer.auth })).json());
    const changes = history.entries.filter((e) => e.title === film.title && e.action === 'edit').map((e) => e.changes?.tmdb_id);
    expect(changes).toContainEqual({ from: null, to: 371645 });
    expect(changes).toContainEqual({ from: 371645, to: null });
  });

  it("refuses to link a film from the edit form to another film's entry, or a pending one", async () => {
    const film = await createFilm(t.app, { title: 'Not Moon', releaseYear: 2009 });
    expectConflict(
      await edit(film.filmId, { title: 'Not Moon', release_year: '2009', tmdb_id: 17431 }),
      'film_already_listed',
      messages.filmAlreadyListed,
    );
    const member = await createMember(t.app);
    expect((await submit(member, { title: 'eXistenZ', release_year: '1999', tmdb_id: 1946 })).statusCode).toBe(201);
    expectConflict(
      await edit(film.filmId, { title: 'Not Moon', release_year: '2009', tmdb_id: 1946 }),
      'film_already_pending',
      messages.filmAlreadyPending,
    );
    expect((await detailsOf(film.filmId)).tmdb_id).toBeNull();
  });
});

describe('without a film database token', () => {
  it('adds and edits films by hand as before, keeping a chosen link for when the database is on', async () => {
    const off = await createTestApp();
    try {
      const offReviewer = await createReviewer(off.app);
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/films/addfilm',
        headers: offReviewer.auth,
        payload: { title: 'Moon', release_year: '2009', description: 'Typed by hand.', tmdb_id: 17431 },
      });
      expect(res.statusCode, res.body).toBe(200);
      await off.app.background.idle();
      const details = await off.app.inject({ url: '/api/films/filmdetails', query: { slug: 'moon-2009' } });
      expect(filmBody.parse(details.json()).film).toMatchObject({ title: 'Moon', tmdb_id: 17431, directors: [], where_to_watch: null });
    } finally {
      await off.close();
    }
  });
});
