import { rmSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filmList } from '@filmlist/shared/api/films';
import { FIRST_VIEW_FILMS } from '@filmlist/shared/constants';
import { serverMessages } from '@filmlist/shared/messages';
import { PAGES } from '@filmlist/shared/pages';
import { createFilm, createReviewer } from '../../../test/support/factories.js';
import { call } from '../../../test/support/http.js';
import { createWebRoot } from '../../../test/support/web-root.js';
import { createTestApp, useTestApp } from '../../../test/support/test-app.js';

let root: string;

beforeAll(async () => {
  root = createWebRoot(
    {
      'assets/app-abc123.js': 'console.log(1)',
      // What the web build writes beside each script (packages/web/vite.config.ts).
      'assets/app-abc123.js.br': brotliCompressSync('console.log(1)'),
    },
    '<script type="module" src="/assets/app-abc123.js"></script>',
  );
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});
const t = useTestApp(() => ({ app: { webRoot: root }, env: { COFFEE_URL: 'https://coffee.example/films' } }));

function configIn(html: string): unknown {
  const match = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
}

describe('the web app', () => {
  it('gets its configuration written into the page', async () => {
    const res = await t.app.inject('/');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d, /);
    expect(configIn(res.body)).toMatchObject({ publicUrl: 'http://films.test', links: { coffee: 'https://coffee.example/films' } });
    // Without TMDB_API_TOKEN the film database is off: no TMDB or JustWatch credit (docs/product.md §Film database).
    expect(configIn(res.body)).toMatchObject({ filmDatabase: false, watchRegionName: 'Australia' });
    expect(res.body).not.toContain('og:title');
    // Every page names the feed for autodiscovery, under PUBLIC_URL.
    expect(res.body).toContain(
      '<link rel="alternate" type="application/atom+xml" title="The Film List: new films" href="http://films.test/feed.xml" />',
    );
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the pre-compressed copy of an asset to a browser that accepts it, and the plain file otherwise', async () => {
    const br = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('puts share-preview tags into the page of a film that exists, escaped', async () => {
    await createFilm(t.app, { title: 'Quiet <Days> & "Nights"', releaseYear: 1999, description: "A film's </script><b>logline</b>" });
    const res = await t.app.inject('/films/quiet-<days>-&-"nights"-1999');
    expect(res.statusCode).toBe(200);
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<meta property="og:title" content="Quiet &#60;Days&#62; &#38; &#34;Nights&#34; (1999) | The Film List" />');
    expect(head).toContain('<meta property="og:description" content="A film&#39;s &#60;/script&#62;&#60;b&#62;logline&#60;/b&#62;" />');
    expect(head).toMatch(/<meta property="og:url" content="http:\/\/films\.test\/films\/quiet-/);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toMatch(/<meta property="og:image" content="http:\/\/films\.test\/cards\/\d+-[0-9a-f]{16}\.png" \/>/);
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta property="og:image:height" content="630" />');
    expect(head).toMatch(/<link rel="canonical" href="http:\/\/films\.test\/films\/quiet-/);
    expect(head).toContain('<title>Quiet &#60;Days&#62;');
    expect(res.body).not.toContain('<b>logline</b>');
  });

  it("answers 404 with the plain app for a film that does not exist, and the plain app for a film's members' page", async () => {
    for (const url of ['/films/no-such-film-1999', '/films/private/no-such-film-1999']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).not.toContain('og:title');
      expect(configIn(res.body)).not.toBeNull();
    }
    const film = await createFilm(t.app);
    const members = await t.app.inject(`/films/private/${film.slug}`);
    expect(members.statusCode).toBe(200);
    expect(members.body).not.toContain('og:title');
    expect(configIn(members.body)).not.toBeNull();
  });

  it('keeps the configuration JSON from closing its script element', async () => {
    const hostile = await createTestApp({
      app: { webRoot: root },
      env: { SHOP_URL: 'https://shop.example/</script><script>alert(1)</script>' },
    });
    try {
      const body = (await hostile.app.inject('/')).body;
      expect(body).not.toContain('</script><script>alert(1)');
      expect(configIn(body)).toMatchObject({ links: { shop: 'https://shop.example/</script><script>alert(1)</script>' } });
    } finally {
      await hostile.close();
    }
  });
});

describe('the pages of the ranked list', () => {
  const firstFilms = (html: string) => {
    const match = /<script type="application\/json" id="first-films">(.*?)<\/script>/.exec(html);
    return filmList.extend({ total: z.number().int(), version: z.string() }).parse(JSON.parse(match?.[1] ?? 'null'));
  };

  it('carry the first films of the ranked list, as the list answers them, in at most a page', async () => {
    const app = await createTestApp({ app: { webRoot: root } });
    try {
      for (let i = 0; i < FIRST_VIEW_FILMS + 5; i += 1) await createFilm(app.app);
      const list = filmList.parse((await app.app.inject('/api/films/allfilms')).json()).films;
      for (const path of ['/', '/dashboard', '/index.html']) {
        const page = firstFilms((await app.app.inject(path)).body);
        expect(page.total).toBe(list.length);
        expect(page.films).toEqual(list.slice(0, FIRST_VIEW_FILMS));
        // The version the live list announces: the list's own ETag.
        expect(page.version).toBe((await app.app.inject('/api/films/allfilms')).headers.etag);
      }
    } finally {
      await app.close();
    }
  });

  it('are compressed when the browser accepts it, and follow a change of the list', async () => {
    const before = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(before.headers['content-encoding']).toBe('br');
    expect(before.headers.vary).toMatch(/Accept-Encoding/);
    const html = brotliDecompressSync(before.rawPayload).toString('utf8');
    expect(html).toContain('id="app-config"');
    const film = await createFilm(t.app, { title: 'A Film Just Added' });
    t.app.filmListCache.invalidate();
    const after = firstFilms((await t.app.inject('/')).body);
    expect(after.films.map((f) => f.film_id)).toContain(film.filmId);
    expect((await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, gzip' } })).headers['content-encoding']).toBe('gzip');
  });

  it('have one weak ETag for every copy, answer 304 while the list is the same, and a new ETag after a change (decision 013)', async () => {
    const copies = await Promise.all(
      ['br', 'gzip', 'identity'].map((encoding) => t.app.inject({ url: '/', headers: { 'accept-encoding': encoding } })),
    );
    const etag = String(copies[0]?.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(copies.map((c) => c.headers.etag)).toEqual([etag, etag, etag]);
    const again = await t.app.inject({ url: '/dashboard', headers: { 'if-none-match': etag, 'accept-encoding': 'br' } });
    expect([again.statusCode, again.headers.vary, again.headers['cache-control']]).toEqual([
      304,
      'Accept-Encoding',
      copies[0]?.headers['cache-control'],
    ]);
    await createFilm(t.app);
    t.app.filmListCache.invalidate();
    const changed = await t.app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const missing = await t.app.inject('/films/no-such-film-1999');
    expect([missing.statusCode, missing.headers['cache-control']]).toEqual([404, 'no-store']);
  });
});

describe('page statuses, over HTTP', () => {
  /** A path of each page pattern: its params filled in, a film's with a film that exists. */
  const pathOf = (pattern: string, slug: string) => pattern.replace(/:filmDetails/, slug).replace(/:[a-z_]+/g, 'x');

  it('answers 200 for every page of the web app, 404 with the app for any other path, and 404 JSON under /api', async () => {
    const film = await createFilm(t.app);
    const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const known = [...Object.values(PAGES).map((pattern) => pathOf(pattern, film.slug)), '/index.html', '/about/'];
    for (const path of known) {
      const answer = await call(base, path);
      expect(answer.status, path).toBe(200);
      expect(configIn(answer.text), path).not.toBeNull();
    }
    const unknown = ['/no/such/page', '/films/no-such-film-1999', '/films/private/no-such-film-1999', '/assets/missing.js', '/films'];
    for (const path of unknown) {
      const answer = await call(base, path);
      expect(answer.status, path).toBe(404);
      expect(configIn(answer.text), path).not.toBeNull();
    }
    const api = await call(base, '/api/no-such-route');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: serverMessages.apiNotFound, code: 'not_found' });
  });

  it("redirects an edited film's old address to its new one, for the public page and the members' page", async () => {
    const reviewer = await createReviewer(t.app);
    const film = await createFilm(t.app, { title: 'Before The Edit', releaseYear: 2004 });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/films/${film.filmId}`,
      headers: reviewer.auth,
      payload: { title: 'After The Edit', release_year: '2004', description: film.description },
    });
    expect(edit.statusCode).toBe(200);
    const publicPage = await t.app.inject(`/films/${film.slug}`);
    expect(publicPage.statusCode).toBe(301);
    expect(publicPage.headers.location).toBe('/films/after-the-edit-2004');
    const membersPage = await t.app.inject(`/films/private/${film.slug}`);
    expect(membersPage.statusCode).toBe(301);
    expect(membersPage.headers.location).toBe('/films/private/after-the-edit-2004');
  });
});
