import { filmList } from '@filmlist/shared/api/films';
import { lookupAnswer } from '@filmlist/shared/api/lookup';
import { startFakeTmdb } from '@filmlist/server/test/fake-tmdb';
import { FIXTURE_FILMS } from '@filmlist/server/test/tmdb-fixtures';
import { fmt, loadGenerator, loadUrl, median, time } from './lib.js';
import { seedFilms, seedMembers } from './seed.js';
import { createBenchDatabase, signInMembers, startBenchServer, uniqueAddress } from './setup.js';
import type { Figure } from './standing.js';

/** TMDB far away: every API answer of the fake waits this long (docs/performance.md). */
const TMDB_DELAY_MS = 200;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/**
 * Posters and the film database lookup (docs/product.md §Posters, §Film database), against the fake
 * TMDB on loopback with a 200 ms delay on every API answer: posters served per second from our
 * store, and the lookup's latency when its search is new and when it was asked before.
 */
export async function posterFigures(step: (text: string) => void, passwordHash: string): Promise<Figure[]> {
  step('posters and lookup: fake TMDB with a 200 ms delay');
  const fake = await startFakeTmdb({ delayMs: TMDB_DELAY_MS });
  const database = await createBenchDatabase('posters');
  await database.use((db) => seedFilms(db, 100));
  await database.use((db) => seedMembers(db, 10, passwordHash));
  const members = await database.use((db) => signInMembers(db, 10));
  const server = await startBenchServer(database, fake.env);
  // Members take turns, each from its own address, so the lookup's rate limits (60 a minute) stay out of the figures.
  let turn = 0;
  const asMember = () => {
    const member = members[turn++ % members.length];
    return { authorization: member?.authorization ?? '', 'x-forwarded-for': uniqueAddress() };
  };
  const lookupUrl = (query: string) => `${server.url}/api/films/lookup?${new URLSearchParams({ query }).toString()}`;
  try {
    // Every prefix of every fixture title from three letters: each a search TMDB has not answered yet.
    const queries = [
      ...new Set(FIXTURE_FILMS.flatMap((f) => Array.from({ length: f.title.length - 2 }, (_, i) => f.title.slice(0, i + 3).trim()))),
    ];
    const cold: number[] = [];
    for (const query of queries) cold.push(await time(() => getJson(lookupUrl(query), asMember())));
    const warm: number[] = [];
    for (let i = 0; i < 200; i++) warm.push(await time(() => getJson(lookupUrl(queries[i % queries.length] ?? 'moon'), asMember())));

    const poster = lookupAnswer.parse(await getJson(lookupUrl('moon'), asMember())).results[0]?.poster_url ?? '';
    if (!poster.startsWith('/posters/')) throw new Error('the lookup gave no poster address');
    const firstMs = await time(async () => {
      const response = await fetch(`${server.url}${poster}?w=92`);
      if (response.headers.get('content-type') !== 'image/webp') throw new Error(`${poster} is not a stored poster`);
      await response.arrayBuffer();
    });
    const stored = `${server.url}${poster}?w=92`;
    await loadUrl(stored, { duration: 2 });
    const served = await loadUrl(stored);
    const generatedPath = filmList.parse(await getJson(`${server.url}/api/films/allfilms`, {})).films[0]?.poster_url ?? '';
    const generated = await loadUrl(`${server.url}${generatedPath}?w=92`);
    const bytes = (await (await fetch(stored)).arrayBuffer()).byteLength;
    return [
      {
        figure: 'Lookup, new search (TMDB 200 ms away)',
        value: `p50 ${fmt(percentile(cold, 50))} ms, p99 ${fmt(percentile(cold, 99))} ms`,
        how: `${cold.length} lookups one at a time, each a title prefix not searched before: one search and, for the first three candidates not read before, their details in parallel, against the fake TMDB answering after ${TMDB_DELAY_MS} ms`,
      },
      {
        figure: 'Lookup, search asked before',
        value: `p50 ${fmt(percentile(warm, 50))} ms, p99 ${fmt(percentile(warm, 99))} ms (median ${fmt(median(warm))} ms)`,
        how: '200 lookups one at a time of searches already answered (kept in the database for a day): no request to TMDB',
      },
      {
        figure: 'Poster, first request',
        value: `${fmt(firstMs)} ms`,
        how: 'GET of a lookup candidate poster never fetched: TMDB w780 file fetched, checked, re-encoded to four WebP widths with sharp, stored',
      },
      {
        figure: 'Posters served from our store',
        value: `${fmt(served.requestsPerSecond, 0)} req/s, p50 ${served.p50} ms, p99 ${served.p99} ms`,
        how: `${loadGenerator} 8 s, 50 connections, one stored poster at 92 px (${bytes.toLocaleString('en-US')} bytes of WebP), from the instance's memory; ${served.non2xx} non-2xx`,
      },
      {
        figure: 'Generated posters served',
        value: `${fmt(generated.requestsPerSecond, 0)} req/s, p50 ${generated.p50} ms, p99 ${generated.p99} ms`,
        how: `${loadGenerator} 8 s, 50 connections, one film's generated SVG poster; ${generated.non2xx} non-2xx`,
      },
    ];
  } finally {
    await server.stop();
    await database.drop();
    await fake.close();
  }
}
