import { describe, expect, it } from 'vitest';
import { createFilm, createMember } from '../../../test/support/factories.js';
import { useTestApp } from '../../../test/support/test-app.js';
import { FEED_ENTRIES } from './routes.js';

/** docs/product.md §Feed and sitemap: the Atom feed, the sitemap and robots.txt, every address under PUBLIC_URL. */

const t = useTestApp();

// A Host header of its own: no address may come from it.
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host: 'evil.example', ...headers } });

const entriesOf = (xml: string) => [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => m[1] ?? '');
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');

describe('GET /feed.xml', () => {
  it('is an Atom feed of the newest films, newest first, linking their pages under PUBLIC_URL', async () => {
    const made = [];
    for (let i = 0; i < FEED_ENTRIES + 2; i++) {
      t.clock.advance(60_000);
      made.push(await createFilm(t.app, { title: `Feed Film ${i}`, releaseYear: 1990 + (i % 30) }));
    }
    const newest = await createFilm(t.app, { title: 'Tom & Jerry <Live>', releaseYear: 2021, description: 'Cat "and" mouse.' });
    const res = await get('/feed.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\s*<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
    expect(res.body).toContain('<link rel="self" href="http://films.test/feed.xml"/>');
    expect(res.body).not.toContain('evil.example');
    const entries = entriesOf(res.body);
    expect(entries).toHaveLength(FEED_ENTRIES);
    // Newest first, and markup in a title or logline is escaped.
    expect(entries[0]).toContain('<title type="html"><![CDATA[Tom &#38; Jerry &#60;Live&#62; (2021)]]></title>');
    expect(entries[0]).toContain('<summary type="html"><![CDATA[Cat &#34;and&#34; mouse.]]></summary>');
    expect(entries[0]).toContain(`<link href="http://films.test/films/${encodeURIComponent(newest.slug)}"/>`);
    expect(entries[0]).toContain(`<id>tag:films.test,2026:film-${newest.filmId}</id>`);
    expect(entries[1]).toContain(`Feed Film ${FEED_ENTRIES + 1} (`);
    expect(res.body).not.toContain('Feed Film 0 (');
    expect(res.body).not.toContain('Feed Film 1 (');
  });

  it('answers 304 to a reader that has it, after a vote too, and names a film added since', async () => {
    const first = await get('/feed.xml');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=300, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/);
    expect((await get('/feed.xml', { 'if-none-match': etag })).statusCode).toBe(304);

    // A vote makes a new ranked list but changes no feed byte.
    const member = await createMember(t.app);
    const [film] = (await t.app.filmListCache.get()).films;
    const vote = await t.app.inject({
      method: 'POST',
      url: '/api/mentions/mentioned',
      headers: member.auth,
      payload: { user_id: member.userId, film_id: film?.film_id, mentioned: false },
    });
    expect(vote.statusCode).toBe(201);
    expect((await get('/feed.xml', { 'if-none-match': etag })).statusCode).toBe(304);

    const added = await createFilm(t.app, { title: 'Added Since', releaseYear: 2022 });
    const changed = await get('/feed.xml', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(entriesOf(changed.body)[0]).toContain(`film-${added.filmId}</id>`);
  });

  it('is named on every page for autodiscovery', async () => {
    const film = await createFilm(t.app, { title: 'Discovered', releaseYear: 2003 });
    for (const url of ['/', '/about', `/films/${film.slug}`]) {
      const head = (await get(url)).body.split('</head>')[0] ?? '';
      expect(head, url).toContain(
        '<link rel="alternate" type="application/atom+xml" title="The Film List: new films" href="http://films.test/feed.xml" />',
      );
    }
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists the static pages and every film page, escaped, under PUBLIC_URL', async () => {
    const odd = await createFilm(t.app, { title: 'Quiet <Days> & Nights', releaseYear: 1999 });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const locs = locsOf(res.body);
    for (const page of ['/', '/about', '/terms-conditions', '/privacy-policy']) expect(locs).toContain(`http://films.test${page}`);
    const films = (await t.app.filmListCache.get()).films;
    expect(locs).toHaveLength(films.length + 4);
    for (const film of films) expect(locs).toContain(`http://films.test/films/${encodeURIComponent(film.slug)}`.replace(/&/g, '&#38;'));
    expect(locs).toContain(`http://films.test/films/${encodeURIComponent(odd.slug)}`);
    expect(res.body).not.toMatch(/<loc>[^<]*[<>"][^<]*<\/loc>/);
    const etag = String(res.headers.etag);
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(304);
    await createFilm(t.app, { title: 'Mapped Later', releaseYear: 2005 });
    const later = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(later.statusCode).toBe(200);
    expect(locsOf(later.body)).toContain('http://films.test/films/mapped-later-2005');
  });

  it("robots.txt keeps crawlers out of the API, the private pages and the reviewers' pages, and names the sitemap", async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/films/private/', '/dashboard', '/myprofile', '/addfilm', '/my-submissions', '/master']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: http://films.test/sitemap.xml');
  });
});
