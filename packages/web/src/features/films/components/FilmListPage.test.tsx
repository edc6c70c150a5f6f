import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyVotes } from '@filmlist/shared/api/votes';
import { messages } from '@filmlist/shared/messages';
import { film, mockApi, renderPage, signIn, type Call } from '../test-support';
import DashboardPage from './DashboardPage';
import HomePage from './HomePage';

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
    const { calls } = mockApi({ 'GET /api/films/allfilms': () => ({ body: { films } }) });
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
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/films/allfilms']);
    expect(document.title).toBe('Home | The Film List');
  });

  it('puts the typed search in title case, matches by prefix and says when nothing matches', async () => {
    mockApi({ 'GET /api/films/allfilms': () => ({ body: { films } }) });
    const user = userEvent.setup();
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    const box = screen.getByLabelText('Search by film title');
    await user.type(box, 'pa');
    expect(box).toHaveValue('Pa');
    expect(shownTitles()).toEqual(['Paterson']);
    expect(screen.queryByText(messages.searchNoMatch)).toBeNull();
    await user.clear(box);
    await user.type(box, 'the f');
    expect(box).toHaveValue('The F');
    expect(shownTitles()).toEqual(['The Fall']);
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(shownTitles()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(messages.searchNoMatch);
  });

  it('shows the load failure in the list area', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/films/allfilms': () => ({ status: 500, body: { error: 'x', code: 'internal' } }) });
    renderPage(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmsLoadFailed);
  });

  it('disables Watch Film without a link and records a visitor click with a temporary id', async () => {
    const { calls } = mockApi({
      'GET /api/films/allfilms': () => ({ body: { films } }),
      'GET /api/watch/generatetempid': () => ({ body: { temporaryUserId: '5f0c7a52-8f7e-4c1b-9d38-3b8f0d6f2a11' } }),
      'POST /api/watch/click': () => ({ status: 201, body: { message: messages.watchClickRecorded } }),
    });
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    expect(rowOf('Paterson').getByRole('button', { name: 'Link Not Available' })).toBeDisabled();
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
    mockApi({ 'GET /api/films/allfilms': () => ({ body: { films } }) });
    const user = userEvent.setup();
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Moon' });
    await user.click(rowOf('Moon').getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share Moon:' });
    expect(within(dialog).getByRole('button', { name: 'Copy URL' })).toBeInTheDocument();
    const url = encodeURIComponent(`${window.location.origin}/films/moon-2009`);
    expect(within(dialog).getByRole('link', { name: 'Share on FB' })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${url}`);
    expect(within(dialog).getByRole('link', { name: 'Share on X' }).getAttribute('href')).toContain(`https://x.com/intent/tweet?url=${url}`);
    expect(within(dialog).getByRole('link', { name: 'Share via Email' }).getAttribute('href')).toMatch(/^mailto:/);
  });

  it('gives a row that now shows another film (rows are reused across searches) the links and share of that film', async () => {
    mockApi({ 'GET /api/films/allfilms': () => ({ body: { films } }) });
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
    expect(rowOf('Paterson').getByRole('button', { name: 'Link Not Available' })).toBeDisabled();
    await user.click(rowOf('Paterson').getByRole('button', { name: 'Share' }));
    expect(screen.getByRole('dialog', { name: 'Share Paterson:' })).toBeInTheDocument();
  });

  it('pages through 10,000 films, 50 at a time, back to page 1 on a new search', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => film(i + 1, `Film ${i + 1}`, 2000));
    mockApi({ 'GET /api/films/allfilms': () => ({ body: { films: many } }) });
    const user = userEvent.setup();
    renderPage(<HomePage />);
    await screen.findByRole('rowheader', { name: 'Film 1' });
    expect(screen.getAllByRole('rowheader')).toHaveLength(50);
    expect(screen.getByText('Page 1 of 200')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 200')).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader')[0]).toHaveTextContent('Film 51');
    await user.type(screen.getByLabelText('Search by film title'), 'film 99');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });
});

describe('DashboardPage (members)', () => {
  const votes: MyVotes = { mentions: { '1': true, '2': false }, ratings: { '1': 8 } };

  function setup(extra: Record<string, (call: Call) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>> = {}) {
    signIn();
    const state = { votes: structuredClone(votes) };
    const api = mockApi({
      'GET /api/films/allfilms': () => ({ body: { films } }),
      'GET /api/me/votes': () => ({ body: state.votes }),
      ...extra,
    });
    renderPage(<DashboardPage />);
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
    expect(rowOf('Moon').getByRole('button', { name: 'Rate (8)' })).toBeEnabled();
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

  it('asks the mention question, shows the processing message, then reads Mentioned', async () => {
    let release: () => void = () => undefined;
    const { calls, state } = setup({
      'POST /api/mentions/mentioned': async (call) => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        state.votes.mentions['3'] = false;
        return { status: 201, body: { message: 'ok', mention: { ...(call.body ?? {}) } } };
      },
    });
    const user = userEvent.setup();
    await waitFor(() => expect(rowOf('The Fall').getByRole('button', { name: 'Mention' })).toBeEnabled());
    await user.click(rowOf('The Fall').getByRole('button', { name: 'Mention' }));
    const dialog = screen.getByRole('dialog', { name: 'Have you heard of The Fall before visiting The Film List?' });
    expect(dialog).toHaveTextContent(messages.mentionIsFinal);
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText(messages.mentionProcessing)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    act(() => release());
    await waitFor(() => expect(rowOf('The Fall').getByRole('button', { name: 'Mentioned' })).toBeDisabled());
    expect(screen.queryByText(messages.mentionProcessing)).toBeNull();
    expect(rowOf('The Fall').getByRole('button', { name: 'Rate' })).toHaveFocus();
    const post = calls.find((c) => c.path === '/api/mentions/mentioned');
    expect(post?.body).toEqual({ user_id: 7, film_id: 3, mentioned: false });
    expect(post?.auth).toMatch(/^Bearer /);
    expect(calls.filter((c) => c.path === '/api/films/allfilms')).toHaveLength(2);
  });

  it('rates for the first time, then opens the share pop-up for 7 or more', async () => {
    const { calls, state } = setup({
      'POST /api/ratings/rate': (call) => {
        state.votes.ratings['3'] = 9;
        return { status: 201, body: { message: 'ok', rating: call.body } };
      },
    });
    const user = userEvent.setup();
    await waitFor(() => expect(rowOf('The Fall').getByRole('button', { name: 'Rate' })).toBeEnabled());
    await user.click(rowOf('The Fall').getByRole('button', { name: 'Rate' }));
    const dialog = screen.getByRole('dialog', { name: 'Rate The Fall' });
    await user.click(within(dialog).getByRole('radio', { name: '9 stars' }));
    expect(await screen.findByRole('dialog', { name: 'Share The Fall:' })).toBeInTheDocument();
    expect(rowOf('The Fall').getByRole('button', { name: 'Rate (9)' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/ratings/rate')?.body).toEqual({ user_id: 7, film_id: 3, rating: 9 });
  });

  it('edits an existing rating; the same value only closes the dialog; a failure is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = setup({ 'POST /api/ratings/edit': () => ({ status: 500, body: { error: 'x', code: 'internal' } }) });
    const user = userEvent.setup();
    await waitFor(() => expect(rowOf('Moon').getByRole('button', { name: 'Rate (8)' })).toBeEnabled());
    await user.click(rowOf('Moon').getByRole('button', { name: 'Rate (8)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('radio', { name: '8 stars' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/ratings'))).toEqual([]);

    await user.click(rowOf('Moon').getByRole('button', { name: 'Rate (8)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('radio', { name: '3 stars' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/ratings/edit')).toBe(true));
    await screen.findByRole('rowheader', { name: 'Moon' });
    expect(screen.queryByText(messages.ratingProcessing)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(error).toHaveBeenCalled();
    await waitFor(() => expect(rowOf('Moon').getByRole('button', { name: 'Rate (8)' })).toHaveFocus());
  });
});
