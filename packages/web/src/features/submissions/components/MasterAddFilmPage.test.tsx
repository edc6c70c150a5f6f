import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionDetail } from '@filmlist/shared/api/films';
import { aboutFilm, messages, tryAgainIn } from '@filmlist/shared/messages';
import { reviewerFormPath } from '@filmlist/shared/reviewer-link';
import { appConfig } from '../../../lib/app-config';
import { callsTo, json, mockApi, recordedCalls } from '../../../test/fake-api';
import { ADULT_ENTRY_ID } from '../../../test/factories';
import { renderPage as render, signIn } from '../../../test/render-page';
import MasterAddFilmPage from './MasterAddFilmPage';

afterEach(() => vi.restoreAllMocks());

const ROUTE = '/master/addfilm/:title/:release_year/:description/:user_id';

const submission = (change: Partial<SubmissionDetail> = {}): SubmissionDetail => ({
  submission_id: 31,
  title: 'The Fall',
  release_year: 2006,
  description: 'a stuntman tells a girl a story',
  user_id: 7,
  username: 'mia',
  status: 'pending',
  tmdb_id: null,
  note: null,
  note_named: true,
  created_at: '2026-02-01T10:00:00.000Z',
  ...change,
});

/** The page at `path`; the review queue (asked for the submitter's name) holds `queue`. */
function renderPage(
  path = '/master/addfilm/The-Fall/2006/a-stuntman-tells-a-girl-a-story/7',
  reviewer: boolean | undefined = true,
  queue = [submission()],
  state: unknown = null,
) {
  signIn(reviewer === undefined ? {} : { isReviewer: reviewer });
  mockApi({ 'GET /api/films/submissions': () => json({ submissions: queue }) });
  const user = userEvent.setup();
  render(<MasterAddFilmPage />, { path, route: ROUTE, state });
  return user;
}

const midAugust = submission({
  submission_id: 32,
  title: 'Mid-August Lunch',
  release_year: 2008,
  description: 'A cash-strapped man hosts four elderly ladies.',
  user_id: 12,
});
const midAugustPath = reviewerFormPath({ title: midAugust.title, releaseYear: 2008, description: midAugust.description, userId: 12 });

const field = (label: string) => screen.getByLabelText(label, { exact: false });
const confirmBox = () => screen.getByLabelText('I have double-checked the film details');

/** A server that knows no such film and accepts every decision. */
function happyServer() {
  return mockApi({
    'GET /api/films/checkfilm': () => json({ exists: false }),
    'POST /api/films/addfilm': () => json({ message: messages.filmAdded, film: {} }),
    'POST /api/films/reject': () => json({ message: messages.filmRejected }),
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
    renderPage(
      `/master/addfilm/${encodeURIComponent('Spider-Man:-Into-the-Spider-Verse')}/2018/${encodeURIComponent('miles-becomes-50/50-hero')}/12`,
    );
    expect(field('Film Title')).toHaveValue('Spider Man: Into the Spider Verse');
    expect(field('Description')).toHaveValue('Miles becomes 50/50 hero');
  });

  it("keeps a title's and a logline's own hyphens from a mailed link, and names the submitter it finds in the queue", async () => {
    const { calls } = happyServer();
    renderPage(midAugustPath, true, [submission(), midAugust]);
    expect(field('Film Title')).toHaveValue('Mid-August Lunch');
    expect(field('Description')).toHaveValue('A cash-strapped man hosts four elderly ladies.');
    expect(field('User ID')).toHaveValue('12');
    expect(field('User ID')).toHaveAttribute('readonly');
    await waitFor(() => expect(field('User ID')).toHaveAccessibleDescription('Submitted by mia'));

    fireEvent.click(confirmBox());
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByText(aboutFilm('Mid-August Lunch', '2008', messages.filmAdded))).toHaveAttribute('role', 'status');
    expect(callsTo(calls, '/api/films/addfilm')[0]?.body).toMatchObject({
      title: 'Mid-August Lunch',
      description: 'A cash-strapped man hosts four elderly ladies.',
      userId: '12',
    });
  });

  it('starts from the submission the queue passed along, without asking for the queue', () => {
    happyServer();
    const spiderMan = submission({
      title: 'Spider-Man',
      release_year: 2002,
      description: 'a shy teen becomes a web-slinging hero.',
      user_id: 9,
      username: 'peter',
    });
    // Even under a hand-made path whose dashes would all become spaces.
    renderPage('/master/addfilm/Spider-Man/2002/a-shy-teen-becomes-a-web-slinging-hero./9', true, [], { submission: spiderMan });
    expect(field('Film Title')).toHaveValue('Spider-Man');
    expect(field('Description')).toHaveValue('A shy teen becomes a web-slinging hero.');
    expect(field('User ID')).toHaveAccessibleDescription('Submitted by peter');
    expect(callsTo(recordedCalls(), '/api/films/submissions')).toHaveLength(0);
  });

  it("ignores navigation state about another submission, and a hand-made link's dashes become spaces (docs/product.md §Reviewer link)", () => {
    happyServer();
    renderPage('/master/addfilm/Mid-August-Lunch/2008/a-cash-strapped-man/12', true, [], { submission: submission() });
    expect(field('Film Title')).toHaveValue('Mid August Lunch');
    expect(field('Description')).toHaveValue('A cash strapped man');
    expect(field('User ID')).toHaveAccessibleDescription('The member who submitted the film');
  });

  it('applies every add-film rule at once, each message beside its field', async () => {
    const { calls } = happyServer();
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.confirmDetails);
    fireEvent.change(field('Year of Release'), { target: { value: '20o6' } });
    fireEvent.change(field('Watch Link'), { target: { value: 'ftp://films.example/the-fall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    await waitFor(() => expect(field('Year of Release')).toHaveAccessibleDescription(messages.yearNotNumber));
    expect(field('Watch Link')).toHaveAccessibleDescription(messages.watchLinkInvalid);
    expect(confirmBox()).toHaveAccessibleDescription(messages.confirmDetails);
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(field('Year of Release')).toHaveFocus();
    expect(callsTo(calls, '/api/films/addfilm')).toHaveLength(0);
  });

  it('refuses a watch link that is not http(s)', async () => {
    const { calls } = happyServer();
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
    const { calls } = happyServer();
    renderPage();
    fireEvent.click(confirmBox());
    fireEvent.change(field('Watch Link'), { target: { value: 'https://watch.example/the-fall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByText(aboutFilm('The Fall', '2006', messages.filmAdded))).toHaveAttribute('role', 'status');
    const [post] = callsTo(calls, '/api/films/addfilm');
    expect(post?.auth).toBe('Bearer access-token');
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
    const { calls } = mockApi({ 'GET /api/films/checkfilm': () => json({ exists: true }) });
    renderPage();
    fireEvent.click(confirmBox());
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmAlreadyListed);
    expect(callsTo(calls, '/api/films/addfilm')).toHaveLength(0);
  });

  it('shows the add failure message, or the server message for 400 and 409', async () => {
    let status = 500;
    mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/addfilm': () => json({ error: messages.invalidRequest, code: 'x' }, status),
    });
    renderPage();
    fireEvent.click(confirmBox());
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.addFilmFailed);
    status = 400;
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByText(messages.invalidRequest)).toHaveAttribute('role', 'alert');
  });

  it('says when to try again after too many decisions', async () => {
    mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/addfilm': () => json({ error: messages.rateLimited, code: 'rate_limited' }, 429, { 'retry-after': '90' }),
    });
    renderPage();
    fireEvent.click(confirmBox());
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${messages.addFilmFailed} ${tryAgainIn(90)}`);
  });

  it('rejects with an optional reason asked in a dialog', async () => {
    const { calls } = happyServer();
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Reject Film' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject The Fall (2006)?' });
    // It asks first, reason first: the member is mailed.
    expect(within(dialog).getByLabelText('Reason', { exact: false })).toHaveFocus();
    await waitFor(() => expect(dialog).toHaveTextContent('mia will be told by email'));
    await user.type(within(dialog).getByLabelText('Reason', { exact: false }), 'Already listed under another title.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByText(aboutFilm('The Fall', '2006', messages.filmRejected))).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(calls, '/api/films/reject')[0]?.body).toEqual({
      title: 'The Fall',
      release_year: '2006',
      userId: '7',
      reason: 'Already listed under another title.',
    });
  });

  it('sends no reason when none is given, and says when rejecting fails', async () => {
    const { calls } = mockApi({ 'POST /api/films/reject': () => json({ error: 'x', code: 'internal' }, 500) });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Reject Film' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.rejectFilmFailed);
    expect(callsTo(calls, '/api/films/reject')[0]?.body).toEqual({ title: 'The Fall', release_year: '2006', userId: '7' });
    expect(screen.getByRole('button', { name: 'Reject Film' })).toBeEnabled();
  });

  it('cancelling the dialog rejects nothing', async () => {
    const { calls } = happyServer();
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
    mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/addfilm': () => json({ error: messages.reviewerOnly, code: 'reviewer_only' }, 403),
    });
    renderPage(undefined, undefined);
    fireEvent.click(confirmBox());
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reviewerOnly);
    expect(screen.queryByRole('button', { name: 'Add Film' })).toBeNull();
  });
});

describe("MasterAddFilmPage: the member's link to the film database (docs/product.md §Film database)", () => {
  beforeEach(() => {
    appConfig.filmDatabase = true;
  });
  afterEach(() => {
    appConfig.filmDatabase = false;
  });

  const linked = (tmdb_id: number) => submission({ tmdb_id });
  /** The linked entry's name as the form shows it (its title in a bdi). */
  const entryNamed = (name: string) => screen.findByText((_, element) => element?.tagName === 'STRONG' && element.textContent === name);

  it("shows the linked entry's own title, year, poster and director beside the submitted title, and says when they differ", async () => {
    happyServer();
    renderPage(undefined, true, [], { submission: linked(1946) });
    // Submitted as The Fall (2006), linked to eXistenZ (1999): the wrong link shows.
    expect(field('Film Title')).toHaveValue('The Fall');
    const entry = await entryNamed('eXistenZ (1999)');
    const box = entry.closest('.linked-entry');
    if (!(box instanceof HTMLElement)) throw new Error('no linked entry box');
    expect(within(box).getByText('David Cronenberg')).toBeInTheDocument();
    expect(box.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^\/posters\/t[0-9a-f]{24}\.webp\?w=92$/));
    expect(box).toHaveTextContent('The entry is not the title and year above');
    expect(within(box).getByRole('button', { name: 'Unlink' })).toBeInTheDocument();
  });

  it('says nothing differs when the entry is the submitted film', async () => {
    happyServer();
    renderPage('/master/addfilm/eXistenZ/1999/a-game-designer/7', true, [], {
      submission: submission({ title: 'eXistenZ', release_year: 1999, description: 'a game designer', tmdb_id: 1946 }),
    });
    const entry = await entryNamed('eXistenZ (1999)');
    expect(entry.closest('.linked-entry')).not.toHaveTextContent('The entry is not the title and year above');
  });

  it("shows the entry's offers in the region, and one click makes their page the watch link that is sent", async () => {
    const { calls } = happyServer();
    const user = renderPage(undefined, true, [], { submission: linked(1946) });
    expect(await screen.findByText('Stan')).toBeInTheDocument();
    expect(screen.getByText('Apple TV')).toBeInTheDocument();
    expect(screen.getByText('Where to watch in Australia')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use the offers page as the watch link' }));
    expect(field('Watch Link')).toHaveValue('https://www.themoviedb.org/movie/1946/watch?locale=AU');
    fireEvent.click(confirmBox());
    await user.click(screen.getByRole('button', { name: 'Add Film' }));
    await screen.findByText(aboutFilm('The Fall', '2006', messages.filmAdded));
    expect(callsTo(calls, '/api/films/addfilm')[0]?.body).toMatchObject({
      watchLink: 'https://www.themoviedb.org/movie/1946/watch?locale=AU',
    });
    expect(callsTo(calls, '/api/films/entry')[0]?.query).toEqual({ tmdb_id: '1946' });
  });

  it("warns of an entry the film database marks adult, and shows the server's refusal of it", async () => {
    const adult = { error: messages.filmDatabaseEntryAdult, code: 'adult_entry', fields: { tmdb_id: messages.filmDatabaseEntryAdult } };
    mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/addfilm': () => json(adult, 400),
    });
    const user = renderPage(undefined, true, [], { submission: linked(ADULT_ENTRY_ID) });
    expect(await screen.findByText(messages.filmDatabaseEntryAdult)).toHaveAttribute('role', 'alert');
    // Sent with the link anyway, the server's refusal is said for the form; unlinking takes the entry's warning away.
    fireEvent.click(confirmBox());
    await user.click(screen.getByRole('button', { name: 'Add Film' }));
    await waitFor(() => expect(screen.getAllByText(messages.filmDatabaseEntryAdult)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(screen.getAllByText(messages.filmDatabaseEntryAdult)).toHaveLength(1);
  });

  it('goes on by hand when the film database cannot be read: the entry by its number, and its page of offers', async () => {
    happyServer();
    mockApi({ 'GET /api/films/entry': () => json({ available: false, entry: null }) });
    const user = renderPage(undefined, true, [], { submission: linked(1946) });
    expect(await screen.findByText('Film database entry 1946')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(recordedCalls(), '/api/films/entry')).toHaveLength(1));
    expect(screen.getByRole('link', { name: /See the offers and their links/ })).toHaveAttribute(
      'href',
      'https://www.themoviedb.org/movie/1946/watch',
    );
    await user.click(screen.getByRole('button', { name: 'Use the offers page as the watch link' }));
    expect(field('Watch Link')).toHaveValue('https://www.themoviedb.org/movie/1946/watch');
  });

  it('asks nothing of the film database while it is off', () => {
    appConfig.filmDatabase = false;
    happyServer();
    renderPage(undefined, true, [], { submission: linked(1946) });
    expect(screen.getByText('Film database entry 1946')).toBeInTheDocument();
    expect(callsTo(recordedCalls(), '/api/films/entry')).toHaveLength(0);
  });
});
