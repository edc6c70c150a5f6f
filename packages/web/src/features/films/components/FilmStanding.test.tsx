import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { Routes } from '../../../lib/router';
import { filmDetail, standingDetail } from '../../../test/factories';
import { json, mockApi } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import FilmDetailsPage from './FilmDetailsPage';

/** docs/product.md §Film page, §Standing: the film page leads with the film's standing and chart. */

const moon = filmDetail(1, 'Moon', 2009, 'https://watch.example/moon');
const routes = [
  { path: '/films/private/:filmDetails', element: <FilmDetailsPage private /> },
  { path: '/films/:filmDetails', element: <FilmDetailsPage private={false} /> },
];
const open = (path: string, state: unknown = null) => renderPage(<Routes routes={routes} />, { path, state, route: '*' });
// 9 ratings: one 5, two 6s, four 7s, two 9s (S = 63)
const ratedMoon = standingDetail('moon-2009', { rank: 3, films: 30, N: 31, H: 10 }, [0, 0, 0, 0, 1, 2, 4, 0, 2, 0]);

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe("a film's standing", () => {
  it('shows its rank, the two halves of its score in words, and a chart of its ratings with a table for assistive technology', async () => {
    const { calls } = mockApi({ 'GET /api/films/standing': () => json({ standing: ratedMoon }) });
    open('/films/moon-2009', { film: moon });
    const panel = await screen.findByRole('region', { name: '#3 of 30 on The Film List' });
    expect(calls.find((c) => c.path === '/api/films/standing')?.query).toEqual({ slug: 'moon-2009' });
    expect(panel).toHaveTextContent("62%hadn't heard of it31 of 50 answers");
    expect(panel).toHaveTextContent('7.0average ratingout of 10, from 9 ratings');
    const table = within(panel).getByRole('table', { name: 'Ratings of Moon, from 1 to 10' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['10', '20', '30', '40', '51', '62', '74', '80', '92', '100']);
    expect(panel.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(panel.querySelectorAll('svg rect')).toHaveLength(10);
  });

  it('says "No answers yet" instead of empty bars', async () => {
    open('/films/moon-2009', { film: moon });
    const panel = await screen.findByRole('region', { name: '#1 of 1 on The Film List' });
    expect(panel).toHaveTextContent(messages.noAnswersYet);
    expect(within(panel).queryByRole('table')).toBeNull();
    expect(panel.querySelector('svg')).toBeNull();
  });

  it("marks the member's own rating in the chart", async () => {
    signIn();
    mockApi({
      'GET /api/films/standing': () => json({ standing: ratedMoon }),
      'GET /api/me/votes': () => json({ mentions: { '1': false }, ratings: { '1': 9 } }),
    });
    open('/films/private/moon-2009', { film: moon });
    const table = await screen.findByRole('table', { name: 'Ratings of Moon, from 1 to 10' });
    await waitFor(() => expect(within(table).getByRole('rowheader', { name: '9 (your rating)' })).toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Heard of Before' })).toHaveTextContent(`Mentioned${messages.heardItNo}`);
    expect(screen.getByRole('button', { name: 'Rate 9/10' })).toBeEnabled();
  });
});

describe('the film page', () => {
  it('invites a visitor to sign up and vote', async () => {
    open('/films/moon-2009', { film: moon });
    const invitation = screen.getByRole('region', { name: 'Join The Film List' });
    expect(invitation).toHaveTextContent(messages.joinToVote);
    expect(within(invitation).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(within(invitation).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await screen.findByRole('region', { name: /on The Film List/ });
  });

  it('shows a signed-in member who follows a shared public link the member controls there, at the public address', async () => {
    signIn();
    mockApi({ 'GET /api/me/votes': () => json({ mentions: {}, ratings: {} }), 'GET /api/films/filmdetails': () => json({ film: moon }) });
    open('/films/moon-2009');
    expect(await screen.findByRole('region', { name: 'Heard of Before' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/films/moon-2009');
    expect(screen.queryByRole('region', { name: 'Join The Film List' })).toBeNull();
  });

  it('goes back to the list it came from, so the list is as it was left; else links to it', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const { unmount } = open('/films/moon-2009', { film: moon, fromList: true });
    await userEvent.setup().click(screen.getByRole('link', { name: messages.backToList }));
    expect(back).toHaveBeenCalledOnce();
    unmount();
    open('/films/moon-2009', { film: moon });
    expect(screen.getByRole('link', { name: messages.backToList })).toHaveAttribute('href', '/');
    await screen.findByRole('region', { name: /on The Film List/ });
  });
});
