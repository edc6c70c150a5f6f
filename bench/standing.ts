import { fmt, loadGenerator, loadUrl, median, time } from './lib.js';

export interface Figure {
  figure: string;
  value: string;
  how: string;
}

async function standing(base: string, filmId: number): Promise<void> {
  const response = await fetch(`${base}/api/films/standing?film_id=${filmId}`);
  if (!response.ok) throw new Error(`standing of film ${filmId} answered ${response.status}`);
  await response.arrayBuffer();
}

/**
 * GET /api/films/standing (docs/product.md §Standing) on the bench's ranked list: the first
 * read of a film after a write (the rank from the cached list, one statement
 * for the counters and the ratings per value) and reads served from memory.
 * The bench's votes favour its first films, so films 1 to 25 carry the most ratings.
 */
export async function standingFigures(base: string, firstFilmId: number): Promise<Figure[]> {
  // The ranked list is loaded first, as any standing read needs it.
  await fetch(`${base}/api/films/allfilms`).then((r) => r.arrayBuffer());
  const busiest = Array.from({ length: 25 }, (_, i) => firstFilmId + i);
  const spread = Array.from({ length: 25 }, (_, i) => firstFilmId + 400 + i * 317);
  const first = [];
  for (const filmId of busiest) first.push(await time(() => standing(base, filmId)));
  const elsewhere = [];
  for (const filmId of spread) elsewhere.push(await time(() => standing(base, filmId)));
  await loadUrl(`${base}/api/films/standing?film_id=${firstFilmId}`, { duration: 2 });
  const cached = await loadUrl(`${base}/api/films/standing?film_id=${firstFilmId}`);
  return [
    {
      figure: 'Film standing, first read, most-rated films',
      value: `median ${fmt(median(first))} ms, max ${fmt(Math.max(...first))} ms`,
      how: '25 films with the most votes, each read once after the list was loaded: rank from the cached list, counters and ratings per value in one statement',
    },
    {
      figure: 'Film standing, first read, other films',
      value: `median ${fmt(median(elsewhere))} ms, max ${fmt(Math.max(...elsewhere))} ms`,
      how: '25 films spread over the list, each read once',
    },
    {
      figure: 'Film standing, cached (GET /api/films/standing)',
      value: `${fmt(cached.requestsPerSecond, 0)} req/s, p50 ${cached.p50} ms, p99 ${cached.p99} ms`,
      how: `${loadGenerator} 8 s, 50 connections, one film, ${cached.non2xx} non-2xx: served from memory until the next write`,
    },
  ];
}
