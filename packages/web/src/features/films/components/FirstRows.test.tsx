import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Film } from '@filmlist/shared/api/films';
import { film } from '../../../test/factories';
import { deferred, json, mockApi } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import { createQueryClient } from '../../../lib/query-client';
import { keepFirstFilms, type FirstFilms } from '../api/first-films';
import DashboardPage from './DashboardPage';
import HomePage from './HomePage';

// The whole list has 60 films; the page came with its first two (docs/product.md §Loading the list).
const full: Film[] = Array.from({ length: 60 }, (_, i) =>
  film(i + 1, i === 0 ? 'Moon' : i === 1 ? 'Paterson' : `Film ${i + 1}`, 2000 + (i % 20)),
);
const first = { films: full.slice(0, 2), total: full.length };

const shownTitles = () => screen.queryAllByRole('rowheader').map((cell) => cell.textContent);

/** A cache holding the first films the page came with, as the entry script leaves it. */
function cacheWith(firstFilms: FirstFilms) {
  const client = createQueryClient();
  keepFirstFilms(client, firstFilms);
  return client;
}

describe('the first rows the page came with', () => {
  it('shows them on the first render, ranked out of the whole list, while the full list is on its way', async () => {
    const answer = deferred<Response>();
    mockApi({ 'GET /api/films/allfilms': () => answer.promise });
    renderPage(<HomePage />, { client: cacheWith(first) });
    // No waiting: these rows are in the first render.
    expect(shownTitles()).toEqual(['Moon', 'Paterson']);
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByText('60 films')).toBeInTheDocument();
    const moon = screen.getByRole('rowheader', { name: 'Moon' }).closest('tr');
    expect(moon && within(moon).getByText('#1 of 60.', { exact: false })).toBeInTheDocument();

    await act(async () => answer.resolve(json({ films: full })));
    expect(await screen.findByRole('rowheader', { name: 'Film 3' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(shownTitles().slice(0, 3)).toEqual(['Moon', 'Paterson', 'Film 3']);
  });

  it('shows every one of them, not only the screenful painted first, before the full list is in', async () => {
    mockApi({ 'GET /api/films/allfilms': () => deferred<Response>().promise });
    renderPage(<HomePage />, { client: cacheWith({ films: full.slice(0, 40), total: full.length }) });
    expect(await screen.findByRole('rowheader', { name: 'Film 40' })).toBeInTheDocument();
    expect(shownTitles()).toEqual(full.slice(0, 40).map((f) => f.title));
  });

  it('does not stand them in for a search or a filter in the address: those wait for the whole list', async () => {
    const answer = deferred<Response>();
    mockApi({ 'GET /api/films/allfilms': () => answer.promise });
    renderPage(<HomePage />, { path: '/?q=film%2012', route: '/', client: cacheWith(first) });
    expect(shownTitles()).toEqual(['Loading...']);
    await act(async () => answer.resolve(json({ films: full })));
    expect(await screen.findByRole('rowheader', { name: 'Film 12' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(shownTitles()).toEqual(['Film 12']);
  });

  it("gives a member the rows at once, with Loading... on disabled buttons until the member's votes are in", async () => {
    const list = deferred<Response>();
    const votes = deferred<Response>();
    mockApi({ 'GET /api/films/allfilms': () => list.promise, 'GET /api/me/votes': () => votes.promise });
    signIn();
    renderPage(<DashboardPage />, { path: '/dashboard', client: cacheWith(first) });
    const moon = screen.getByRole('rowheader', { name: 'Moon' }).closest('tr');
    if (!moon) throw new Error('no row for Moon');
    const buttons = within(moon).getAllByRole('button', { name: 'Loading...' });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toBeDisabled();

    await act(async () => votes.resolve(json({ mentions: { 1: false }, ratings: {} })));
    expect(await within(moon).findByRole('button', { name: 'Mentioned' })).toBeDisabled();
    expect(within(moon).getByRole('button', { name: /Rate/ })).toBeEnabled();
    await act(async () => list.resolve(json({ films: full })));
    expect(await screen.findByRole('rowheader', { name: 'Film 3' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
