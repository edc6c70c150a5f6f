import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { callsTo, json, mockApi, renderRoute, signIn } from '../test-utils';
import MasterAddFilmPage from './MasterAddFilmPage';

afterEach(() => vi.restoreAllMocks());

const ROUTE = '/master/addfilm/:title/:release_year/:description/:user_id';

function renderPage(path = '/master/addfilm/The-Fall/2006/a-stuntman-tells-a-girl-a-story/7', reviewer: boolean | undefined = true) {
  signIn(reviewer === undefined ? {} : { isReviewer: reviewer });
  const user = userEvent.setup();
  renderRoute(path, ROUTE, <MasterAddFilmPage />);
  return user;
}

const field = (label: string) => screen.getByLabelText(label, { exact: false });
const confirmBox = () => screen.getByLabelText('I have double-checked the film details');

/** A server that knows no such film and accepts every decision. */
function happyServer() {
  return mockApi((call) => {
    if (call.path === '/api/films/checkfilm') return json(200, { exists: false });
    if (call.path === '/api/films/addfilm') return json(200, { message: messages.filmAdded, film: {} });
    if (call.path === '/api/films/reject') return json(200, { message: messages.filmRejected });
    return undefined;
  });
}

describe('MasterAddFilmPage', () => {
  it('prefills from the path: dashes become spaces and the description starts with a capital', () => {
    happyServer();
    renderPage();
    expect(document.title).toBe('Review Film | The Film List');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(field('Film Title')).toHaveValue('The Fall');
    expect(field('Year of Release')).toHaveValue('2006');
    expect(field('Description')).toHaveValue('A stuntman tells a girl a story');
    expect(field('User ID')).toHaveValue('7');
    expect(field('Watch Link')).toHaveValue('');
    expect(confirmBox()).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Reject Film' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Film' })).toBeInTheDocument();
  });

  it('decodes encoded segments before turning dashes into spaces', () => {
    happyServer();
    renderPage(`/master/addfilm/${encodeURIComponent('Spider-Man:-Into-the-Spider-Verse')}/2018/${encodeURIComponent('miles-becomes-50/50-hero')}/12`);
    expect(field('Film Title')).toHaveValue('Spider Man: Into the Spider Verse');
    expect(field('Description')).toHaveValue('Miles becomes 50/50 hero');
  });

  it('applies the add-film rules, confirmation first', async () => {
    const calls = happyServer();
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.confirmDetails);
    fireEvent.click(confirmBox());
    fireEvent.change(field('Year of Release'), { target: { value: '20o6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.yearNotNumber);
    expect(field('Year of Release')).toHaveAccessibleDescription(messages.yearNotNumber);
    expect(callsTo(calls, '/api/films/addfilm')).toHaveLength(0);
  });

  it('refuses a watch link that is not http(s)', async () => {
    const calls = happyServer();
    renderPage();
    fireEvent.click(confirmBox());
    fireEvent.change(field('Watch Link'), { target: { value: 'ftp://films.example/the-fall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.watchLinkInvalid);
    expect(field('Watch Link')).toHaveAccessibleDescription(messages.watchLinkInvalid);
    expect(field('Watch Link')).toHaveFocus();
    expect(callsTo(calls, '/api/films/checkfilm')).toHaveLength(0);
  });

  it('adds the film with its watch link and submitter', async () => {
    const calls = happyServer();
    renderPage();
    fireEvent.click(confirmBox());
    fireEvent.change(field('Watch Link'), { target: { value: 'https://watch.example/the-fall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByText(messages.filmAdded)).toHaveAttribute('role', 'status');
    const [post] = callsTo(calls, '/api/films/addfilm');
    expect(post?.authorization).toBe('Bearer access-token');
    expect(post?.body).toEqual({
      title: 'The Fall',
      release_year: '2006',
      description: 'A stuntman tells a girl a story',
      watchLink: 'https://watch.example/the-fall',
      userId: '7',
    });
    expect(callsTo(calls, '/api/films/checkfilm')[0]?.query).toEqual({ title: 'The Fall', release_year: '2006' });
    expect(screen.queryByRole('button', { name: 'Add Film' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the review queue' })).toHaveAttribute('href', '/master');
  });

  it('runs the duplicate check first', async () => {
    const calls = mockApi((call) => (call.path === '/api/films/checkfilm' ? json(200, { exists: true }) : undefined));
    renderPage();
    fireEvent.click(confirmBox());
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmAlreadyListed);
    expect(callsTo(calls, '/api/films/addfilm')).toHaveLength(0);
  });

  it('shows the add failure message, or the server message for 400 and 409', async () => {
    let status = 500;
    mockApi((call) => {
      if (call.path === '/api/films/checkfilm') return json(200, { exists: false });
      if (call.path === '/api/films/addfilm') return json(status, { error: messages.invalidRequest, code: 'x' });
      return undefined;
    });
    renderPage();
    fireEvent.click(confirmBox());
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.addFilmFailed);
    status = 400;
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByText(messages.invalidRequest)).toHaveAttribute('role', 'alert');
  });

  it('rejects with an optional reason asked in a dialog', async () => {
    const calls = happyServer();
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Reject Film' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this film?' });
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Already listed under another title.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByText(messages.filmRejected)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, '/api/films/reject')[0]?.body).toEqual({
      title: 'The Fall',
      release_year: '2006',
      userId: '7',
      reason: 'Already listed under another title.',
    });
  });

  it('sends no reason when none is given, and says when rejecting fails', async () => {
    const calls = mockApi((call) => (call.path === '/api/films/reject' ? json(500, { error: 'x', code: 'internal' }) : undefined));
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Reject Film' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.rejectFilmFailed);
    expect(callsTo(calls, '/api/films/reject')[0]?.body).toEqual({ title: 'The Fall', release_year: '2006', userId: '7' });
    expect(screen.getByRole('button', { name: 'Reject Film' })).toBeEnabled();
  });

  it('cancelling the dialog rejects nothing', async () => {
    const calls = happyServer();
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Reject Film' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, '/api/films/reject')).toHaveLength(0);
  });

  it('tells a member who is not a reviewer, instead of offering the actions', () => {
    happyServer();
    renderPage(undefined, false);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.reviewerOnly);
    expect(screen.queryByRole('button', { name: 'Add Film' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject Film' })).toBeNull();
  });

  it('treats a 403 from the server the same way', async () => {
    mockApi((call) => {
      if (call.path === '/api/films/checkfilm') return json(200, { exists: false });
      if (call.path === '/api/films/addfilm') return json(403, { error: messages.reviewerOnly, code: 'reviewer_only' });
      return undefined;
    });
    renderPage(undefined, undefined);
    fireEvent.click(confirmBox());
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reviewerOnly);
    expect(screen.queryByRole('button', { name: 'Add Film' })).toBeNull();
  });
});
