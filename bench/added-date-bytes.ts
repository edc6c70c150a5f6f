import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Film } from '@filmlist/shared/api/films';
import { FIRST_VIEW_FILMS } from '@filmlist/shared/constants';
import { filmScore, rankFilms } from '@filmlist/shared/score';
import { filmSlug } from '@filmlist/shared/slug';

/**
 * What a date on every row of the ranked list would cost (decision 011): the
 * JSON of the list's first view (the first 50 films, as written into the
 * page) and of the whole list, with no date and with three forms of one,
 * compressed as the server compresses them (brotli quality 5, gzip level 6).
 * The films are synthetic but shaped like real ones: varied titles and
 * loglines, counters skewed towards a few films, creation dates spread over
 * two years. `node --import tsx bench/added-date-bytes.ts`.
 */

const WORDS = ['Night', 'Harbour', 'Quiet', 'Paper', 'River', 'Winter', 'Garden', 'Signal', 'Lost', 'Golden', 'Station', 'Hollow'] as const;
const VERBS = ['finds', 'loses', 'follows', 'builds', 'remembers', 'hides', 'answers', 'crosses'] as const;
const THINGS = ['a letter', 'an old radio', 'a stranger', 'the last train', 'a map', 'her brother', 'a small town', 'the sea'] as const;

let state = 7;
const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const pick = <T>(items: readonly [T, ...T[]]): T => items[Math.floor(random() * items.length)] ?? items[0];

const DAY_MS = 86_400_000;
const end = Date.parse('2026-11-24T00:00:00Z');

function films(count: number): Array<{ film: Film; created: Date }> {
  const made = Array.from({ length: count }, (_, i) => {
    const title = `${pick(WORDS)} ${pick(WORDS)}${i % 3 === 0 ? ` ${pick(WORDS)}` : ''}`;
    const year = 1950 + Math.floor(random() * 76);
    const weight = random() ** 3;
    const n = Math.floor(weight * 60);
    const h = Math.floor(weight * 30 * random());
    const r = Math.floor(weight * 40 * random());
    const s = r * (1 + Math.floor(random() * 10));
    const film: Film = {
      film_id: i + 1,
      title,
      release_year: year,
      description: `A ${pick(WORDS).toLowerCase()} keeper ${pick(VERBS)} ${pick(THINGS)} and ${pick(VERBS)} ${pick(THINGS)} before morning.`,
      watch_link: random() < 0.5 ? `https://watch.example/${i + 1}` : null,
      slug: filmSlug(`${title} ${i + 1}`, year),
      score: filmScore({ notHeard: n, heardNotRated: h, ratingCount: r, ratingSum: s }),
      n,
      h,
      r,
      s,
    };
    return { film, created: new Date(end - Math.floor(random() * 730) * DAY_MS - Math.floor(random() * DAY_MS)) };
  });
  const ranked = rankFilms(made.map(({ film }) => film));
  const createdById = new Map(made.map(({ film, created }) => [film.film_id, created]));
  return ranked.map((film) => ({ film, created: createdById.get(film.film_id) ?? new Date(end) }));
}

const FORMS: Record<string, (row: { film: Film; created: Date }) => object> = {
  'no date (today)': ({ film }) => film,
  'added_at, ISO 8601': ({ film, created }) => ({ ...film, added_at: created.toISOString() }),
  'added, YYYY-MM-DD': ({ film, created }) => ({ ...film, added: created.toISOString().slice(0, 10) }),
  'a UTC day number': ({ film, created }) => ({ ...film, a: Math.floor(created.getTime() / DAY_MS) }),
};

const brotli = (body: Buffer) =>
  brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }).length;
const gzip = (body: Buffer) => gzipSync(body, { level: 6 }).length;

console.log('rows                   form                 raw bytes   brotli    gzip');
for (const count of [1_000, 10_000]) {
  const list = films(count);
  for (const [label, rows] of [
    [`first view of ${count}`, list.slice(0, FIRST_VIEW_FILMS)],
    [`all ${count}`, list],
  ] as const) {
    for (const [form, shape] of Object.entries(FORMS)) {
      const body = Buffer.from(JSON.stringify({ films: rows.map(shape) }));
      console.log(
        `${label.padEnd(22)} ${form.padEnd(20)} ${String(body.length).padStart(9)} ${String(brotli(body)).padStart(8)} ${String(gzip(body)).padStart(7)}`,
      );
    }
  }
}
