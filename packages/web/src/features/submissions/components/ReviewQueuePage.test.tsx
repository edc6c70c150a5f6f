import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionDetail } from '@filmlist/shared/api/films';
import { aboutFilm, messages } from '@filmlist/shared/messages';
import { appConfig } from '../../../lib/app-config';
import { callsTo, json, mockApi, type Call } from '../../../test/fake-api';
import { renderPage as render, signIn } from '../../../test/render-page';
import ReviewQueuePage from './ReviewQueuePage';

afterEach(() => vi.restoreAllMocks());

const spiderMan: SubmissionDetail = {
  submission_id: 2,
  title: 'Spider-Man: Into The Spider-Verse',
  release_year: 2018,
  description: 'miles Morales  becomes a 50/50 hero.',
  user_id: 12,
  username: 'mia',
  status: 'pending',
  tmdb_id: null,
  note: null,
  note_named: true,
  created_at: '2026-03-02T10:00:00.000Z',
};
const paperMoon: SubmissionDetail = {
  submission_id: 1,
  title: 'Paper Moon',
  release_year: 1973,
  description: 'A con man and a girl travel Kansas.',
  user_id: 9,
  username: 'otto',
  status: 'pending',
  tmdb_id: null,
  note: null,
  note_named: true,
  created_at: '2026-03-01T09:00:00.000Z',
};

const noHistory = { entries: [], next: null };

function server(submissions: SubmissionDetail[], decide: (call: Call) => Response | undefined = () => undefined) {
  return mockApi({
    'GET /api/films/submissions': () => json({ submissions }),
    'GET /api/films/review-history': () => json(noHistory),
    'POST /api/films/addfilm': (call) => decide(call) ?? json({ message: messages.filmAdded, film: {} }),
    'POST /api/films/reject': (call) => decide(call) ?? json({ message: messages.filmRejected }),
  });
}

function renderPage(reviewer: boolean | undefined = true) {
  signIn(reviewer === undefined ? {} : { isReviewer: reviewer });
  render(<ReviewQueuePage />, { path: '/master' });
}

const item = (name: RegExp) => screen.getByRole('article', { name });

describe('ReviewQueuePage', () => {
  it('lists pending submissions oldest first, as the server sends them, with who sent them and when', async () => {
    const { calls } = server([paperMoon, spiderMan]);
    renderPage();
    expect(document.title).toBe('Review Queue | The Film List');
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Paper Moon (1973)',
      'Spider-Man: Into The Spider-Verse (2018)',
    ]);
    const spider = item(/Spider-Man/);
    expect(
      within(spider).getByText('miles Morales becomes a 50/50 hero.', { normalizer: (t) => t.replace(/\s+/g, ' ') }),
    ).toBeInTheDocument();
    expect(within(spider).getByText(/Submitted by mia on/)).toBeInTheDocument();
    expect(within(spider).getByText('2 March 2026')).toHaveAttribute('datetime', spiderMan.created_at);
    // Real hyphens are written %2D, so the rule that "dashes become spaces" meets only the separators.
    expect(within(spider).getByRole('link', { name: 'Open in reviewer form' })).toHaveAttribute(
      'href',
      `/master/addfilm/Spider%2DMan%3A-Into-The-Spider%2DVerse/2018/${encodeURIComponent('miles-Morales-becomes-a-50/50-hero.')}/12`,
    );
    expect(callsTo(calls, '/api/films/submissions')[0]?.auth).toBe('Bearer access-token');
  });

  it('adds a film in place with its exact title, then removes it and says so', async () => {
    const { calls } = server([spiderMan, paperMoon]);
    renderPage();
    await screen.findAllByRole('article');
    const spider = item(/Spider-Man/);
    fireEvent.change(within(spider).getByLabelText(/Watch Link/), { target: { value: 'https://watch.example/spider' } });
    fireEvent.click(within(spider).getByRole('button', { name: 'Add Film' }));
    const added = aboutFilm('Spider-Man: Into The Spider-Verse', 2018, messages.filmAdded);
    expect(await screen.findByText(added)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('article', { name: /Spider-Man/ })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(callsTo(calls, '/api/films/addfilm')[0]?.body).toEqual({
      title: 'Spider-Man: Into The Spider-Verse',
      release_year: '2018',
      description: 'miles Morales  becomes a 50/50 hero.',
      watchLink: 'https://watch.example/spider',
      userId: '12',
    });
    expect(screen.getByText(added)).toHaveFocus();
  });

  it('opens the reviewer form with the submission itself, hyphens and all', async () => {
    server([spiderMan]);
    renderPage();
    fireEvent.click(await screen.findByRole('link', { name: 'Open in reviewer form' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/master\/addfilm\/Spider%2DMan/));
    expect(window.history.state).toEqual({ submission: spiderMan });
  });

  it('rejects a film after asking, with the reason mailed to the member', async () => {
    const { calls } = server([paperMoon]);
    renderPage();
    const moon = await screen.findByRole('article', { name: /Paper Moon/ });
    fireEvent.click(within(moon).getByRole('button', { name: 'Reject Film' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Paper Moon (1973)?' });
    expect(dialog).toHaveTextContent('otto will be told by email');
    expect(callsTo(calls, '/api/films/reject')).toHaveLength(0);
    const reason = within(dialog).getByLabelText(/Reason/);
    expect(reason).toHaveFocus();
    fireEvent.change(reason, { target: { value: 'Not undervalued enough.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByText(aboutFilm('Paper Moon', 1973, messages.filmRejected))).toHaveAttribute('role', 'status');
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
        ? json({ error: messages.filmAlreadyListed, code: 'film_already_listed' }, 409)
        : json({ error: 'x', code: 'internal' }, 500),
    );
    renderPage();
    const moon = await screen.findByRole('article', { name: /Paper Moon/ });
    fireEvent.click(within(moon).getByRole('button', { name: 'Add Film' }));
    expect(await within(moon).findByRole('alert')).toHaveTextContent(messages.filmAlreadyListed);
    fireEvent.click(within(moon).getByRole('button', { name: 'Reject Film' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm Rejection' }));
    await waitFor(() => expect(within(moon).getByRole('alert')).toHaveTextContent(messages.rejectFilmFailed));
    expect(screen.getByRole('article', { name: /Paper Moon/ })).toBeInTheDocument();
  });

  it('checks the watch link before adding', async () => {
    const { calls } = server([paperMoon]);
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
    const { calls } = server([paperMoon]);
    renderPage(false);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.reviewerOnly);
    expect(callsTo(calls, '/api/films/submissions')).toHaveLength(0);
  });

  it('shows the reviewer-only message on a 403', async () => {
    mockApi({
      'GET /api/films/submissions': () => json({ error: messages.reviewerOnly, code: 'reviewer_only' }, 403),
      'GET /api/films/review-history': () => json({ error: messages.reviewerOnly, code: 'reviewer_only' }, 403),
    });
    renderPage(undefined);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reviewerOnly);
  });

  it('says when the queue cannot be loaded', async () => {
    mockApi({
      'GET /api/films/submissions': () => json({ error: 'x', code: 'internal' }, 500),
      'GET /api/films/review-history': () => json(noHistory),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reviewQueueLoadFailed);
  });
});

describe("ReviewQueuePage: a submission's link to the film database (docs/product.md §Film database)", () => {
  beforeEach(() => {
    appConfig.filmDatabase = true;
  });
  afterEach(() => {
    appConfig.filmDatabase = false;
  });

  it('shows the linked entry as the film database has it beside the submitted title, and its offers for the watch link', async () => {
    // Submitted as Paper Moon (1973), linked to eXistenZ (1999): the wrong link shows before adding.
    const { calls } = server([{ ...paperMoon, tmdb_id: 1946 }, spiderMan]);
    renderPage();
    await screen.findByText('A con man and a girl travel Kansas.');
    const moon = item(/Paper Moon/);
    const entry = await within(moon).findByText((_, element) => element?.tagName === 'STRONG' && element.textContent === 'eXistenZ (1999)');
    expect(entry.closest('.linked-entry')).toHaveTextContent('The entry is not the title and year above');
    // The queue shows the link; changing it is the reviewer form's.
    expect(within(moon).queryByRole('button', { name: 'Unlink' })).toBeNull();
    fireEvent.click(within(moon).getByRole('button', { name: 'Use the offers page as the watch link' }));
    expect(within(moon).getByLabelText(/Watch Link/)).toHaveValue('https://www.themoviedb.org/movie/1946/watch?locale=AU');
    fireEvent.click(within(moon).getByRole('button', { name: 'Add Film' }));
    await waitFor(() => expect(callsTo(calls, '/api/films/addfilm')).toHaveLength(1));
    expect(callsTo(calls, '/api/films/addfilm')[0]?.body).toMatchObject({
      title: 'Paper Moon',
      watchLink: 'https://www.themoviedb.org/movie/1946/watch?locale=AU',
    });
    // Only the linked submission asks the film database.
    expect(callsTo(calls, '/api/films/entry').map((call) => call.query)).toEqual([{ tmdb_id: '1946' }]);
    expect(within(item(/Spider-Man/)).queryByText('Where to watch in Australia')).toBeNull();
  });
});
