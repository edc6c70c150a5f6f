import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFilm, createReviewer, type TestMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';
import { CardStore } from './card-store.js';

/** docs/product.md §Sharing: a share card per film, its page's og:image. */

const t = useTestApp();
let reviewer: TestMember;
beforeAll(async () => {
  reviewer = await createReviewer(t.app);
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The signature, then the IHDR chunk first with the width and height. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The og:image of a film's page, as a path under PUBLIC_URL. */
async function cardOf(slug: string): Promise<string> {
  const page = await t.app.inject({ url: `/films/${slug}`, headers: { host: 'evil.example' } });
  const match = /<meta property="og:image" content="http:\/\/films\.test(\/cards\/[^"]+)" \/>/.exec(page.body);
  expect(match, 'og:image under PUBLIC_URL').not.toBeNull();
  return match?.[1] ?? '';
}

const servedFrom = (res: { headers: Record<string, unknown> }) => /desc="(\w+)"/.exec(String(res.headers['server-timing']))?.[1];

describe('share cards', () => {
  it('puts a large-image card of the film in its page, beside the canonical address', async () => {
    const film = await createFilm(t.app, { title: 'Card Meta', releaseYear: 2004 });
    const page = await t.app.inject(`/films/${film.slug}`);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toMatch(/<meta name="twitter:image" content="http:\/\/films\.test\/cards\/\d+-[0-9a-f]{16}\.png" \/>/);
    expect(head).toContain('<meta property="og:image:alt" content="Card Meta (2004) on The Film List" />');
    expect(head).toContain(`<link rel="canonical" href="http://films.test/films/${film.slug}" />`);
  });

  it('serves a 1200x630 PNG, rendered once, then from memory, and kept in DATA_DIR/cards', async () => {
    const film = await createFilm(t.app, { title: 'Hunt For The Wilderpeople', releaseYear: 2016 });
    const url = await cardOf(film.slug);
    const first = await t.app.inject(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(servedFrom(first)).toBe('rendered');

    const second = await t.app.inject(url);
    expect(servedFrom(second)).toBe('memory');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const revalidated = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);

    // A restart finds it on disk instead of rendering it again.
    const dir = path.join(t.dataDir, 'cards');
    expect(readdirSync(dir)).toContain(url.slice('/cards/'.length));
    const restarted = await new CardStore(dir).get({
      filmId: film.filmId,
      title: film.title,
      releaseYear: film.releaseYear,
      description: film.description,
    });
    expect(restarted.source).toBe('disk');
    expect(restarted.png.equals(first.rawPayload)).toBe(true);
  });

  it('makes a new card after an edit; the old address redirects to it and its file goes', async () => {
    const film = await createFilm(t.app, { title: 'Before The Edit', releaseYear: 2010 });
    const before = await cardOf(film.slug);
    const old = await t.app.inject(before);
    expect(servedFrom(old)).toBe('rendered');
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/films/${film.filmId}`,
      headers: reviewer.auth,
      payload: { title: 'After The Edit', release_year: '2011', description: 'A different logline altogether.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await cardOf('after-the-edit-2011');
    expect(after).not.toBe(before);
    const fresh = await t.app.inject(after);
    expect(servedFrom(fresh)).toBe('rendered');
    expect(pngSize(fresh.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(fresh.rawPayload.equals(old.rawPayload)).toBe(false);
    const moved = await t.app.inject(before);
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe(after);
    expect(existsSync(path.join(t.dataDir, 'cards', before.slice('/cards/'.length)))).toBe(false);
  });

  it('renders titles and loglines the fonts do not cover without failing', async () => {
    const film = await createFilm(t.app, {
      title: 'Łódź 東京 🎬 Amélie',
      releaseYear: 2001,
      description: `${'A very long logline. '.repeat(40)}🎞️`,
    });
    const res = await t.app.inject(await cardOf(film.slug));
    expect(res.statusCode).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it('answers 404 for an unknown film or a name that is not a card', async () => {
    for (const url of [
      '/cards/2147483000-0123456789abcdef.png',
      '/cards/abc.png',
      '/cards/1-xyz.png',
      '/cards/1-0123456789abcdef.svg',
      '/cards/',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
