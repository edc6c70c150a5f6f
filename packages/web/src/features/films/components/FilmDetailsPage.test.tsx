import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyVotes } from '@filmlist/shared/api/votes';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { Routes } from '../../../lib/router';
import { createQueryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { filmDetail, standingDetail } from '../../../test/factories';
import { json, mockApi } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import FilmDetailsPage from './FilmDetailsPage';

const moon = filmDetail(1, 'Moon', 2009, 'https://watch.example/moon');
const paterson = filmDetail(2, 'Paterson', 2016);

const routes = [
  { path: '/films/private/:filmDetails', element: <FilmDetailsPage private /> },
  { path: '/films/:filmDetails', element: <FilmDetailsPage private={false} /> },
];

function open(path: string, state: unknown = null) {
  // Mounted at '*': the page's own routes pick the film's, as the app's route table does.
  return renderPage(<Routes routes={routes} />, { path, state, route: '*' });
}

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('FilmDetailsPage', () => {
  it('shows the film passed in navigation state without a call', async () => {
    const { calls } = mockApi({});
    open('/films/moon-2009', { film: moon });
    expect(screen.getByRole('heading', { level: 1, name: 'Moon' })).toBeInTheDocument();
    expect(screen.getByText('Year of Release')).toBeInTheDocument();
    expect(screen.getByText('2009')).toBeInTheDocument();
    expect(screen.getByText(moon.description)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch Film' })).toHaveAttribute('href', 'https://watch.example/moon');
    expect(screen.getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    for (const name of ['Share via Email', 'Share on FB', 'Share on X']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.queryByText('Heard of Before')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Moon | The Film List'));
    // Only the standing is asked for: the film came along.
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/films/standing']));
  });

  it('loads the film by slug and opens the trailer search in a 600x400 pop-up', async () => {
    const { calls } = mockApi({ 'GET /api/films/filmdetails': () => json({ film: paterson }) });
    const popup = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    open('/films/paterson-2016');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paterson' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/films/filmdetails')?.query.slug).toBe('paterson-2016');
    expect(screen.getByText('Link Not Available')).toHaveClass('watch-none');
    await user.click(screen.getByRole('button', { name: 'Watch Trailer' }));
    expect(popup).toHaveBeenCalledWith(
      'https://www.youtube.com/results?search_query=Paterson%20trailer%202016',
      '_blank',
      'width=600,height=400',
    );
  });

  it('says when the film is not found, with the way back to the list and a search of it', async () => {
    mockApi({ 'GET /api/films/filmdetails': () => json({ error: messages.filmNotFound, code: 'film_not_found' }, 404) });
    open('/films/no-such-film-1999');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmNotFound);
    expect(screen.getByRole('link', { name: messages.backToList })).toHaveAttribute('href', '/');
    expect(within(screen.getByRole('search')).getByLabelText('Search The Film List by title')).toBeInTheDocument();
  });

  it('asks members the mention question once, then shows Mentioned disabled', async () => {
    signIn();
    const votes: MyVotes = { mentions: {}, ratings: {} };
    const { calls } = mockApi({
      'GET /api/me/votes': () => json(votes),
      'POST /api/mentions/mentioned': () => {
        votes.mentions['1'] = true;
        return json({ message: 'ok' }, 201);
      },
    });
    const user = userEvent.setup();
    open('/films/private/moon-2009', { film: moon });
    const section = screen.getByRole('region', { name: 'Heard of Before' });
    await within(section).findByText('Have you heard of Moon before visiting The Film List?');
    expect(section).toHaveTextContent(messages.mentionIsFinal);
    await user.click(within(section).getByRole('button', { name: messages.mentionAnswerYes }));
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Mentioned' })).toBeDisabled());
    expect(section).toHaveTextContent(messages.heardItYes);
    expect(within(section).getByRole('heading', { name: 'Heard of Before' })).toHaveFocus();
    expect(calls.find((c) => c.path === '/api/mentions/mentioned')?.body).toEqual({ user_id: 7, film_id: 1, mentioned: true });
  });

  it('shows a signed-in member their voting controls on the public page, which stays the address', async () => {
    signIn();
    mockApi({ 'GET /api/me/votes': () => json({ mentions: {}, ratings: { '1': 6 } }) });
    open('/films/moon-2009', { film: moon });
    const section = screen.getByRole('region', { name: 'Heard of Before' });
    expect(await within(section).findByText('Have you heard of Moon before visiting The Film List?')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Rate 6/10' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Join The Film List' })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/films/moon-2009');
    expect(screen.getByRole('link', { name: messages.backToList })).toHaveAttribute('href', '/dashboard');
  });

  it('invites a visitor to join instead', () => {
    mockApi({});
    open('/films/moon-2009', { film: moon });
    expect(screen.getByRole('region', { name: 'Join The Film List' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Heard of Before' })).toBeNull();
  });

  it('lets members rate, and opens the share pop-up after a 7', async () => {
    signIn();
    const votes: MyVotes = { mentions: {}, ratings: {} };
    mockApi({
      'GET /api/me/votes': () => json(votes),
      'POST /api/ratings/rate': () => {
        votes.ratings['1'] = 7;
        return json({ message: 'ok' }, 201);
      },
    });
    const user = userEvent.setup();
    open('/films/private/moon-2009', { film: moon });
    await user.click(await screen.findByRole('button', { name: 'Rate' }));
    await user.keyboard('{End}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Share Moon:' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rate 7/10' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Rate 7/10' })).toHaveFocus();
  });

  it("says the film's place after a vote from its standing, read again, when the list in the cache is stale", async () => {
    signIn();
    const votes: MyVotes = { mentions: {}, ratings: {} };
    let rank = 2;
    mockApi({
      'GET /api/me/votes': () => json(votes),
      'GET /api/films/standing': (call) => json({ standing: standingDetail(call.query.slug ?? '', { film_id: 1, rank, films: 2 }) }),
      'POST /api/ratings/rate': () => {
        votes.ratings['1'] = 5;
        rank = 1;
        return json({ message: 'ok' }, 201);
      },
    });
    // The list as the member left it: Moon second. The film's page does not show it, so the vote does not read it again.
    const client = createQueryClient();
    client.setQueryData(queryKeys.filmList, [paterson, moon]);
    const user = userEvent.setup();
    renderPage(<Routes routes={routes} />, { path: '/films/private/moon-2009', state: { film: moon }, route: '*', client });
    await user.click(await screen.findByRole('button', { name: 'Rate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('radio', { name: '5 stars' }));
    expect(await screen.findByText('You rated Moon 5/10. It is now #1 of 2.')).toBeInTheDocument();
  });

  it('moves an edited film to its new address: the old slug is answered with the film, the URL replaced once', async () => {
    signIn();
    const { calls } = mockApi({
      'GET /api/films/filmdetails': () => json({ film: moon }),
      'GET /api/me/votes': () => json({ mentions: {}, ratings: {} }),
    });
    open('/films/private/the-moon-2008');
    expect(await screen.findByRole('heading', { level: 1, name: 'Moon' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/films/private/moon-2009'));
    expect(window.location.pathname).toBe('/films/private/moon-2009');
    expect(calls.filter((c) => c.path === '/api/films/filmdetails').map((c) => c.query.slug)).toEqual(['the-moon-2008']);
  });

  it('does the same on the public page', async () => {
    mockApi({ 'GET /api/films/filmdetails': () => json({ film: moon }) });
    open('/films/the-moon-2008');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/films/moon-2009'));
    expect(screen.getByRole('heading', { level: 1, name: 'Moon' })).toBeInTheDocument();
  });

  it('offers a reviewer the edit form, and a member not', async () => {
    signIn({ isReviewer: true });
    mockApi({ 'GET /api/me/votes': () => json({ mentions: {}, ratings: {} }) });
    const { unmount } = open('/films/private/moon-2009', { film: moon });
    expect(screen.getByRole('link', { name: 'Edit or remove this film' })).toHaveAttribute('href', '/master/films/moon-2009/edit');
    unmount();
    signIn({ isReviewer: false });
    open('/films/private/moon-2009', { film: moon });
    expect(screen.queryByRole('link', { name: 'Edit or remove this film' })).toBeNull();
    // The session's refresh on load settles within this test.
    expect(await screen.findByRole('button', { name: 'Rate' })).toBeEnabled();
  });

  it('says what the page that sent the reviewer here said', () => {
    mockApi({});
    open('/films/moon-2009', { film: moon, notice: serverMessages.filmUpdated });
    expect(screen.getByText(serverMessages.filmUpdated)).toHaveAttribute('role', 'status');
  });
});
