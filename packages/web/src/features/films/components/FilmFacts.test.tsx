import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { Routes } from '../../../lib/router';
import { filmDetail, standingDetail, storedPoster } from '../../../test/factories';
import { json, mockApi } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import FilmDetailsPage from './FilmDetailsPage';

const routes = [{ path: '/films/:filmDetails', element: <FilmDetailsPage private={false} /> }];
const open = (path: string, state: unknown = null) => renderPage(<Routes routes={routes} />, { path, state, route: '*' });

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const facts = {
  tmdb_id: 194,
  imdb_id: 'tt0211915',
  original_title: "Le Fabuleux Destin d'Amélie Poulain",
  runtime: 122,
  directors: ['Jean-Pierre Jeunet'],
  cast: ['Audrey Tautou', 'Mathieu Kassovitz'],
  genres: ['Comedy', 'Romance'],
  countries: ['France', 'Germany'],
  trailer_key: 'HUECWi5pX7o',
  poster_url: storedPoster(194),
  where_to_watch: {
    region: 'AU',
    region_name: 'Australia',
    link: 'https://www.themoviedb.org/movie/194-amelie/watch?locale=AU',
    offers: [
      { provider: 'SBS On Demand', kinds: ['free' as const] },
      { provider: 'Apple TV', kinds: ['rent' as const, 'buy' as const] },
    ],
  },
  recommendation: { note: 'Everyone knows the poster, few have seen the film.', by: 'mia' },
};

describe('the film page with what the film database knows (docs/product.md §Film page)', () => {
  it('shows the poster, credits, runtime, original title, links out, where to watch and who recommended it', async () => {
    mockApi({
      'GET /api/films/filmdetails': () => json({ film: filmDetail(3, 'Amelie', 2001, null, facts) }),
      'GET /api/films/standing': () => json({ standing: standingDetail('amelie-2001', { film_id: 3, ...facts }) }),
    });
    const popup = vi.spyOn(window, 'open').mockImplementation(() => null);
    open('/films/amelie-2001');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Amelie' });
    expect(heading).toHaveAttribute('dir', 'auto');
    const poster = document.querySelector('img.film-poster');
    expect(poster).toHaveAttribute('src', storedPoster(194));
    expect(poster).toHaveAttribute('srcset', expect.stringContaining(`${storedPoster(194)}?w=500 500w`));
    expect(poster).toHaveAttribute('width', '342');
    expect(poster).toHaveAttribute('height', '513');
    expect(screen.getByText('Directed by', { exact: false })).toHaveTextContent('Directed by Jean-Pierre Jeunet');
    expect(screen.getByText('2h 2m')).toBeInTheDocument();
    expect(screen.getByText('2 hours 2 minutes')).toBeInTheDocument();
    expect(screen.getByText('Original title:', { exact: false })).toHaveTextContent("Le Fabuleux Destin d'Amélie Poulain");
    expect(screen.getByText('Audrey Tautou')).toBeInTheDocument();
    expect(screen.getByText('Germany')).toBeInTheDocument();
    // Its two genres are named once, in the hero; Details names genres only when there are more than it shows.
    expect(screen.getAllByText('Comedy, Romance')).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: 'Details' })).queryByText(/Genre/)).toBeNull();

    const links = screen.getByRole('region', { name: 'More about this film' });
    expect(within(links).getByRole('link', { name: 'IMDb' })).toHaveAttribute('href', 'https://www.imdb.com/title/tt0211915/');
    expect(within(links).getByRole('link', { name: 'Letterboxd' })).toHaveAttribute('href', 'https://letterboxd.com/tmdb/194/');
    expect(within(links).getByRole('link', { name: 'TMDB' })).toHaveAttribute('href', 'https://www.themoviedb.org/movie/194');
    for (const link of within(links).getAllByRole('link')) expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    const watch = screen.getByRole('region', { name: 'Where to watch in Australia' });
    expect(
      within(watch)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SBS On DemandFree', 'Apple TVRent · Buy']);
    expect(within(watch).getByRole('link', { name: 'All offers' })).toHaveAttribute('href', facts.where_to_watch.link);
    expect(watch).toHaveTextContent(messages.justWatchCredit);
    // JustWatch's data, credited with a link to JustWatch as it asks.
    expect(within(watch).getByRole('link', { name: 'JustWatch' })).toHaveAttribute('href', 'https://www.justwatch.com/');

    const note = screen.getByRole('region', { name: 'Why it’s undervalued' });
    expect(note).toHaveTextContent('Everyone knows the poster, few have seen the film.');
    expect(note).toHaveTextContent('Recommended by mia');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Watch Trailer' }));
    expect(popup).toHaveBeenCalledWith('https://www.youtube.com/watch?v=HUECWi5pX7o', '_blank', 'width=600,height=400');
  });

  it('says "a member" for a recommender who chose not to be named', async () => {
    const unnamed = { recommendation: { note: 'Quietly perfect.', by: null } };
    mockApi({
      'GET /api/films/filmdetails': () => json({ film: filmDetail(4, 'Paterson', 2016, null, unnamed) }),
      'GET /api/films/standing': () => json({ standing: standingDetail('paterson-2016', { film_id: 4, ...unnamed }) }),
    });
    open('/films/paterson-2016');
    const note = await screen.findByRole('region', { name: 'Why it’s undervalued' });
    expect(note).toHaveTextContent(`Recommended by ${messages.recommendedByMember}`);
  });

  it('shows a film without a link with its generated poster, a Letterboxd search and no empty sections', async () => {
    const plain = filmDetail(2, 'Paper Moon', 1973);
    mockApi({ 'GET /api/films/filmdetails': () => json({ film: plain }) });
    open('/films/paper-moon-1973');
    await screen.findByRole('heading', { level: 1, name: 'Paper Moon' });
    expect(document.querySelector('img.film-poster')).toHaveAttribute('src', plain.poster_url);
    expect(screen.queryByText('Directed by', { exact: false })).toBeNull();
    expect(screen.queryByRole('region', { name: /Where to watch/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Details' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Why it’s undervalued' })).toBeNull();
    const links = screen.getByRole('region', { name: 'More about this film' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://letterboxd.com/search/films/Paper%20Moon%201973/']);
  });
});
