import { act, screen, waitFor, within } from '@testing-library/react';
import { EventSource } from 'eventsource';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Film } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import { film } from '../../../test/factories';
import { callsTo, json, mockApi, mockLiveList, type Call } from '../../../test/fake-api';
import { renderPage } from '../../../test/render-page';
import HomePage from '../components/HomePage';

/** docs/product.md §Live list: an open list follows the versions the server announces. */

const withCounts = (base: Film, n: number, h: number, r: number, s: number): Film => ({ ...base, n, h, r, s });

const rowOf = (title: string) => {
  const row = screen.getByRole('rowheader', { name: title }).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};
const rankOf = (title: string) => rowOf(title).querySelector('th')?.getAttribute('data-rank');

function setShown(shown: boolean): void {
  Object.defineProperty(document, 'visibilityState', { value: shown ? 'visible' : 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  // jsdom has no EventSource: the eventsource package's reads through fetch, which the fake API answers.
  vi.stubGlobal('EventSource', EventSource);
});
afterEach(() => {
  setShown(true);
  vi.unstubAllGlobals();
});

/** The list page with a list the fake server can change, and its live stream. */
async function openList() {
  const server = {
    version: 'W/"one"',
    films: [
      withCounts(film(1, 'Moon', 2009), 30, 10, 10, 80),
      withCounts(film(2, 'Paterson', 2016), 5, 5, 0, 0),
      film(3, 'The Fall', 2006),
    ],
  };
  const api = mockApi({ 'GET /api/films/allfilms': () => json({ films: server.films }, 200, { etag: server.version }) });
  const live = mockLiveList();
  renderPage(<HomePage />);
  await screen.findByRole('rowheader', { name: 'Moon' }, { timeout: 5000 });
  // The live list's code comes after the first paint.
  await waitFor(() => expect(live.open()).toBe(1), { timeout: 5000 });
  const listReads = (): Call[] => callsTo(api.calls, '/api/films/allfilms');
  return { server, live, listReads };
}

describe('the live list', () => {
  it('reads the announced version of the list by its own address, updates the rows where they are, keeps the focus, and says so quietly', async () => {
    const { server, live, listReads } = await openList();
    expect(listReads()).toHaveLength(1);

    // The version the page already has: nothing to read.
    act(() => live.announce('W/"one"'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listReads()).toHaveLength(1);

    const [focused] = within(rowOf('Paterson')).getAllByRole('link', { name: 'Film Info' });
    if (!focused) throw new Error('no Film Info link in the row of Paterson');
    focused.focus();

    // Votes elsewhere: Paterson rises above Moon.
    server.version = 'W/"two"';
    server.films = [
      withCounts(film(2, 'Paterson', 2016), 40, 5, 5, 50),
      withCounts(film(1, 'Moon', 2009), 30, 10, 11, 88),
      film(3, 'The Fall', 2006),
    ];
    act(() => live.announce('W/"two"'));
    await waitFor(() => expect(rankOf('Paterson')).toBe('1'));
    expect(rankOf('Moon')).toBe('2');
    expect(listReads().at(-1)?.query).toEqual({ v: 'W/"two"' });
    expect(listReads()).toHaveLength(2);
    expect(document.activeElement).toBe(focused);
    expect(screen.getByText(messages.listUpdated)).toHaveAttribute('aria-live', 'polite');
  });

  it('reads an announced version once, also when the server answers with a newer one', async () => {
    const { server, live, listReads } = await openList();
    // Votes since the announcement: the version's address answers with a newer list.
    server.version = 'W/"three"';
    server.films = [...server.films].reverse();
    act(() => live.announce('W/"two"'));
    await waitFor(() => expect(rankOf('The Fall')).toBe('1'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listReads().map((call) => call.query)).toEqual([{}, { v: 'W/"two"' }]);

    // The page holds W/"three" now: told of it, it reads nothing.
    act(() => live.announce('W/"three"'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(listReads()).toHaveLength(2);
  });

  it('closes the stream of a hidden tab, and on showing it again reconnects and catches up', async () => {
    const { server, live, listReads } = await openList();
    act(() => setShown(false));
    await waitFor(() => expect(live.open()).toBe(0));

    server.version = 'W/"three"';
    server.films = [...server.films].reverse();
    act(() => setShown(true));
    await waitFor(() => expect(live.open()).toBe(1));
    expect(live.opened).toHaveLength(2);
    // The server tells a new stream the current version at once.
    act(() => live.announce('W/"three"'));
    await waitFor(() => expect(rankOf('The Fall')).toBe('1'));
    expect(listReads().at(-1)?.query).toEqual({ v: 'W/"three"' });
  });
});
