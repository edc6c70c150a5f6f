import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubmissionDetail } from '@filmlist/shared/api/films';
import { callsTo, json, mockApi } from '../../test/fake-api';
import { renderPage, signIn } from '../../test/render-page';
import { Header } from './Header';

const pending = (submission_id: number): SubmissionDetail => ({
  submission_id,
  title: `Film ${submission_id}`,
  release_year: 2001,
  description: 'A logline.',
  user_id: 3,
  username: 'mia',
  status: 'pending',
  tmdb_id: null,
  note: null,
  note_named: true,
  created_at: '2026-01-01T00:00:00.000Z',
});

/** docs/product.md §Navigation and shell: the Review menu item shows how many films wait, for reviewers only. */
describe('the Review menu item', () => {
  it('shows a reviewer how many films wait, said in words to a screen reader', async () => {
    signIn({ user_id: 1, username: 'rita', isReviewer: true });
    mockApi({ 'GET /api/films/submissions': () => json({ submissions: [pending(1), pending(2), pending(3)] }) });
    renderPage(<Header />);
    const review = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Review/ });
    await waitFor(() => expect(review).toHaveTextContent('Review, 3 waiting'));
    expect(review).toHaveAccessibleName(/^Review\W*3\W*waiting$/);
  });

  it('shows nothing beside it when the queue is empty', async () => {
    signIn({ user_id: 1, username: 'rita', isReviewer: true });
    const { calls } = mockApi({ 'GET /api/films/submissions': () => json({ submissions: [] }) });
    renderPage(<Header />);
    await waitFor(() => expect(callsTo(calls, '/api/films/submissions')).toHaveLength(1));
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Review' })).toBeInTheDocument();
  });

  it('never asks for the queue for a member who does not review, or a visitor', async () => {
    signIn({ user_id: 2, username: 'maria', isReviewer: false });
    const { calls } = mockApi({});
    renderPage(<Header />);
    await screen.findByRole('link', { name: 'My Profile' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, '/api/films/submissions')).toEqual([]);
  });
});
