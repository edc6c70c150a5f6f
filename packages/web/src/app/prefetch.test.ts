import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { filmListQuery, refreshListTo } from '../features/films/api/get-films';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { writeSession } from '../lib/session-storage';
import { film } from '../test/factories';
import { callsTo, json, mockApi, recordedCalls } from '../test/fake-api';
import { member } from '../test/render-page';
import { prefetchFirstView } from './prefetch';

const films = [film(1, 'Moon', 2009), film(2, 'Paterson', 2016), film(3, 'The Fall', 2006)];

/** A page as the server sends / and /dashboard: the list's first films written into it. */
function pageWith(first: unknown): Document {
  const doc = document.implementation.createHTMLDocument('The Film List');
  if (first !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'first-films';
    script.textContent = typeof first === 'string' ? first : JSON.stringify(first);
    doc.head.append(script);
  }
  return doc;
}

/** Lets MSW see any request the code started. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const listCalls = () => callsTo(recordedCalls(), '/api/films/allfilms');

describe('the first view of the list (docs/product.md §Loading the list)', () => {
  it('puts a whole list written into the page straight into the cache, and asks the server for nothing', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    const client = createQueryClient();
    const afterPaint = prefetchFirstView('/', pageWith({ films, total: 3 }), client);
    afterPaint();
    await settle();
    expect(client.getQueryData(queryKeys.filmList)).toEqual(films);
    expect(listCalls()).toEqual([]);
  });

  it('takes the version written with a whole list as the one it holds: the live list announcing it reads nothing, a newer one is read by its address', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }, 200, { etag: 'W/"v2"' }) });
    const client = createQueryClient();
    prefetchFirstView('/', pageWith({ films, total: 3, version: 'W/"v1"' }), client)();
    // The list as a page shows it.
    const unsubscribe = new QueryObserver(client, filmListQuery()).subscribe(() => undefined);
    try {
      expect(await refreshListTo(client, 'W/"v1"')).toBe(false);
      await settle();
      expect(listCalls()).toEqual([]);
      await refreshListTo(client, 'W/"v2"');
      expect(listCalls().map((call) => call.query)).toEqual([{ v: 'W/"v2"' }]);
    } finally {
      unsubscribe();
    }
  });

  it('keeps the first films of a longer list as the first rows, and asks for the full list only once the first frame is painted', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    const client = createQueryClient();
    const afterPaint = prefetchFirstView('/', pageWith({ films: films.slice(0, 2), total: 3 }), client);
    expect(client.getQueryData(queryKeys.firstFilms)).toEqual({ films: films.slice(0, 2), total: 3 });
    expect(client.getQueryData(queryKeys.filmList)).toBeUndefined();
    await settle();
    expect(listCalls()).toEqual([]);
    afterPaint();
    await settle();
    expect(listCalls()).toHaveLength(1);
    expect(client.getQueryData(queryKeys.filmList)).toEqual(films);
    // The page's copy is done with: a later load of the list (once the cache has let it go) waits for the server.
    expect(client.getQueryData(queryKeys.firstFilms)).toBeUndefined();
  });

  it('asks for the list at once when the page has no films in it, or films it cannot read', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    for (const page of [pageWith(undefined), pageWith('{"films": [{"film_id": "one"}], "total": 1}'), pageWith('not json')]) {
      const before = listCalls().length;
      const client = createQueryClient();
      prefetchFirstView('/', page, client);
      await settle();
      expect(listCalls()).toHaveLength(before + 1);
      expect(client.getQueryData(queryKeys.firstFilms)).toBeUndefined();
    }
  });

  it("asks for a member's own votes at once on the dashboard while the stored token is good, and leaves an expired one to the refresh", async () => {
    mockApi({ 'GET /api/me/votes': () => json({ mentions: { 1: false }, ratings: {} }) });
    writeSession({ accessToken: 'good', accessTokenExpiration: Date.now() + 600_000, refreshToken: 'r', user: member });
    const client = createQueryClient();
    prefetchFirstView('/dashboard', pageWith({ films, total: 3 }), client);
    await settle();
    expect(callsTo(recordedCalls(), '/api/me/votes').map((call) => call.auth)).toEqual(['Bearer good']);
    expect(client.getQueryData(queryKeys.memberVotes(member.user_id))).toEqual({ mentions: { 1: false }, ratings: {} });

    writeSession({ accessToken: 'old', accessTokenExpiration: Date.now() - 1000, refreshToken: 'r', user: member });
    prefetchFirstView('/dashboard', pageWith({ films, total: 3 }), createQueryClient());
    await settle();
    expect(callsTo(recordedCalls(), '/api/me/votes')).toHaveLength(1);
  });

  it('does nothing on the other pages', async () => {
    const client = createQueryClient();
    const afterPaint = prefetchFirstView('/about', pageWith({ films: films.slice(0, 1), total: 3 }), client);
    afterPaint();
    await settle();
    expect(recordedCalls()).toEqual([]);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
