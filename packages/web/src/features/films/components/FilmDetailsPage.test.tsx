import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyVotes } from '@filmlist/shared/api/votes';
import { messages } from '@filmlist/shared/messages';
import { Routes } from '../../../lib/router';
import { film, mockApi, renderPage, signIn } from '../test-support';
import FilmDetailsPage from './FilmDetailsPage';

const moon = film(1, 'Moon', 2009, 'https://watch.example/moon');
const paterson = film(2, 'Paterson', 2016);

const routes = [
  { path: '/films/private/:filmDetails', element: <FilmDetailsPage private /> },
  { path: '/films/:filmDetails', element: <FilmDetailsPage private={false} /> },
];

function open(path: string, state: unknown = null) {
  window.history.replaceState(state, '', path);
  return renderPage(<Routes routes={routes} />);
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
    expect(calls).toEqual([]);
  });

  it('loads the film by slug and opens the trailer search in a 600x400 pop-up', async () => {
    const { calls } = mockApi({ 'GET /api/films/filmdetails': () => ({ body: { film: paterson } }) });
    const popup = vi.spyOn(window, 'open').mockImplementation(() => null);
    const user = userEvent.setup();
    open('/films/paterson-2016');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paterson' })).toBeInTheDocument();
    expect(calls[0]?.query.get('slug')).toBe('paterson-2016');
    expect(screen.getByRole('button', { name: 'Link Not Available' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Watch Trailer' }));
    expect(popup).toHaveBeenCalledWith('https://www.youtube.com/results?search_query=Paterson%20trailer%202016', '_blank', 'width=600,height=400');
  });

  it('says when the film is not found', async () => {
    mockApi({ 'GET /api/films/filmdetails': () => ({ status: 404, body: { error: messages.filmNotFound, code: 'film_not_found' } }) });
    open('/films/no-such-film-1999');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmNotFound);
  });

  it('asks members the mention question once, then shows Mentioned disabled', async () => {
    signIn();
    const votes: MyVotes = { mentions: {}, ratings: {} };
    const { calls } = mockApi({
      'GET /api/me/votes': () => ({ body: votes }),
      'POST /api/mentions/mentioned': () => {
        votes.mentions['1'] = true;
        return { status: 201, body: { message: 'ok' } };
      },
    });
    const user = userEvent.setup();
    open('/films/private/moon-2009', { film: moon });
    const section = screen.getByRole('region', { name: 'Heard of Before' });
    await within(section).findByText('Have you heard of Moon before visiting The Film List?');
    expect(section).toHaveTextContent(messages.mentionIsFinal);
    await user.click(within(section).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Mentioned' })).toBeDisabled());
    expect(within(section).getByRole('heading', { name: 'Heard of Before' })).toHaveFocus();
    expect(calls.find((c) => c.path === '/api/mentions/mentioned')?.body).toEqual({ user_id: 7, film_id: 1, mentioned: true });
  });

  it('lets members rate, and opens the share pop-up after a 7', async () => {
    signIn();
    const votes: MyVotes = { mentions: {}, ratings: {} };
    mockApi({
      'GET /api/me/votes': () => ({ body: votes }),
      'POST /api/ratings/rate': () => {
        votes.ratings['1'] = 7;
        return { status: 201, body: { message: 'ok' } };
      },
    });
    const user = userEvent.setup();
    open('/films/private/moon-2009', { film: moon });
    await user.click(await screen.findByRole('button', { name: 'Rate' }));
    await user.keyboard('{End}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Share Moon:' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rate (7)' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('button', { name: 'Rate (7)' })).toHaveFocus();
  });
});
