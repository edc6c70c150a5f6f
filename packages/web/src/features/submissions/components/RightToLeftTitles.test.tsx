import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SubmissionDetail } from '@filmlist/shared/api/films';
import type { MySubmission } from '@filmlist/shared/api/me';
import type { AuditEntry } from '@filmlist/shared/api/reviewers';
import { aboutFilm, messages } from '@filmlist/shared/messages';
import { filmDetail } from '../../../test/factories';
import { json, mockApi } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import AddFilmPage from './AddFilmPage';
import EditFilmPage from './EditFilmPage';
import MasterAddFilmPage from './MasterAddFilmPage';
import MySubmissionsPage from './MySubmissionsPage';
import ReviewQueuePage from './ReviewQueuePage';

/**
 * docs/product.md §Film page: a right-to-left title beside other text is isolated, so "وجدة (2012)" keeps
 * its order and never reads "(2012) وجدة". Wherever the submissions screens show one.
 */

const WADJDA = 'وجدة';

/** The title inside `element` is a <bdi> (or dir="auto") of its own, followed by the year in logical order. */
function expectIsolated(element: HTMLElement, after = ' (2012)') {
  const isolated = [...element.querySelectorAll('bdi, [dir="auto"]')].find((node) => node.textContent === WADJDA);
  expect(isolated, `an isolated ${WADJDA} in "${element.textContent ?? ''}"`).toBeDefined();
  expect(element.textContent).toContain(`${WADJDA}${after}`);
}

/** The paragraph that says `text` whole: an isolated title splits it into several nodes. */
const paragraphSaying = (text: string) => screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === text);

const submission: SubmissionDetail = {
  submission_id: 4,
  title: WADJDA,
  release_year: 2012,
  description: 'A girl in Riyadh saves up for a green bicycle.',
  user_id: 12,
  username: 'mia',
  status: 'pending',
  tmdb_id: null,
  note: null,
  note_named: true,
  created_at: '2026-03-02T10:00:00.000Z',
};

describe('a right-to-left title', () => {
  it('on the review queue: the item, the reject dialog, and the message once it is added', async () => {
    signIn({ isReviewer: true });
    mockApi({
      'GET /api/films/submissions': () => json({ submissions: [submission] }),
      'GET /api/films/review-history': () => json({ entries: [], next: null }),
      'POST /api/films/addfilm': () => json({ message: messages.filmAdded, film: {} }),
    });
    renderPage(<ReviewQueuePage />, { path: '/master' });
    const user = userEvent.setup();
    const item = await screen.findByRole('article', { name: `${WADJDA} (2012)` });
    expectIsolated(within(item).getByRole('heading'));

    await user.click(within(item).getByRole('button', { name: 'Reject Film' }));
    const dialog = screen.getByRole('dialog', { name: `Reject ${WADJDA} (2012)?` });
    expectIsolated(within(dialog).getByRole('heading'), ' (2012)?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(item).getByRole('button', { name: 'Add Film' }));
    const said = await paragraphSaying(aboutFilm(WADJDA, 2012, messages.filmAdded));
    expectIsolated(said, ` (2012): ${messages.filmAdded}`);
  });

  it('in the review history', async () => {
    const entry: AuditEntry = {
      audit_id: 1,
      at: '2026-03-02T10:00:00.000Z',
      reviewer: 'rita',
      action: 'add',
      title: WADJDA,
      release_year: 2012,
      film_slug: 'wadjda-2012',
      reason: null,
      changes: null,
    };
    signIn({ isReviewer: true });
    mockApi({
      'GET /api/films/submissions': () => json({ submissions: [] }),
      'GET /api/films/review-history': () => json({ entries: [entry], next: null }),
    });
    renderPage(<ReviewQueuePage />, { path: '/master' });
    const link = await within(await screen.findByRole('region', { name: 'History' })).findByRole('link', { name: `${WADJDA} (2012)` });
    expectIsolated(link);
  });

  it("on the member's submissions, and in the question before one is withdrawn", async () => {
    const mine: MySubmission = {
      submission_id: 4,
      title: WADJDA,
      release_year: 2012,
      description: submission.description,
      submitted_at: submission.created_at,
      state: 'pending',
      decided_at: null,
      reason: null,
      film_slug: null,
      note: null,
      note_named: true,
    };
    signIn();
    mockApi({ 'GET /api/me/submissions': () => json({ submissions: [mine] }) });
    renderPage(<MySubmissionsPage />, { path: '/my-submissions' });
    const item = await screen.findByRole('article', { name: `${WADJDA} (2012)` });
    expectIsolated(within(item).getByRole('heading'));
    await userEvent.setup().click(within(item).getByRole('button', { name: 'Withdraw' }));
    expectIsolated(within(screen.getByRole('dialog')).getByText(/will no longer be reviewed/), ' (2012) will no longer be reviewed.');
  });

  it('in the message after a member sends it', async () => {
    signIn({ isReviewer: false, username: 'mia', user_id: 5 });
    mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/reviewfilm': () => json({ message: messages.reviewSubmitted, film: {} }, 201),
    });
    renderPage(<AddFilmPage />, { path: '/addfilm' });
    fireEvent.change(screen.getByLabelText('Film Title'), { target: { value: WADJDA } });
    fireEvent.change(screen.getByLabelText('Year of Release'), { target: { value: '2012' } });
    fireEvent.change(screen.getByLabelText('Logline'), { target: { value: submission.description } });
    fireEvent.click(screen.getByLabelText('I have double-checked the film details'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    const said = await paragraphSaying(aboutFilm(WADJDA, '2012', messages.reviewSubmitted));
    expectIsolated(said, ` (2012): ${messages.reviewSubmitted}`);
  });

  it("in the message of the reviewer's form once the film is added", async () => {
    signIn({ isReviewer: true });
    mockApi({
      'GET /api/films/submissions': () => json({ submissions: [submission] }),
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/addfilm': () => json({ message: messages.filmAdded, film: {} }),
    });
    renderPage(<MasterAddFilmPage />, {
      path: `/master/addfilm/${encodeURIComponent(WADJDA)}/2012/a-girl-in-riyadh-saves-up-for-a-green-bicycle./12`,
      route: '/master/addfilm/:title/:release_year/:description/:user_id',
    });
    fireEvent.click(screen.getByLabelText('I have double-checked the film details'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    const said = await paragraphSaying(aboutFilm(WADJDA, '2012', messages.filmAdded));
    expect(said).toHaveAttribute('role', 'status');
    expectIsolated(said, ` (2012): ${messages.filmAdded}`);
  });

  it('in the question before a reviewer removes the film', async () => {
    signIn({ isReviewer: true });
    mockApi({
      'GET /api/films/filmdetails': () => json({ film: filmDetail(7, WADJDA, 2012) }),
      'GET /api/films/checkfilm': () => json({ exists: false }),
    });
    renderPage(<EditFilmPage />, { path: '/master/films/wadjda-2012/edit', route: '/master/films/:slug/edit' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Remove Film' }));
    const dialog = screen.getByRole('dialog', { name: `Remove ${WADJDA} (2012)?` });
    await waitFor(() => expectIsolated(within(dialog).getByRole('heading'), ' (2012)?'));
  });
});
