import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Film } from '@filmlist/shared/api/films';
import type { MyVotes } from '@filmlist/shared/api/votes';
import { fallExplained, filmCount, filteredOutNotice, messages, voteAnnouncement, voteFailedNotice } from '@filmlist/shared/messages';
import { film } from '../../../test/factories';
import { json, mockApi, type Answer, type RouteKey } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import DashboardPage from './DashboardPage';
import HomePage from './HomePage';

/** docs/product.md §List rows, §Voting on the list, §Search: the list reads as a ranking, one action leads, votes say what happened, search and filters. */

const withCounts = (base: Film, n: number, h: number, r: number, s: number): Film => ({ ...base, n, h, r, s });
const films = [
  withCounts(film(1, 'Moon', 2009, 'https://watch.example/moon'), 31, 10, 9, 66),
  withCounts(film(2, 'Paterson', 2016), 4, 6, 0, 0),
  film(3, 'The Fall', 2006),
  film(4, 'Gattaca', 1997, 'https://watch.example/gattaca'),
];

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const rowOf = (title: string) => {
  const row = screen.getByRole('rowheader', { name: title }).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};
const shownTitles = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent);

function member(
  path = '/dashboard',
  votes: MyVotes = { mentions: { '1': true, '2': false }, ratings: { '1': 8 } },
  extra: Partial<Record<RouteKey, Answer>> = {},
) {
  signIn();
  const state = { votes: structuredClone(votes), films: [...films] };
  const api = mockApi({
    'GET /api/films/allfilms': () => json({ films: state.films }),
    'GET /api/me/votes': () => json(state.votes),
    ...extra,
  });
  renderPage(<DashboardPage />, { path, route: '/dashboard' });
  return { ...api, state };
}
const votesIn = () => waitFor(() => expect(within(rowOf('The Fall')).getByRole('button', { name: 'Mention' })).toBeEnabled());

describe('each row of the list', () => {
  it('shows its rank and its standing in short form, and the list says how it works', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    expect(rowOf('Moon').querySelector('th')).toHaveAttribute('data-rank', '1');
    expect(rowOf('Gattaca').querySelector('th')).toHaveAttribute('data-rank', '4');
    // N / (N + H + R) = 31 / 50; S / R = 66 / 9
    expect(rowOf('Moon')).toHaveTextContent("#1 of 4. 62% hadn't heard of it");
    // The average says its scale and its count what it counts: "★ 7.3/10 (9 ratings)" on screen, in words to a screen reader.
    expect(within(rowOf('Moon')).getByText('7.3/10', { exact: true })).toHaveAttribute('aria-hidden', 'true');
    expect(within(rowOf('Moon')).getByText('(9 ratings)', { exact: true })).toHaveAttribute('aria-hidden', 'true');
    expect(within(rowOf('Moon')).getByText('average rating 7.3 out of 10, from 9 ratings', { exact: true })).toHaveClass('visually-hidden');
    expect(rowOf('Paterson')).toHaveTextContent("40% hadn't heard of it");
    expect(rowOf('Paterson')).toHaveTextContent(messages.noRatingsYet);
    expect(rowOf('The Fall')).toHaveTextContent(messages.noAnswersYet);
    expect(screen.getByRole('link', { name: messages.howTheListWorks })).toHaveAttribute('href', '/about#how-the-list-works');
    expect(screen.getByText(filmCount(4))).toBeInTheDocument();
  });

  it('keeps its rank when a search shows it alone', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    await userEvent.setup().type(screen.getByLabelText('Search by film title'), 'gat');
    expect(shownTitles()).toEqual(['Gattaca']);
    expect(rowOf('Gattaca').querySelector('th')).toHaveAttribute('data-rank', '4');
    expect(screen.getByText(filmCount(1))).toBeInTheDocument();
  });

  it('leads with one action for a member: Mention, then Rate for a film they knew or Save for one new to them, then none; a given answer and rating are shown', async () => {
    member('/dashboard', { mentions: { '1': true, '2': false, '4': true }, ratings: { '1': 8 } });
    await votesIn();
    const leads = (title: string) => [...rowOf(title).querySelectorAll('.lead')].map((element) => element.textContent?.trim());
    expect(leads('The Fall')).toEqual(['Mention']);
    await waitFor(() => expect(leads('Paterson')).toEqual(['Save']));
    expect(leads('Gattaca')).toEqual(['Rate']);
    expect(leads('Moon')).toEqual([]);
    expect(within(rowOf('Moon')).getByRole('button', { name: 'Mentioned' })).toBeDisabled();
    expect(rowOf('Moon')).toHaveTextContent(`Mentioned${messages.heardItYes}`);
    expect(rowOf('Paterson')).toHaveTextContent(`Mentioned${messages.heardItNo}`);
    expect(within(rowOf('Moon')).getByRole('button', { name: 'Rate 8/10' })).toBeEnabled();
    expect(within(rowOf('Paterson')).getByText('Link Not Available')).toHaveClass('watch-none');
  });
});

describe('search and filters', () => {
  it('read the filter and the search from the address, and keep them there', async () => {
    member('/dashboard?filter=notRated&q=pa');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Not Rated' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByLabelText('Search by film title')).toHaveValue('Pa');
    await waitFor(() => expect(shownTitles()).toEqual(['Paterson']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Not Mentioned' }));
    expect(window.location.search).toBe('?filter=notMentioned&q=pa');
    await user.clear(screen.getByLabelText('Search by film title'));
    expect(window.location.search).toBe('?filter=notMentioned');
    await user.click(screen.getByRole('button', { name: 'All Films' }));
    expect(window.location.search).toBe('');
  });

  it('say that a film the filter leaves out is on the list, and offer to show all films', async () => {
    member('/dashboard?filter=notRated&q=moon');
    await waitFor(() => expect(screen.getByText(filteredOutNotice(1, 'Not Rated'), { exact: false })).toBeInTheDocument());
    expect(screen.queryByText(messages.searchNoMatch, { exact: false })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: messages.showAllFilms }));
    expect(shownTitles()).toEqual(['Moon']);
    expect(screen.getByRole('button', { name: 'All Films' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.location.search).toBe('?q=moon');
  });

  it("keep the no-match message for a real no-match, with 'adding the film' a link to /addfilm for members", async () => {
    member();
    await votesIn();
    await userEvent.setup().type(screen.getByLabelText('Search by film title'), 'zz');
    const link = screen.getByRole('link', { name: 'adding the film' });
    expect(link).toHaveAttribute('href', '/addfilm');
    expect(link.closest('p')).toHaveTextContent(messages.searchNoMatch);
  });

  it('render every row of a list of up to 300 films, so find-in-page finds each; pages beyond, searches too', async () => {
    const many = (count: number) => Array.from({ length: count }, (_, i) => film(i + 1, `Film ${i + 1}`, 2000));
    let list = many(300);
    mockApi({ 'GET /api/films/allfilms': () => json({ films: list }) });
    const { unmount } = renderPage(<HomePage />);
    // jsdom builds 300 rows slowly on a busy two-core machine (twice here, and a search over 301): wait for them as long as the
    // test may run. How fast a real browser is with 10,000 films is measured by npm run bench:page.
    await screen.findByRole('rowheader', { name: 'Film 300' }, { timeout: 25_000 });
    expect(screen.getAllByRole('rowheader')).toHaveLength(300);
    expect(screen.queryByRole('navigation', { name: 'Pages of the list' })).toBeNull();
    unmount();
    list = many(301);
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Film 1' }, { timeout: 25_000 });
    expect(screen.getAllByRole('rowheader')).toHaveLength(50);
    expect(screen.getByRole('navigation', { name: 'Pages of the list' })).toHaveTextContent('Page 1 of 7');
    // A search that leaves fewer than 300 of those 301 still comes in pages: the catalogue decides.
    await userEvent.setup().type(screen.getByLabelText('Search by film title'), 'film 1');
    expect(screen.getAllByRole('rowheader')).toHaveLength(50);
    expect(screen.getByText('111 films')).toBeInTheDocument();
  }, 60_000);
});

describe('a vote', () => {
  it('says what happened and where the film is now, and lights up its row', async () => {
    const { state } = member('/dashboard', undefined, {
      'POST /api/ratings/rate': () => {
        state.votes.ratings['3'] = 6;
        // Rated, The Fall climbs to second place.
        state.films = [films[0], films[2], films[1], films[3]].flatMap((f) => (f ? [f] : []));
        return json({ message: 'ok' }, 201);
      },
    });
    await votesIn();
    const user = userEvent.setup();
    await user.click(within(rowOf('The Fall')).getByRole('button', { name: 'Rate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('radio', { name: '6 stars' }));
    const said = voteAnnouncement('The Fall', { rating: 6 }, { rank: 2, films: 4 });
    expect(said).toBe('You rated The Fall 6/10. It is now #2 of 4.');
    expect(await screen.findByText(said)).toBeInTheDocument();
    expect(screen.getByText(said).closest('[aria-live="polite"]')).not.toBeNull();
    await waitFor(() => expect(shownTitles()).toEqual(['Moon', 'The Fall', 'Paterson', 'Gattaca']));
    await waitFor(() => expect(rowOf('The Fall')).toHaveClass('just-voted'));
    expect(within(rowOf('The Fall')).getByRole('button', { name: 'Rate 6/10' })).toHaveFocus();
  });

  it('that moved the film down says why: films fall as they become known (fallExplained)', async () => {
    const { state } = member('/dashboard', undefined, {
      'POST /api/ratings/rate': () => {
        state.votes.ratings['2'] = 3;
        // Rated, Paterson falls from second place to last.
        state.films = [films[0], films[2], films[3], films[1]].flatMap((f) => (f ? [f] : []));
        return json({ message: 'ok' }, 201);
      },
    });
    await votesIn();
    const user = userEvent.setup();
    await user.click(within(rowOf('Paterson')).getByRole('button', { name: 'Rate' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('radio', { name: '3 stars' }));
    const said = `${voteAnnouncement('Paterson', { rating: 3 }, { rank: 4, films: 4 })} ${fallExplained}`;
    expect(said).toMatch(/^You rated Paterson 3\/10\. It is now #4 of 4\. Films fall as more members get to know them/);
    const notice = await screen.findByText(said);
    expect(notice.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('that failed says so, politely, and Try again sends it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const { calls } = member('/dashboard', undefined, {
      'POST /api/mentions/mentioned': () => (fail ? json({ error: 'x', code: 'internal' }, 500) : json({ message: 'ok' }, 201)),
    });
    await votesIn();
    const user = userEvent.setup();
    await user.click(within(rowOf('The Fall')).getByRole('button', { name: 'Mention' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: messages.mentionAnswerYes }));
    const notice = await screen.findByText(voteFailedNotice('The Fall', 'mention'));
    expect(notice.closest('[aria-live="polite"]')).not.toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/mentions/mentioned')).toHaveLength(2));
    expect(await screen.findByText(voteAnnouncement('The Fall', { heard: true }, { rank: 3, films: 4 }))).toBeInTheDocument();
  });
});
