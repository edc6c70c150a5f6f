import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyVotes } from '@filmlist/shared/api/votes';
import { messages, saveForLater, serverMessages, voteFailedNotice } from '@filmlist/shared/messages';
import { film } from '../../../test/factories';
import { json, mockApi, type Answer, type RouteKey } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import DashboardPage from './DashboardPage';
import HomePage from './HomePage';
import { SHARE_PROMPT_WHY } from './ShareDialog';
import { paragraphSaying } from '../../../test/whole-text';

const films = [
  film(1, 'Moon', 2009, 'https://watch.example/moon'),
  film(2, 'Paterson', 2016),
  film(3, 'The Fall', 2006),
  film(4, 'Gattaca', 1997, 'https://watch.example/gattaca'),
];

afterEach(() => {
  vi.restoreAllMocks();
});

const rowOf = (title: string) => {
  const header = screen.getByRole('rowheader', { name: title });
  const row = header.closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
};
const shownTitles = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent);

describe('HomePage (visitors)', () => {
  it('shows Loading... then the ranked films in the visitor columns, from one call', async () => {
    const { calls } = mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    renderPage(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'The Film List' })).toBeInTheDocument();
    expect(screen.getAllByText('Loading...').length).toBeGreaterThan(0);
    expect(await screen.findByRole('rowheader', { name: 'Moon' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Film Title',
      'Year of Release',
      'Logline',
      'Film Info',
      'Watch Film',
      'Share Film',
    ]);
    expect(shownTitles()).toEqual(['Moon', 'Paterson', 'The Fall', 'Gattaca']);
    expect(rowOf('Moon').getByRole('link', { name: 'Film Info' })).toHaveAttribute('href', '/films/moon-2009');
    // One call for the list; the shelf of new films is its own small call, asked for once the list is in (docs/product.md §New films).
    expect(calls.map((c) => `${c.method} ${c.path}`).filter((call) => call !== 'GET /api/films/new')).toEqual(['GET /api/films/allfilms']);
    expect(document.title).toBe('Home | The Film List');
  });

  it('puts the typed search in title case, matches by prefix and says when nothing matches', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    const user = userEvent.setup();
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    const box = screen.getByLabelText('Search by film title');
    await user.type(box, 'pa');
    expect(box).toHaveValue('Pa');
    expect(shownTitles()).toEqual(['Paterson']);
    expect(screen.queryByText(paragraphSaying(messages.searchNoMatch))).toBeNull();
    await user.clear(box);
    await user.type(box, 'the f');
    expect(box).toHaveValue('The F');
    expect(shownTitles()).toEqual(['The Fall']);
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(shownTitles()).toEqual([]);
    const none = screen.getByText(paragraphSaying(messages.searchNoMatch));
    // A visitor is led to adding the film too (the page asks them to log in first), and sees no bare column heads.
    expect(within(none).getByRole('link', { name: 'adding the film' })).toHaveAttribute('href', '/addfilm');
    expect(screen.queryByRole('table')).toBeNull();
    await user.clear(box);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('shows the load failure in the list area', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/films/allfilms': () => json({ error: 'x', code: 'internal' }, 500) });
    renderPage(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmsLoadFailed);
  });

  it('disables Watch Film without a link and records a visitor click with a temporary id', async () => {
    const { calls } = mockApi({
      'GET /api/films/allfilms': () => json({ films }),
      'GET /api/watch/generatetempid': () => json({ temporaryUserId: '5f0c7a52-8f7e-4c1b-9d38-3b8f0d6f2a11' }),
      'POST /api/watch/click': () => json({ message: serverMessages.watchClickRecorded }, 201),
    });
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    expect(rowOf('Paterson').getByText('Link Not Available')).toHaveClass('watch-none');
    const watch = rowOf('Moon').getByRole('link', { name: 'Watch Film' });
    expect(watch).toHaveAttribute('href', 'https://watch.example/moon');
    expect(watch).toHaveAttribute('target', '_blank');
    expect(watch.getAttribute('rel')).toContain('noopener');
    fireEvent.click(watch);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/watch/click')).toBe(true));
    const click = calls.find((c) => c.path === '/api/watch/click');
    expect(click?.body).toEqual({ user_id: '5f0c7a52-8f7e-4c1b-9d38-3b8f0d6f2a11', film_id: 1 });
    expect(window.localStorage.getItem('temporaryUserId')).toBe('5f0c7a52-8f7e-4c1b-9d38-3b8f0d6f2a11');
  });

  it('opens the share pop-up with the film URL targets', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    const user = userEvent.setup();
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    await user.click(rowOf('Moon').getByRole('button', { name: 'Share Film' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Moon:' });
    expect(within(dialog).getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    expect(within(dialog).queryByText(SHARE_PROMPT_WHY)).not.toBeInTheDocument();
    const url = encodeURIComponent(`${window.location.origin}/films/moon-2009`);
    expect(within(dialog).getByRole('link', { name: 'Share on FB' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    );
    expect(within(dialog).getByRole('link', { name: 'Share on X' }).getAttribute('href')).toContain(
      `https://x.com/intent/tweet?url=${url}`,
    );
    expect(within(dialog).getByRole('link', { name: 'Share via Email' }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('gives a row that now shows another film (rows are reused across searches) the links and share of that film', async () => {
    mockApi({ 'GET /api/films/allfilms': () => json({ films }) });
    const user = userEvent.setup();
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    const box = screen.getByLabelText('Search by film title');
    await user.type(box, 'ga');
    expect(shownTitles()).toEqual(['Gattaca']);
    expect(rowOf('Gattaca').getByRole('link', { name: 'Film Info' })).toHaveAttribute('href', '/films/gattaca-1997');
    expect(rowOf('Gattaca').getByRole('link', { name: 'Watch Film' })).toHaveAttribute('href', 'https://watch.example/gattaca');
    await user.clear(box);
    await user.type(box, 'pa');
    expect(shownTitles()).toEqual(['Paterson']);
    expect(rowOf('Paterson').getByText('2016')).toBeInTheDocument();
    expect(rowOf('Paterson').getByText('Link Not Available')).toHaveClass('watch-none');
    await user.click(rowOf('Paterson').getByRole('button', { name: 'Share Film' }));
    expect(await screen.findByRole('dialog', { name: 'Share Paterson:' })).toBeInTheDocument();
  });

  it('closes an opened logline when its row shows another film', async () => {
    const long = (id: number, title: string) => ({
      ...film(id, title, 2001),
      description: `${title}: ${'a long logline that runs over its lines '.repeat(3)}`,
    });
    mockApi({ 'GET /api/films/allfilms': () => json({ films: [long(1, 'Solaris'), long(2, 'Stalker')] }) });
    const user = userEvent.setup();
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Solaris' });
    await user.click(rowOf('Solaris').getByRole('button', { name: 'more' }));
    expect(rowOf('Solaris').getByRole('button', { name: 'less' })).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByLabelText('Search by film title'), 'st');
    expect(shownTitles()).toEqual(['Stalker']);
    expect(rowOf('Stalker').getByRole('button', { name: 'more' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('pages through 10,000 films, 50 at a time, and pages a search of them the same way', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => film(i + 1, `Film ${i + 1}`, 2000));
    mockApi({ 'GET /api/films/allfilms': () => json({ films: many }) });
    const user = userEvent.setup();
    renderPage(<HomePage />);
    // jsdom builds 10,000 films' keys in a few hundred ms, more on a busy machine: speed is the bench's to measure, not this test's.
    await screen.findByRole('rowheader', { name: 'Film 1' }, { timeout: 15_000 });
    expect(screen.getAllByRole('rowheader')).toHaveLength(50);
    expect(screen.getByText('Page 1 of 200')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 200')).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader')[0]).toHaveTextContent('Film 51');
    // "Film 99", "Film 990" to "Film 999" and "Film 9900" to "Film 9999": a large catalogue keeps its pages, from page 1.
    await user.type(screen.getByLabelText('Search by film title'), 'film 99');
    expect(screen.getAllByRole('rowheader')).toHaveLength(50);
    expect(screen.getAllByRole('rowheader')[0]).toHaveTextContent('Film 99');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('111 films')).toBeInTheDocument();
  }, 60_000);
});

describe('DashboardPage (members)', () => {
  const votes: MyVotes = { mentions: { '1': true, '2': false }, ratings: { '1': 8 } };

  function setup(extra: Partial<Record<RouteKey, Answer>> = {}) {
    signIn();
    const state = { votes: structuredClone(votes) };
    const api = mockApi({
      'GET /api/films/allfilms': () => json({ films }),
      'GET /api/me/votes': () => json(state.votes),
      ...extra,
    });
    renderPage(<DashboardPage />, { path: '/dashboard' });
    return { ...api, state };
  }

  it('adds the member columns and reads the votes with one call', async () => {
    const { calls } = setup();
    await screen.findByRole('rowheader', { name: 'Moon' });
    await waitFor(() => expect(rowOf('Moon').getByRole('button', { name: 'Mentioned' })).toBeDisabled());
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Film Title',
      'Year of Release',
      'Logline',
      'Film Info',
      'Heard of Before',
      'Score Film',
      'Watch Film',
      'Share Film',
    ]);
    expect(rowOf('Moon').getByRole('button', { name: 'Rate 8/10' })).toBeEnabled();
    expect(rowOf('The Fall').getByRole('button', { name: 'Mention' })).toBeEnabled();
    expect(rowOf('The Fall').getByRole('button', { name: 'Rate' })).toBeEnabled();
    expect(rowOf('Moon').getByRole('link', { name: 'Film Info' })).toHaveAttribute('href', '/films/private/moon-2009');
    const votesCalls = calls.filter((c) => c.path === '/api/me/votes');
    expect(votesCalls).toHaveLength(1);
    expect(votesCalls[0]?.auth).toMatch(/^Bearer /);
    expect(calls.filter((c) => c.path.startsWith('/api/mentions') || c.path.startsWith('/api/ratings'))).toEqual([]);
  });

  it('filters by the member votes, with the active filter pressed', async () => {
    setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Not Rated' })).toBeEnabled());
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'All Films' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Not Rated' }));
    expect(screen.getByRole('button', { name: 'Not Rated' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All Films' })).toHaveAttribute('aria-pressed', 'false');
    expect(shownTitles()).toEqual(['Paterson', 'The Fall', 'Gattaca']);
    await user.click(screen.getByRole('button', { name: 'Not Mentioned' }));
    expect(shownTitles()).toEqual(['The Fall', 'Gattaca']);
    await user.click(screen.getByRole('button', { name: 'Not Heard Before' }));
    expect(shownTitles()).toEqual(['Paterson']);
    // The first row showed Moon (mentioned, rated 8); now it shows Paterson's own answers and link.
    expect(rowOf('Paterson').getByRole('button', { name: 'Mentioned' })).toBeDisabled();
    expect(rowOf('Paterson').getByRole('button', { name: 'Rate' })).toBeEnabled();
    expect(rowOf('Paterson').getByRole('link', { name: 'Film Info' })).toHaveAttribute('href', '/films/private/paterson-2016');
    await user.click(screen.getByRole('button', { name: 'All Films' }));
    expect(shownTitles()).toEqual(['Moon', 'Paterson', 'The Fall', 'Gattaca']);
  });

  it('adds a Rated filter after the four: only the rated films, each with its rating', async () => {
    setup();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rated' })).toBeEnabled());
    const group = screen.getByRole('group', { name: 'Filter films' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All Films', 'Not Rated', 'Not Mentioned', 'Not Heard Before', 'Rated']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rated' }));
    expect(screen.getByRole('button', { name: 'Rated' })).toHaveAttribute('aria-pressed', 'true');
    expect(shownTitles()).toEqual(['Moon']);
    expect(rowOf('Moon').getByRole('button', { name: 'Rate 8/10' })).toBeEnabled();
    await user.type(screen.getByLabelText('Search by film title'), 'zz');
    expect(shownTitles()).toEqual([]);
    expect(screen.getByText(paragraphSaying(messages.searchNoMatch))).toBeInTheDocument();
  });

  it('asks the mention question, shows the processing message, then reads Mentioned', async () => {
    let release: () => void = () => undefined;
    const { calls, state } = setup({
      'POST /api/mentions/mentioned': async (call) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        state.votes.mentions['3'] = false;
        return json({ message: 'ok', mention: call.body }, 201);
      },
    });
    const user = userEvent.setup();
    await waitFor(() => expect(rowOf('The Fall').getByRole('button', { name: 'Mention' })).toBeEnabled());
    await user.click(rowOf('The Fall').getByRole('button', { name: 'Mention' }));
    const dialog = await screen.findByRole('dialog', { name: 'Have you heard of The Fall before visiting The Film List?' });
    expect(dialog).toHaveTextContent(messages.mentionIsFinal);
    // An answer that is final is never one Enter away (docs/product.md §Final mention).
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: messages.mentionAnswerNo }));
    expect(screen.queryByRole('dialog', { name: /Have you heard of/ })).toBeNull();
    expect(await screen.findByText(messages.mentionProcessing)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    act(() => release());
    await waitFor(() => expect(rowOf('The Fall').getByRole('button', { name: 'Mentioned' })).toBeDisabled());
    expect(rowOf('The Fall').getByText(messages.heardItNo)).toBeInTheDocument();
    expect(screen.queryByText(messages.mentionProcessing)).toBeNull();
    expect(rowOf('The Fall').getByRole('button', { name: 'Rate' })).toHaveFocus();
    // A film new to the member: the vote's notice offers to save it for later, and no dialog blocks the list (docs/product.md §Watchlist).
    expect(await screen.findByRole('button', { name: saveForLater('The Fall') })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = calls.find((c) => c.path === '/api/mentions/mentioned');
    expect(post?.body).toEqual({ user_id: 7, film_id: 3, mentioned: false });
    expect(post?.auth).toMatch(/^Bearer /);
    expect(calls.filter((c) => c.path === '/api/films/allfilms')).toHaveLength(2);
  });

  it('rates for the first time, then opens the share pop-up for 7 or more', async () => {
    const { calls, state } = setup({
      'POST /api/ratings/rate': (call) => {
        state.votes.ratings['3'] = 9;
        return json({ message: 'ok', rating: call.body }, 201);
      },
    });
    const user = userEvent.setup();
    await waitFor(() => expect(rowOf('The Fall').getByRole('button', { name: 'Rate' })).toBeEnabled());
    await user.click(rowOf('The Fall').getByRole('button', { name: 'Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate The Fall' });
    await user.click(within(dialog).getByRole('radio', { name: '9 stars' }));
    // The pop-up a 9 opens says why it came; the one Share Film opens (above) needs no reason.
    const prompt = await screen.findByRole('dialog', { name: 'Share The Fall:' });
    expect(within(prompt).getByText(SHARE_PROMPT_WHY)).toBeInTheDocument();
    expect(rowOf('The Fall').getByRole('button', { name: 'Rate 9/10' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/ratings/rate')?.body).toEqual({ user_id: 7, film_id: 3, rating: 9 });
  });

  it('edits an existing rating; the same value only closes the dialog; a failure is logged and said, with Try again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = setup({ 'POST /api/ratings/edit': () => json({ error: 'x', code: 'internal' }, 500) });
    const user = userEvent.setup();
    await waitFor(() => expect(rowOf('Moon').getByRole('button', { name: 'Rate 8/10' })).toBeEnabled());
    await user.click(rowOf('Moon').getByRole('button', { name: 'Rate 8/10' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('radio', { name: '8 stars' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/ratings'))).toEqual([]);

    await user.click(rowOf('Moon').getByRole('button', { name: 'Rate 8/10' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('radio', { name: '3 stars' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/ratings/edit')).toBe(true));
    await screen.findByRole('rowheader', { name: 'Moon' });
    expect(screen.queryByText(messages.ratingProcessing)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(error).toHaveBeenCalled();
    await waitFor(() => expect(rowOf('Moon').getByRole('button', { name: 'Rate 8/10' })).toHaveFocus());
    const notice = screen.getByText(voteFailedNotice('Moon', 'rating'));
    await user.click(within(notice.parentElement ?? document.body).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/ratings/edit')).toHaveLength(2));
  });
});
