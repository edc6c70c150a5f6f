import { rmSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filmList } from '@filmlist/shared/api/films';
import { FIRST_VIEW_FILMS } from '@filmlist/shared/constants';
import { createFilm } from '../../test/support/factories.js';
import { createWebRoot } from '../../test/support/web-root.js';
import { createTestApp, type TestApp } from '../../test/support/test-app.js';

let t: TestApp;
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
  t = await createTestApp({ app: { webRoot: root }, env: { COFFEE_URL: 'https://coffee.example/films' } });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

function configIn(html: string): unknown {
  const match = /<script type="application\/json" id="app-config">(.*?)<\/script>/.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
}

describe('the web app', () => {
  it('gets its configuration written into the page', async () => {
    const res = await t.app.inject('/');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(configIn(res.body)).toMatchObject({ publicUrl: 'http://films.test', links: { coffee: 'https://coffee.example/films' } });
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

  it('serves the plain app for a film that does not exist and for the private route', async () => {
    for (const url of ['/films/no-such-film-1999', '/films/private/quiet-days-1999']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('og:title');
      expect(configIn(res.body)).not.toBeNull();
    }
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
    return filmList.extend({ total: z.number().int() }).parse(JSON.parse(match?.[1] ?? 'null'));
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
});
