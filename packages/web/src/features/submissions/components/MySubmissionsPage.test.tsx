import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MySubmission } from '@filmlist/shared/api/me';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { callsTo, json, mockApi } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import MySubmissionsPage from './MySubmissionsPage';

const pending: MySubmission = {
  submission_id: 3,
  title: 'Paper Moon',
  release_year: 1973,
  description: 'A con man and a girl travel Kansas.',
  submitted_at: '2026-03-03T10:00:00.000Z',
  state: 'pending',
  decided_at: null,
  reason: null,
  film_slug: null,
  note: null,
  note_named: true,
};
const added: MySubmission = {
  ...pending,
  submission_id: 2,
  title: 'The Fall',
  release_year: 2006,
  submitted_at: '2026-03-02T10:00:00.000Z',
  state: 'added',
  decided_at: '2026-03-04T10:00:00.000Z',
  film_slug: 'the-fall-2006',
};
const rejected: MySubmission = {
  ...pending,
  submission_id: 1,
  title: 'Gattaca',
  release_year: 1997,
  submitted_at: '2026-03-01T10:00:00.000Z',
  state: 'rejected',
  decided_at: '2026-03-05T10:00:00.000Z',
  reason: 'It is already on the list.',
};

function open(withdraw: () => Response = () => json({ message: serverMessages.submissionWithdrawn })) {
  signIn();
  const state = { submissions: [pending, added, rejected] };
  const api = mockApi({
    'GET /api/me/submissions': () => json(state),
    'DELETE /api/me/submissions/:id': () => {
      const answer = withdraw();
      if (answer.ok) state.submissions = state.submissions.filter((s) => s !== pending);
      return answer;
    },
  });
  renderPage(<MySubmissionsPage />, { path: '/my-submissions' });
  return { ...api, user: userEvent.setup() };
}

const item = (name: RegExp) => screen.getByRole('article', { name });

describe('MySubmissionsPage', () => {
  it('lists the submissions newest first, each with when it was sent and its state', async () => {
    const { calls } = open();
    expect(document.title).toBe('My Submissions | The Film List');
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Paper Moon (1973)',
      'The Fall (2006)',
      'Gattaca (1997)',
    ]);

    const moon = item(/Paper Moon/);
    expect(moon).toHaveTextContent('Sent on 3 March 2026');
    expect(moon).toHaveTextContent('Pending: waiting for a reviewer.');
    expect(within(moon).getByRole('button', { name: 'Withdraw' })).toHaveAccessibleDescription('Paper Moon (1973)');

    const fall = item(/The Fall/);
    expect(fall).toHaveTextContent('Added to The Film List on 4 March 2026.');
    expect(within(fall).getByRole('link', { name: 'See the film' })).toHaveAttribute('href', '/films/private/the-fall-2006');
    expect(within(fall).queryByRole('button')).toBeNull();

    const gattaca = item(/Gattaca/);
    expect(gattaca).toHaveTextContent('Rejected on 5 March 2026.');
    expect(gattaca).toHaveTextContent('Reason: It is already on the list.');
    expect(within(gattaca).queryByRole('button')).toBeNull();
    expect(callsTo(calls, '/api/me/submissions')[0]?.auth).toBe('Bearer access-token');
  });

  it('says when an added film has since been removed, and a rejection without a reason', async () => {
    signIn();
    mockApi({
      'GET /api/me/submissions': () =>
        json({
          submissions: [
            { ...added, film_slug: null },
            { ...rejected, reason: null },
          ],
        }),
    });
    renderPage(<MySubmissionsPage />, { path: '/my-submissions' });
    expect(await screen.findByText(/It has since been removed\./)).toBeInTheDocument();
    expect(item(/Gattaca/)).not.toHaveTextContent('Reason');
  });

  it('withdraws a pending submission after asking, then says so where focus lands', async () => {
    const { calls, user } = open();
    const moon = await screen.findByRole('article', { name: /Paper Moon/ });
    await user.click(within(moon).getByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this submission?' });
    expect(dialog).toHaveTextContent('Paper Moon (1973) will no longer be reviewed.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, withdraw it' }));
    const status = await screen.findByText(serverMessages.submissionWithdrawn);
    expect(status).toHaveAttribute('role', 'status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('article', { name: /Paper Moon/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.auth])).toEqual([
      ['/api/me/submissions/3', 'Bearer access-token'],
    ]);
    expect(callsTo(calls, '/api/me/submissions')).toHaveLength(2);
  });

  it('withdraws nothing when the question is cancelled', async () => {
    const { calls, user } = open();
    await user.click(within(await screen.findByRole('article', { name: /Paper Moon/ })).getByRole('button', { name: 'Withdraw' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(within(item(/Paper Moon/)).getByRole('button', { name: 'Withdraw' })).toHaveFocus();
  });

  it("says the server's reason when a reviewer decided meanwhile, and that withdrawing failed otherwise", async () => {
    let answer = json({ error: serverMessages.submissionNotPending, code: 'submission_decided' }, 409);
    const { user } = open(() => answer);
    const withdraw = async () => {
      await user.click(within(await screen.findByRole('article', { name: /Paper Moon/ })).getByRole('button', { name: 'Withdraw' }));
      await user.click(screen.getByRole('button', { name: 'Yes, withdraw it' }));
    };
    await withdraw();
    expect(await screen.findByRole('alert')).toHaveTextContent(serverMessages.submissionNotPending);
    answer = json({ error: 'x', code: 'internal' }, 500);
    await withdraw();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.withdrawFailed));
  });

  it('says when there is nothing yet, and when the list cannot be loaded', async () => {
    signIn();
    let status = 200;
    mockApi({
      'GET /api/me/submissions': () => (status === 200 ? json({ submissions: [] }) : json({ error: 'x', code: 'internal' }, status)),
    });
    const { unmount } = renderPage(<MySubmissionsPage />, { path: '/my-submissions' });
    expect(await screen.findByText(/You have not submitted any films yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a film' })).toHaveAttribute('href', '/addfilm');
    unmount();
    status = 500;
    renderPage(<MySubmissionsPage />, { path: '/my-submissions' });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.mySubmissionsLoadFailed);
  });
});
