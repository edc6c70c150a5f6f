import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Submission } from '@filmlist/shared/api/films';
import { messages } from '@filmlist/shared/messages';
import { callsTo, json, mockApi, renderRoute, signIn, type Call } from '../test-utils';
import ReviewQueuePage from './ReviewQueuePage';

afterEach(() => vi.restoreAllMocks());

const spiderMan: Submission = {
  submission_id: 2,
  title: 'Spider-Man: Into The Spider-Verse',
  release_year: 2018,
  description: 'miles Morales  becomes a 50/50 hero.',
  user_id: 12,
  username: 'mia',
  status: 'pending',
  created_at: '2026-03-02T10:00:00.000Z',
};
const paperMoon: Submission = {
  submission_id: 1,
  title: 'Paper Moon',
  release_year: 1973,
  description: 'A con man and a girl travel Kansas.',
  user_id: 9,
  username: 'otto',
  status: 'pending',
  created_at: '2026-03-01T09:00:00.000Z',
};

function server(submissions: Submission[], decide: (call: Call) => Response | undefined = () => undefined) {
  return mockApi((call) => {
    if (call.path === '/api/films/submissions') return json(200, { submissions });
    if (call.path === '/api/films/addfilm') return decide(call) ?? json(200, { message: messages.filmAdded, film: {} });
    if (call.path === '/api/films/reject') return decide(call) ?? json(200, { message: messages.filmRejected });
    return undefined;
  });
}

function renderPage(reviewer: boolean | undefined = true) {
  signIn(reviewer === undefined ? {} : { isReviewer: reviewer });
  renderRoute('/master', '/master', <ReviewQueuePage />);
}

const item = (name: RegExp) => screen.getByRole('article', { name });

describe('ReviewQueuePage', () => {
  it('lists pending submissions oldest first, with who sent them and when', async () => {
    const calls = server([spiderMan, paperMoon]);
    renderPage();
    expect(document.title).toBe('Review Queue | The Film List');
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Paper Moon (1973)',
      'Spider-Man: Into The Spider-Verse (2018)',
    ]);
    const spider = item(/Spider-Man/);
    expect(within(spider).getByText('miles Morales becomes a 50/50 hero.', { normalizer: (t) => t.replace(/\s+/g, ' ') })).toBeInTheDocument();
    expect(within(spider).getByText(/Submitted by mia on/)).toBeInTheDocument();
    expect(within(spider).getByText('2 March 2026')).toHaveAttribute('datetime', spiderMan.created_at);
    expect(within(spider).getByRole('link', { name: 'Open in reviewer form' })).toHaveAttribute(
      'href',
      `/master/addfilm/${encodeURIComponent('Spider-Man:-Into-The-Spider-Verse')}/2018/${encodeURIComponent('miles-Morales-becomes-a-50/50-hero.')}/12`,
    );
    expect(callsTo(calls, '/api/films/submissions')[0]?.authorization).toBe('Bearer access-token');
  });

  it('adds a film in place with its exact title, then removes it and says so', async () => {
    const calls = server([spiderMan, paperMoon]);
    renderPage();
    await screen.findAllByRole('article');
    const spider = item(/Spider-Man/);
    fireEvent.change(within(spider).getByLabelText(/Watch Link/), { target: { value: 'https://watch.example/spider' } });
    fireEvent.click(within(spider).getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByText(messages.filmAdded)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('article', { name: /Spider-Man/ })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(callsTo(calls, '/api/films/addfilm')[0]?.body).toEqual({
      title: 'Spider-Man: Into The Spider-Verse',
      release_year: '2018',
      description: 'miles Morales  becomes a 50/50 hero.',
      watchLink: 'https://watch.example/spider',
      userId: '12',
    });
    expect(screen.getByText(messages.filmAdded)).toHaveFocus();
  });

  it('rejects a film in place with a reason', async () => {
    const calls = server([paperMoon]);
    renderPage();
    const moon = await screen.findByRole('article', { name: /Paper Moon/ });
    fireEvent.change(within(moon).getByLabelText(/Reason/), { target: { value: 'Not undervalued enough.' } });
    fireEvent.click(within(moon).getByRole('button', { name: 'Reject Film' }));
    expect(await screen.findByText(messages.filmRejected)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByText(messages.reviewQueueEmpty)).toBeInTheDocument();
    expect(callsTo(calls, '/api/films/reject')[0]?.body).toEqual({
      title: 'Paper Moon',
      release_year: '1973',
      userId: '9',
      reason: 'Not undervalued enough.',
    });
  });

  it('keeps the film and shows the message when a decision fails', async () => {
    server([paperMoon], (call) =>
      call.path === '/api/films/addfilm'
        ? json(409, { error: messages.filmAlreadyListed, code: 'film_already_listed' })
        : json(500, { error: 'x', code: 'internal' }),
    );
    renderPage();
    const moon = await screen.findByRole('article', { name: /Paper Moon/ });
    fireEvent.click(within(moon).getByRole('button', { name: 'Add Film' }));
    expect(await within(moon).findByRole('alert')).toHaveTextContent(messages.filmAlreadyListed);
    fireEvent.click(within(moon).getByRole('button', { name: 'Reject Film' }));
    await waitFor(() => expect(within(moon).getByRole('alert')).toHaveTextContent(messages.rejectFilmFailed));
    expect(screen.getByRole('article', { name: /Paper Moon/ })).toBeInTheDocument();
  });

  it('checks the watch link before adding', async () => {
    const calls = server([paperMoon]);
    renderPage();
    const moon = await screen.findByRole('article', { name: /Paper Moon/ });
    const link = within(moon).getByLabelText(/Watch Link/);
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(moon).getByRole('button', { name: 'Add Film' }));
    expect(await within(moon).findByRole('alert')).toHaveTextContent(messages.watchLinkInvalid);
    expect(link).toHaveAccessibleDescription(messages.watchLinkInvalid);
    expect(callsTo(calls, '/api/films/addfilm')).toHaveLength(0);
  });

  it('says when nothing is waiting', async () => {
    server([]);
    renderPage();
    expect(await screen.findByText(messages.reviewQueueEmpty)).toBeInTheDocument();
  });

  it('tells a member who is not a reviewer, without asking the server', () => {
    const calls = server([paperMoon]);
    renderPage(false);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.reviewerOnly);
    expect(callsTo(calls, '/api/films/submissions')).toHaveLength(0);
  });

  it('shows the reviewer-only message on a 403', async () => {
    mockApi((call) =>
      call.path === '/api/films/submissions' ? json(403, { error: messages.reviewerOnly, code: 'reviewer_only' }) : undefined,
    );
    renderPage(undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reviewerOnly);
  });

  it('says when the queue cannot be loaded', async () => {
    mockApi((call) => (call.path === '/api/films/submissions' ? json(500, { error: 'x', code: 'internal' }) : undefined));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reviewQueueLoadFailed);
  });
});
