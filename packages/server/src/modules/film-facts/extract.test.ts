import { describe, expect, it } from 'vitest';
import { tmdbMovieAnswer } from '@filmlist/shared/tmdb-answers';
import { extractFacts } from './extract.js';

/** The film database is outside input: what it says is checked and cleaned before it is kept. */
describe('extractFacts', () => {
  const answer = (extra: Record<string, unknown>) => tmdbMovieAnswer.parse({ id: 1, title: 'A Film', ...extra });

  it('cleans names, drops repeats and blanks, and keeps five of the cast in billing order', () => {
    const facts = extractFacts(
      answer({
        credits: {
          cast: [6, 2, 4, 1, 5, 3, 0].map((order) => ({
            id: order + 1,
            name: order === 1 ? 'Second\u0007 Actor\u202E' : `Actor ${order}`,
            order,
          })),
          crew: [
            { id: 9, name: 'The Director', job: 'Director' },
            { id: 10, name: 'The Director', job: 'Director' },
            { id: 11, name: '\u200B', job: 'Director' },
            { id: 12, name: 'A Writer', job: 'Screenplay' },
          ],
        },
        genres: [
          { id: 1, name: 'Drama' },
          { id: 2, name: 'Drama' },
          { id: 3, name: 'bad' },
        ],
        production_countries: [{ iso_3166_1: 'FR', name: 'France\n' }],
      }),
      'AU',
    );
    expect(facts.cast).toEqual(['Actor 0', 'Second Actor', 'Actor 2', 'Actor 3', 'Actor 4']);
    expect(facts.directors).toEqual(['The Director']);
    expect(facts.genres).toEqual(['Drama', 'bad']);
    expect(facts.countries).toEqual(['France']);
  });

  it('keeps an IMDb id, a runtime and a trailer only when they are what they should be', () => {
    const video = (key: string, extra: Record<string, unknown> = {}) => ({ key, site: 'YouTube', type: 'Trailer', ...extra });
    const facts = extractFacts(
      answer({
        imdb_id: 'tt0120907',
        external_ids: { imdb_id: 'javascript:alert(1)' },
        runtime: 0,
        videos: {
          results: [
            video('OlderTrail1', { official: true, published_at: '2001-01-01' }),
            video('NewerTrail1', { official: true, published_at: '2011-01-01' }),
            video('Unofficial1', { official: false, published_at: '2021-01-01' }),
            video('NotYouTube1', { site: 'Vimeo', official: true, published_at: '2022-01-01' }),
            video('a/../b?c=d', { official: true, published_at: '2023-01-01' }),
          ],
        },
      }),
      'AU',
    );
    expect(facts).toMatchObject({ imdbId: null, runtime: null, trailerKey: 'NewerTrail1' });
    expect(extractFacts(answer({ imdb_id: 'tt0120907', runtime: 97 }), 'AU')).toMatchObject({ imdbId: 'tt0120907', runtime: 97 });
  });

  it("keeps only an https page of TMDB's as the watch link, and only the region's offers", () => {
    const offers = (link: string) =>
      answer({
        'watch/providers': {
          results: {
            AU: { link, flatrate: [{ provider_id: 8, provider_name: 'Netflix', display_priority: 2 }] },
            US: { link: 'https://www.themoviedb.org/movie/1/watch?locale=US', buy: [{ provider_id: 2, provider_name: 'Apple TV' }] },
          },
        },
      });
    expect(extractFacts(offers('https://www.themoviedb.org/movie/1/watch?locale=AU'), 'AU')).toMatchObject({
      watchRegion: 'AU',
      watchLink: 'https://www.themoviedb.org/movie/1/watch?locale=AU',
      watchOffers: [{ provider: 'Netflix', kinds: ['subscription'] }],
    });
    for (const link of [
      'http://www.themoviedb.org/x',
      'https://themoviedb.org.evil.example/x',
      'javascript:alert(1)',
      'https://evil.example/?themoviedb.org',
    ]) {
      expect(extractFacts(offers(link), 'AU').watchLink, link).toBeNull();
    }
    expect(extractFacts(offers('https://www.themoviedb.org/x'), 'NZ')).toMatchObject({ watchLink: null, watchOffers: [] });
  });
});
