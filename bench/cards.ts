import { renderCard } from '@filmlist/server/bench';
import { fmt, loadGenerator, loadUrl, median, time } from './lib.js';
import { seedFilms } from './seed.js';
import { createBenchDatabase, startBenchServer } from './setup.js';
import type { Figure } from './standing.js';

const benchFilm = (i: number) => ({
  filmId: i,
  title: `Bench Film ${String(i).padStart(6, '0')} Night`,
  releaseYear: 1950 + (i % 75),
  description: `A seeded logline for film number ${i}, long enough to wrap onto a second line of the card.`,
});

/** The og:image of a film's page, as a path. */
async function cardUrlOf(base: string, slug: string): Promise<string> {
  const page = await (await fetch(`${base}/films/${slug}`)).text();
  const match = /<meta property="og:image" content="https?:\/\/[^/"]+(\/cards\/[^"]+)"/.exec(page);
  if (!match?.[1]) throw new Error(`no og:image in the page of ${slug}`);
  return match[1];
}

/** Timed GET of a card; the server says how it served it (Server-Timing: memory, disk or rendered). */
async function getCard(url: string): Promise<{ ms: number; source: string }> {
  let source = '';
  const ms = await time(async () => {
    const response = await fetch(url);
    if (response.status !== 200 || response.headers.get('content-type') !== 'image/png')
      throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
    source = /desc="(\w+)"/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? '?';
  });
  return { ms, source };
}

/**
 * Share cards (docs/product.md §Sharing): rendering one (satori lays it out, resvg
 * draws the PNG) in this process, then the real server answering a card from
 * its memory, from DATA_DIR/cards after a restart, and under load.
 */
export async function cardFigures(step: (text: string) => void): Promise<Figure[]> {
  step('cards: rendering in process');
  const coldMs = await time(() => renderCard(benchFilm(0)));
  const warm = [];
  for (let i = 1; i <= 20; i++) warm.push(await time(() => renderCard(benchFilm(i))));

  step('cards: served by the server');
  const database = await createBenchDatabase('cards');
  await database.use((db) => seedFilms(db, 100));
  const slug = 'bench-film-000001-sea-1951';
  let server = await startBenchServer(database);
  let card: string;
  let rendered: { ms: number; source: string };
  const memory: number[] = [];
  try {
    card = await cardUrlOf(server.url, slug);
    rendered = await getCard(server.url + card);
    for (let i = 0; i < 20; i++) memory.push((await getCard(server.url + card)).ms);
  } finally {
    await server.stop();
  }
  server = await startBenchServer(database);
  try {
    const url = server.url + card;
    const disk = await getCard(url);
    await loadUrl(url, { duration: 2 });
    const loaded = await loadUrl(url);
    return [
      {
        figure: 'Share card, first render',
        value: `${fmt(coldMs)} ms`,
        how: 'renderCard in a fresh process: fonts read, satori and resvg initialised, 1200x630 PNG',
      },
      {
        figure: 'Share card, render',
        value: `median ${fmt(median(warm))} ms, max ${fmt(Math.max(...warm))} ms`,
        how: '20 cards of different films after the first, satori (SVG) then resvg (PNG, on the thread pool)',
      },
      {
        figure: 'Share card, first request to the server',
        value: `${fmt(rendered.ms)} ms (${rendered.source})`,
        how: 'GET /cards/{id}-{version}.png on a server that has not rendered a card yet',
      },
      { figure: 'Share card, cached in memory', value: `median ${fmt(median(memory))} ms`, how: `20 GETs of the same card, one at a time` },
      {
        figure: 'Share card, from DATA_DIR/cards after a restart',
        value: `${fmt(disk.ms)} ms (${disk.source})`,
        how: 'first GET after the server restarted',
      },
      {
        figure: 'Share card, cached, under load',
        value: `${fmt(loaded.requestsPerSecond, 0)} req/s, p50 ${loaded.p50} ms, p99 ${loaded.p99} ms`,
        how: `${loadGenerator} 8 s, 50 connections, one card of ${(await (await fetch(url)).arrayBuffer()).byteLength.toLocaleString('en-US')} bytes, ${loaded.non2xx} non-2xx`,
      },
    ];
  } finally {
    await server.stop();
    await database.drop();
  }
}
