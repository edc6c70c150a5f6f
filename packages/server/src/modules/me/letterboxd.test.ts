import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { filmFacts } from '../../db/schema.js';
import { createFilm, createMember, type TestMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';

/** The Letterboxd exports (docs/product.md §Letterboxd export), parsed back with a CSV parser. */
const t = useTestApp();

/** Titles that break naive CSV, or that a spreadsheet would run as a formula. */
const AWKWARD = [
  'Crouching Tiger, Hidden Dragon',
  'The "Quoted" One',
  'Line\nBreak',
  '=HYPERLINK("http://evil.example","Click")',
  '+1',
  '-1 Degrees',
  '@Home',
  '\tTabbed',
  'وجدة',
  '東京物語',
  'Léon',
  // A spreadsheet whose list separator is ";" (many European locales) would split this, and run "=1+1".
  ';=1+1',
];

/** What Letterboxd reads: a leading apostrophe marks text that would otherwise be a formula. */
const neutralised = (title: string) => (/^[=+\-@\t\r]/.test(title) ? `'${title}` : title);

/** The film database's ids the facts keep for some films (by their place in AWKWARD): one with both, one with TMDB's only. */
const LINKS: ReadonlyMap<number, { tmdbId: number; imdbId: string | null }> = new Map([
  [8, { tmdbId: 174380, imdbId: 'tt2258858' }],
  [10, { tmdbId: 101, imdbId: null }],
]);
const idsAt = (i: number) => ({ tmdbID: String(LINKS.get(i)?.tmdbId ?? ''), imdbID: LINKS.get(i)?.imdbId ?? '' });

const get = (who: TestMember | null, file: string) =>
  t.app.inject({ method: 'GET', url: `/api/me/export/${file}`, headers: who ? who.auth : {} });

function records(body: string): Record<string, string>[] {
  return parse(body, { columns: true, bom: false, skip_empty_lines: true });
}

describe('GET /api/me/export/watchlist.csv and ratings.csv', () => {
  let member: TestMember;
  const filmIds: number[] = [];

  beforeAll(async () => {
    member = await createMember(t.app, { username: 'ann.lee' });
    // A day apart, each day with a fresh 15-minute access token.
    const freshToken = async () => {
      const access = await t.app.accessTokens.sign({ userId: member.userId, sessionId: member.sessionId }, t.clock.now());
      member = { ...member, accessToken: access.token, auth: { authorization: `Bearer ${access.token}` } };
    };
    for (const [i, title] of AWKWARD.entries()) {
      await freshToken();
      const film = await createFilm(t.app, { title, releaseYear: 1990 + i });
      filmIds.push(film.filmId);
      const links = LINKS.get(i);
      if (links) await t.app.db.insert(filmFacts).values({ filmId: film.filmId, ...links });
      const saved = await t.app.inject({ method: 'PUT', url: `/api/me/watchlist/${film.filmId}`, headers: member.auth });
      expect(saved.statusCode).toBe(201);
      const rated = await t.app.inject({
        method: 'POST',
        url: '/api/ratings/rate',
        headers: member.auth,
        payload: { user_id: member.userId, film_id: film.filmId, rating: 1 + (i % 10) },
      });
      expect(rated.statusCode).toBe(201);
      t.clock.advance(24 * 60 * 60 * 1000);
    }
    await freshToken();
  });

  it("the watchlist: a Title,Year,tmdbID,imdbID header, one row a film, oldest first, every title whole, the film database's ids where known", async () => {
    const res = await get(member, 'watchlist.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="the-film-list-watchlist-ann\.lee-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.split('\r\n')[0]).toBe('Title,Year,tmdbID,imdbID');
    expect(records(res.body)).toEqual(AWKWARD.map((title, i) => ({ Title: neutralised(title), Year: String(1990 + i), ...idsAt(i) })));
    // وجدة is matched by its ids, not by its title alone.
    expect(res.body).toContain('وجدة,1998,174380,tt2258858');
  });

  it('the ratings: Rating10 as rated (1 to 10), the ids where known, and WatchedDate empty (a rating is not a diary entry)', async () => {
    const res = await get(member, 'ratings.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="the-film-list-ratings-ann\.lee-[\d-]+\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.split('\r\n')[0]).toBe('Title,Year,Rating10,tmdbID,imdbID,WatchedDate');
    expect(records(res.body)).toEqual(
      AWKWARD.map((title, i) => ({
        Title: neutralised(title),
        Year: String(1990 + i),
        Rating10: String(1 + (i % 10)),
        ...idsAt(i),
        WatchedDate: '',
      })),
    );
  });

  it('is UTF-8, and no field starts with a formula character, nor holds a ";" unquoted', async () => {
    const res = await get(member, 'ratings.csv');
    expect(res.rawPayload.toString('utf8')).toContain('東京物語');
    expect(res.body).toContain('\r\n";=1+1",');
    for (const record of records(res.body)) for (const value of Object.values(record)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("holds only the caller's own films, and needs the bearer", async () => {
    const other = await createMember(t.app);
    for (const file of ['watchlist.csv', 'ratings.csv']) {
      const empty = await get(other, file);
      expect(empty.statusCode).toBe(200);
      expect(records(empty.body)).toEqual([]);
      expect((await get(null, file)).statusCode).toBe(401);
      expect((await get(null, file)).headers['content-type']).toMatch(/^application\/json/);
    }
  });
});
