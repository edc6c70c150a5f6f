import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Film } from '@filmlist/shared/api/films';
import { mention, type MyVotes } from '@filmlist/shared/api/votes';
import {
  containingCount,
  filmCount,
  messages,
  saveForLater,
  takeOffWatchlist,
  takenOffWatchlist,
  titlesContaining,
  watchlistChangeFailed,
} from '@filmlist/shared/messages';
import { film, generatedPoster } from '../../../test/factories';
import { deferred, json, mockApi, type Answer, type RouteKey } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import DashboardPage from './DashboardPage';
import HomePage from './HomePage';
import { SHOWN_MS } from './VoteNotice';
import WatchlistPage from './WatchlistPage';
import { paragraphSaying } from '../../../test/whole-text';

/** docs/product.md §Watchlist, §Letterboxd export, §Search, §New films: saving films, the /watchlist page, forgiving search and the shelf. */

const withPoster = (f: Film) => ({ ...f, poster_url: generatedPoster(f.film_id), directors: [] });
const films = [
  withPoster({ ...film(1, 'Moon', 2009, 'https://watch.example/moon'), n: 5, h: 1, r: 1, s: 8 }),
  withPoster(film(2, 'In Bruges', 2008)),
  withPoster(film(3, 'The Fall', 2006)),
  withPoster(film(4, 'Hunt for the Wilderpeople', 2016)),
];
const ranked = (f: (typeof films)[number], rank: number, added_at: string) => ({ ...f, rank, added_at });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const rowOf = (title: string) => {
  const row = screen.getByRole('rowheader', { name: title }).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
};

function member(extra: Partial<Record<RouteKey, Answer>> = {}, votes: MyVotes = { mentions: {}, ratings: {} }) {
  signIn();
  const saved: ReturnType<typeof ranked>[] = [];
  const state = { votes: structuredClone(votes), saved };
  const api = mockApi({
    'GET /api/films/allfilms': () => json({ films }),
    'GET /api/me/votes': () => json(state.votes),
    'GET /api/me/watchlist': () => json({ films: state.saved, ranked_films: films.length }),
    ...extra,
  });
  return { ...api, state };
}
const votesIn = () => waitFor(() => expect(rowOf('The Fall').getByRole('button', { name: 'Mention' })).toBeEnabled());

/**
 * The notice tests' start: on the fake clock (which also moves with real time), the dashboard of a member whose
 * answers the fake API keeps, with `extra` routes; and a way to answer a row's question.
 */
async function answeringOnTheClock(extra: Partial<Record<RouteKey, Answer>> = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { state } = member({
    'POST /api/mentions/mentioned': (call) => {
      const body = mention.omit({ user_id: true }).parse(call.body);
      state.votes.mentions[String(body.film_id)] = body.mentioned;
      return json({ message: 'ok' }, 201);
    },
    ...extra,
  });
  renderPage(<DashboardPage />, { path: '/dashboard' });
  await votesIn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const answer = async (title: string, said: string) => {
    await user.click(rowOf(title).getByRole('button', { name: 'Mention' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: said }));
  };
  return { user, state, answer };
}

describe('saving a film from its row', () => {
  it('shows Saved at once, sends PUT with the bearer, and keeps it once the server agrees', async () => {
    const answer = deferred<Response>();
    const { calls, state } = member({
      'PUT /api/me/watchlist/:film_id': () => {
        state.saved = [ranked(films[2] ?? films[0]!, 3, '2026-11-25T02:00:00.000Z')];
        return answer.promise;
      },
    });
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await votesIn();
    const user = userEvent.setup();
    await user.click(rowOf('The Fall').getByRole('button', { name: 'Save' }));
    // Before the server has answered.
    expect(rowOf('The Fall').getByRole('button', { name: 'Saved' })).toBeInTheDocument();
    answer.resolve(json({ film_id: 3, added_at: '2026-11-25T02:00:00.000Z' }, 201));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/me/watchlist')).toHaveLength(2));
    expect(rowOf('The Fall').getByRole('button', { name: 'Saved' })).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/me/watchlist/3');
    expect(put?.auth).toMatch(/^Bearer /);
  });

  it('goes back to Save when the server refuses, and says why: a full watchlist in its own words', async () => {
    member({ 'PUT /api/me/watchlist/:film_id': () => json({ error: messages.watchlistFull, code: 'watchlist_full' }, 409) });
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await votesIn();
    await userEvent.setup().click(rowOf('Moon').getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.watchlistFull);
    expect(rowOf('Moon').getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('says which film was not saved when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    member({ 'PUT /api/me/watchlist/:film_id': () => json({ error: 'x', code: 'internal' }, 500) });
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await votesIn();
    await userEvent.setup().click(rowOf('In Bruges').getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(watchlistChangeFailed('In Bruges', true)));
    expect(rowOf('In Bruges').getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('offers to save a film right after the member says they had not heard of it', async () => {
    const { calls, state } = member({
      'POST /api/mentions/mentioned': () => {
        state.votes.mentions['4'] = false;
        return json({ message: 'ok' }, 201);
      },
      'PUT /api/me/watchlist/:film_id': () => {
        state.saved = [ranked(films[3] ?? films[0]!, 4, '2026-11-25T02:00:00.000Z')];
        return json({ film_id: 4, added_at: '2026-11-25T02:00:00.000Z' }, 201);
      },
    });
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await votesIn();
    const user = userEvent.setup();
    await user.click(rowOf('Hunt for the Wilderpeople').getByRole('button', { name: 'Mention' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: messages.mentionAnswerNo }));
    // In the vote's notice, not in a second dialog: nothing blocks the list (§Watchlist).
    const offer = await screen.findByRole('button', { name: saveForLater('Hunt for the Wilderpeople') });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(offer.closest('[role="status"]')).toHaveTextContent("You said you hadn't heard of Hunt for the Wilderpeople.");
    await user.click(offer);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/me/watchlist/4')).toBe(true));
    // The offer gives way to the way to the watchlist, which takes the focus; the row says Saved.
    const done = await screen.findByRole('link', { name: messages.savedToWatchlist });
    expect(done).toHaveAttribute('href', '/watchlist');
    expect(done).toHaveFocus();
    expect(rowOf('Hunt for the Wilderpeople').getByRole('button', { name: 'Saved' })).toBeInTheDocument();
  });

  it('offers nothing to save after a "Yes"; a newer notice takes the place of the last, with its own 8 s', async () => {
    const { answer } = await answeringOnTheClock();
    await answer('Moon', messages.mentionAnswerYes);
    await screen.findByText(/You said you had heard of Moon\./);
    expect(screen.queryByRole('button', { name: saveForLater('Moon') })).toBeNull();
    await vi.advanceTimersByTimeAsync(5_000);

    await answer('The Fall', messages.mentionAnswerNo);
    const offer = await screen.findByRole('button', { name: saveForLater('The Fall') });
    expect(screen.queryByText(/You said you had heard of Moon\./)).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(1);
    // The first notice's time does not take the newer one. (The fake clock also moves with real time, which a busy
    // machine stretches: the checks keep seconds of room on both sides of the 8 s.)
    await vi.advanceTimersByTimeAsync(SHOWN_MS - 3_000);
    expect(offer).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(3_500);
    // Gone by then, or within a moment more: the answer's refetch can land late on a busy machine.
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: saveForLater('The Fall') })).toBeNull(), { timeout: 2_000 });
    expect(screen.queryByText(/You said you hadn't heard of The Fall\./)).toBeNull();
  });

  it('lets a notice go 8 s after a tap on its offer: the focus a tap leaves there holds it only for a keyboard', async () => {
    const { user, answer, state } = await answeringOnTheClock({
      'PUT /api/me/watchlist/:film_id': () => {
        state.saved = [ranked(films[2] ?? films[0]!, 3, '2026-11-25T02:00:00.000Z')];
        return json({ film_id: 3, added_at: '2026-11-25T02:00:00.000Z' }, 201);
      },
    });
    await answer('The Fall', messages.mentionAnswerNo);
    const offer = await screen.findByRole('button', { name: saveForLater('The Fall') });
    await user.pointer([{ keys: '[TouchA]', target: offer }]);
    act(() => offer.focus());
    await vi.advanceTimersByTimeAsync(SHOWN_MS + 500);
    await waitFor(() => expect(screen.queryByText(/You said you hadn't heard of The Fall\./)).toBeNull());
  });

  it('keeps an offer while the focus is in it or the pointer on it, then lets it go after 8 s, or at once on Dismiss', async () => {
    const { user, answer } = await answeringOnTheClock();
    await answer('The Fall', messages.mentionAnswerNo);
    const offer = await screen.findByRole('button', { name: saveForLater('The Fall') });
    // A keyboard or screen-reader user on its button: it waits, and the focus stays where it is.
    act(() => offer.focus());
    await vi.advanceTimersByTimeAsync(20_000);
    expect(offer).toBeInTheDocument();
    expect(offer).toHaveFocus();
    // The pointer resting on it holds it too, after the focus has left.
    await user.hover(offer);
    act(() => offer.blur());
    await vi.advanceTimersByTimeAsync(20_000);
    expect(offer).toBeInTheDocument();
    // Once nobody is on it, its 8 s start again.
    await user.unhover(offer);
    await vi.advanceTimersByTimeAsync(SHOWN_MS - 3_000);
    expect(offer).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(3_500);
    await waitFor(() => expect(screen.queryByRole('button', { name: saveForLater('The Fall') })).toBeNull());

    await answer('In Bruges', messages.mentionAnswerNo);
    await screen.findByRole('button', { name: saveForLater('In Bruges') });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('button', { name: saveForLater('In Bruges') })).toBeNull();
  });

  it('shows no Save to a visitor', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('the row', () => {
  it('links its title and its poster to the film page, and keeps Film Info', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    const title = rowOf('Moon').getByRole('link', { name: 'Moon' });
    expect(title).toHaveAttribute('href', '/films/moon-2009');
    expect(title.querySelector('img')).toHaveAttribute('src', `${generatedPoster(1)}?w=92`);
    expect(rowOf('Moon').getByRole('link', { name: 'Film Info' })).toHaveAttribute('href', '/films/moon-2009');
    // The first screen's posters are asked for at once; the standing says what its share is of, and why.
    expect(title.querySelector('img')).toHaveAttribute('loading', 'eager');
    expect(rowOf('Moon').getByText('7 answers: few knew it, its rating moves it up')).toBeInTheDocument();
  });
});

describe('search that forgives', () => {
  it('lists the titles containing the text when the title rule finds none, before the no-match message', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by film title'), 'bruges');
    const found = screen.getByRole('region', { name: titlesContaining('Bruges') });
    // A card, as the shelf's: its poster, title, year and rank on the whole list (Moon is #1), leading to the film.
    const card = within(found).getByRole('link', { name: 'In Bruges, 2008 · #2' });
    expect(card).toHaveAttribute('href', '/films/in-bruges-2008');
    expect(card.querySelector('img')).toHaveAttribute('src', `${generatedPoster(2)}?w=92`);
    // The films that contain it are the answer; the message after them is the quieter way on.
    expect(screen.getByText(paragraphSaying(messages.searchNoMatch))).toHaveClass('quiet');
    await user.clear(screen.getByLabelText('Search by film title'));
    await user.type(screen.getByLabelText('Search by film title'), 'wilderpeople');
    expect(within(screen.getByRole('region', { name: titlesContaining('Wilderpeople') })).getByRole('link')).toHaveTextContent(
      'Hunt for the Wilderpeople',
    );
  });

  it('finds "fall" in The Fall beside what the title rule finds, and ignores a trailing space', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by film title'), 'moon ');
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Moon']);
    await user.clear(screen.getByLabelText('Search by film title'));
    await user.type(screen.getByLabelText('Search by film title'), 'fall');
    expect(
      within(screen.getByRole('region', { name: titlesContaining('Fall') })).getByRole('link', { name: /^The Fall, 2006/ }),
    ).toBeInTheDocument();
    // The count beside the box says what was found, not "0 films" above a film.
    expect(screen.getByText(containingCount(1))).toBeInTheDocument();
    expect(screen.queryByText(filmCount(0))).not.toBeInTheDocument();
  });

  it("lists only the films the member's filter keeps as containing the text", async () => {
    member({}, { mentions: { '2': true }, ratings: { '2': 8 } });
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await votesIn();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rated' }));
    // "u" starts no rated title; In Bruges (rated) and Hunt for the Wilderpeople (not rated) contain it.
    await user.type(screen.getByLabelText('Search by film title'), 'u');
    const found = await screen.findByRole('region', { name: titlesContaining('U') });
    expect(
      within(found)
        .getAllByRole('link')
        .map((link) => link.querySelector('bdi')?.textContent),
    ).toEqual(['In Bruges']);
  });
});

describe('the shelf of new films', () => {
  it("asks for the member's own shelf once the list is in, and leads each film to its page", async () => {
    const { calls } = member({ 'GET /api/films/new': () => json({ films: [ranked(films[3]!, 4, '2026-11-24T00:00:00.000Z')] }) });
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const shelf = await screen.findByRole('region', { name: messages.newFilmsHeading });
    const card = await within(shelf).findByRole('link', { name: /Hunt for the Wilderpeople/ });
    expect(card).toHaveAttribute('href', '/films/private/hunt-for-the-wilderpeople-2016');
    expect(calls.find((c) => c.path === '/api/films/new')?.auth).toMatch(/^Bearer /);
  });

  it('keeps its place with a quiet line that asks for a film when there is nothing to show', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    renderPage(<HomePage />);
    const shelf = await screen.findByRole('region', { name: messages.newFilmsHeading });
    expect(await within(shelf).findByText(paragraphSaying(`${messages.newFilmsNone} ${messages.newFilmsRecommend}`))).toBeInTheDocument();
    expect(within(shelf).getByRole('link', { name: messages.newFilmsRecommend })).toHaveAttribute('href', '/addfilm');
  });

  it('thanks a member only when they have answered every new film, and says there are none otherwise', async () => {
    member({ 'GET /api/films/new': () => json({ films: [], all_answered: false }) });
    const { unmount } = renderPage(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText(paragraphSaying(`${messages.newFilmsNone} ${messages.newFilmsRecommend}`))).toBeInTheDocument();
    expect(screen.queryByText(messages.newFilmsAllAnswered)).toBeNull();
    unmount();
    member({ 'GET /api/films/new': () => json({ films: [], all_answered: true }) });
    renderPage(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByText(messages.newFilmsAllAnswered)).toBeInTheDocument();
  });
});

describe('the watchlist page', () => {
  const saved = [ranked(films[2]!, 3, '2026-11-25T00:00:00.000Z'), ranked(films[0]!, 1, '2026-11-20T00:00:00.000Z')];

  it('shows the films newest first or by rank, each with its poster, rank, standing and watch link', async () => {
    const { state } = member();
    state.saved = saved;
    renderPage(<WatchlistPage />, { path: '/watchlist' });
    await screen.findByRole('link', { name: 'The Fall' });
    const items = async () =>
      (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent).filter((t) => t !== 'Take it to Letterboxd');
    expect(await items()).toEqual(['The Fall 2006', 'Moon 2009']);
    expect(screen.getByText('#3 of 4 on The Film List')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch Film' })).toHaveAttribute('href', 'https://watch.example/moon');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Rank' }));
    expect(await items()).toEqual(['Moon 2009', 'The Fall 2006']);
    expect(window.location.search).toBe('?sort=rank');
  });

  it('offers to take a film off once it is rated, and takes it off', async () => {
    const { calls, state } = member({
      'POST /api/ratings/rate': () => {
        state.votes.ratings['3'] = 5;
        return json({ message: 'ok' }, 201);
      },
      'DELETE /api/me/watchlist/:film_id': () => {
        state.saved = state.saved.filter((f) => f.film_id !== 3);
        return new Response(null, { status: 204 });
      },
    });
    state.saved = saved;
    renderPage(<WatchlistPage />, { path: '/watchlist' });
    const user = userEvent.setup();
    const fall = (await screen.findByRole('link', { name: 'The Fall' })).closest('li');
    if (!fall) throw new Error('no item for The Fall');
    await waitFor(() => expect(within(fall).getByRole('button', { name: 'Rate' })).toBeEnabled());
    await user.click(within(fall).getByRole('button', { name: 'Rate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('radio', { name: '5 stars' }));
    await user.click(await screen.findByRole('button', { name: takeOffWatchlist('The Fall') }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'The Fall' })).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/me/watchlist/3');
  });

  it('says a film was taken off, with Undo that puts it back', async () => {
    const { calls, state } = member({
      'DELETE /api/me/watchlist/:film_id': () => {
        state.saved = state.saved.filter((f) => f.film_id !== 3);
        return new Response(null, { status: 204 });
      },
      'PUT /api/me/watchlist/:film_id': () => {
        state.saved = [ranked(films[2]!, 3, '2026-11-26T00:00:00.000Z'), ...state.saved];
        return json({ film_id: 3, added_at: '2026-11-26T00:00:00.000Z' }, 201);
      },
    });
    state.saved = saved;
    renderPage(<WatchlistPage />, { path: '/watchlist' });
    const user = userEvent.setup();
    const fall = (await screen.findByRole('link', { name: 'The Fall' })).closest('li');
    if (!fall) throw new Error('no item for The Fall');
    await user.click(within(fall).getByRole('button', { name: 'Saved' }));
    expect(await screen.findByText(takenOffWatchlist('The Fall'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'The Fall' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('link', { name: 'The Fall' })).toBeInTheDocument();
    expect(screen.queryByText(takenOffWatchlist('The Fall'))).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE' || c.method === 'PUT').map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /api/me/watchlist/3',
      'PUT /api/me/watchlist/3',
    ]);
  });

  it('says so when it is empty', async () => {
    member();
    renderPage(<WatchlistPage />, { path: '/watchlist' });
    expect(await screen.findByText(messages.watchlistEmpty, { exact: false })).toBeInTheDocument();
  });

  it('downloads each Letterboxd file with the bearer, under the name the server gives', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    const csv = (name: string) => () =>
      new Response('Title,Year\n', { headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="${name}"` } });
    const { calls } = member({
      'GET /api/me/export/watchlist.csv': csv('the-film-list-watchlist-maria-2026-11-25.csv'),
      'GET /api/me/export/ratings.csv': csv('the-film-list-ratings-maria-2026-11-25.csv'),
    });
    renderPage(<WatchlistPage />, { path: '/watchlist' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Watchlist for Letterboxd (CSV)' }));
    await waitFor(() => expect(clicked).toEqual(['the-film-list-watchlist-maria-2026-11-25.csv']));
    await user.click(screen.getByRole('button', { name: 'Ratings for Letterboxd (CSV)' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(calls.find((c) => c.path === '/api/me/export/ratings.csv')?.auth).toMatch(/^Bearer /);
  });

  it("says where the files go: Letterboxd's import page, in a new tab", async () => {
    member();
    renderPage(<WatchlistPage />, { path: '/watchlist' });
    const box = await screen.findByRole('region', { name: 'Take it to Letterboxd' });
    expect(box).toHaveTextContent('Download a file, then import it at letterboxd.com/import.');
    const importPage = within(box).getByRole('link', { name: 'letterboxd.com/import' });
    expect(importPage).toHaveAttribute('href', 'https://letterboxd.com/import/');
    expect(importPage).toHaveAttribute('target', '_blank');
    expect(importPage).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
