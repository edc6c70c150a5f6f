import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@filmlist/shared/api/reviewers';
import { messages } from '@filmlist/shared/messages';
import { callsTo, json, mockApi, type Answer } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import ReviewQueuePage from './ReviewQueuePage';

const entry = (audit_id: number, fields: Partial<AuditEntry>): AuditEntry => ({
  audit_id,
  at: '2026-03-02T10:00:00.000Z',
  reviewer: 'rita',
  action: 'add',
  title: 'Moon',
  release_year: 2009,
  film_slug: 'moon-2009',
  reason: null,
  changes: null,
  ...fields,
});

const edited = entry(9, {
  action: 'edit',
  title: 'Moon',
  reason: 'The year was wrong.',
  changes: { release_year: { from: 2008, to: 2009 }, watch_link: { from: null, to: 'https://watch.example/moon' } },
});
const removed = entry(8, { action: 'remove', title: 'Gattaca', release_year: 1997, film_slug: null, reason: 'A duplicate.' });
const rejected = entry(7, { action: 'reject', title: 'Paper Moon', release_year: 1973, film_slug: null, reviewer: 'otto' });
const older = entry(3, { title: 'The Fall', release_year: 2006, film_slug: 'the-fall-2006' });

function open(history: Answer) {
  signIn({ isReviewer: true });
  const api = mockApi({ 'GET /api/films/submissions': () => json({ submissions: [] }), 'GET /api/films/review-history': history });
  renderPage(<ReviewQueuePage />, { path: '/master' });
  return { ...api, user: userEvent.setup() };
}

const history = () => screen.getByRole('region', { name: 'History' });
const entries = () =>
  within(history())
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.classList.contains('history-list'));

describe('the review history on /master', () => {
  it('sits beside the queue: who decided what, when, why, and what an edit changed', async () => {
    const { calls } = open(() => json({ entries: [edited, removed, rejected], next: null }));
    expect(screen.getByRole('region', { name: 'Waiting for Review' })).toBeInTheDocument();
    await within(history()).findByText(/rejected/);
    const [first, second, third] = entries();
    if (!first || !second || !third) throw new Error('three entries expected');

    expect(first).toHaveTextContent('rita edited Moon (2009)');
    expect(within(first).getByRole('link', { name: 'Moon (2009)' })).toHaveAttribute('href', '/films/private/moon-2009');
    expect(within(first).getByText('2 Mar 2026', { exact: false })).toHaveAttribute('datetime', edited.at);
    expect(first).toHaveTextContent('Reason: The year was wrong.');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Year of Release: 2008 → changed to 2009', 'Watch Link: (none) → changed to https://watch.example/moon']);
    expect(within(first).getByRole('link', { name: 'Edit Moon (2009)' })).toHaveAttribute('href', '/master/films/moon-2009/edit');

    // A film that is gone is named, not linked.
    expect(second).toHaveTextContent('rita removed Gattaca (1997)');
    expect(second).toHaveTextContent('Reason: A duplicate.');
    expect(within(second).queryByRole('link')).toBeNull();
    expect(third).toHaveTextContent('otto rejected Paper Moon (1973)');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo(calls, '/api/films/review-history')[0]?.auth).toBe('Bearer access-token');
  });

  it('loads older entries with the cursor of the page before, and focuses the first of them', async () => {
    const { calls, user } = open((call) =>
      call.query.before === '7' ? json({ entries: [older], next: null }) : json({ entries: [edited, removed, rejected], next: 7 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(4));
    expect(entries()[3]).toHaveTextContent('rita added The Fall (2006)');
    await waitFor(() => expect(entries()[3]).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo(calls, '/api/films/review-history').map((c) => c.query)).toEqual([{}, { before: '7' }]);
  });

  it('says when nothing has been decided yet', async () => {
    open(() => json({ entries: [], next: null }));
    expect(await within(history()).findByText('No reviewer has decided anything yet.')).toBeInTheDocument();
  });

  it('says when the history cannot be loaded', async () => {
    open(() => json({ error: 'x', code: 'internal' }, 500));
    expect(await within(history()).findByRole('alert')).toHaveTextContent(messages.reviewHistoryLoadFailed);
  });

  it('shows a decision made on the page at once', async () => {
    signIn({ isReviewer: true });
    let decided = false;
    const paperMoon = {
      submission_id: 1,
      title: 'Paper Moon',
      release_year: 1973,
      description: 'A con man.',
      user_id: 9,
      username: 'otto',
      status: 'pending',
      tmdb_id: null,
      note: null,
      note_named: true,
      created_at: '2026-03-01T09:00:00.000Z',
    };
    mockApi({
      'GET /api/films/submissions': () => json({ submissions: decided ? [] : [paperMoon] }),
      'GET /api/films/review-history': () => json({ entries: decided ? [rejected] : [], next: null }),
      'POST /api/films/reject': () => {
        decided = true;
        return json({ message: messages.filmRejected });
      },
    });
    renderPage(<ReviewQueuePage />, { path: '/master' });
    const user = userEvent.setup();
    const moon = await screen.findByRole('article', { name: /Paper Moon/ });
    await user.click(within(moon).getByRole('button', { name: 'Reject Film' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm Rejection' }));
    await waitFor(() => expect(history()).toHaveTextContent('otto rejected Paper Moon (1973)'));
  });
});
