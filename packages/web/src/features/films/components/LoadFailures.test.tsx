import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { Routes } from '../../../lib/router';
import { filmDetail } from '../../../test/factories';
import { json, mockApi, networkError, type Answer } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import FilmDetailsPage from './FilmDetailsPage';
import HomePage from './HomePage';

/** docs/product.md §Errors: a film that is not there, and a load that failed, are told apart; a failure offers "Try again". */

const moon = filmDetail(1, 'Moon', 2009, 'https://watch.example/moon');

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function openFilm(path: string) {
  return renderPage(<Routes routes={[{ path: '/films/:filmDetails', element: <FilmDetailsPage private={false} /> }]} />, {
    path,
    route: '*',
  });
}

describe('the film page', () => {
  it('keeps the not-found message for a film that does not exist, with nothing to try again', async () => {
    mockApi({ 'GET /api/films/filmdetails': () => json({ error: messages.filmNotFound, code: 'film_not_found' }, 404) });
    openFilm('/films/no-such-film-1999');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmNotFound);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it.each<[string, Answer]>([
    ['no connection', networkError],
    ['a server error', () => json({ error: serverMessages.internalError, code: 'internal' }, 500)],
  ])('says a load that failed (%s) failed, and loads the film on Try again', async (_case, failure) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = failure;
    const { calls } = mockApi({ 'GET /api/films/filmdetails': (call) => answer(call) });
    openFilm('/films/moon-2009');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.filmLoadFailed);
    expect(alert).not.toHaveTextContent(messages.filmNotFound);
    answer = () => json({ film: moon });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moon' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/films/filmdetails')).toHaveLength(2);
  });
});

describe('the list', () => {
  it('keeps the load-failure message for a failed load, with Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: Answer = networkError;
    mockApi({ 'GET /api/films/allfilms': (call) => answer(call) });
    renderPage(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmsLoadFailed);
    answer = () => json({ films: [moon] });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Moon' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
