import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aboutFilm, messages, tryAgainIn } from '@filmlist/shared/messages';
import { callsTo, deferred, json, mockApi } from '../../../test/fake-api';
import { renderPage as render, signIn } from '../../../test/render-page';
import AddFilmPage from './AddFilmPage';

afterEach(() => vi.restoreAllMocks());

function renderPage() {
  signIn({ isReviewer: false, username: 'mia', user_id: 5 });
  const user = userEvent.setup();
  render(<AddFilmPage />, { path: '/addfilm' });
  return user;
}

const title = () => screen.getByLabelText('Film Title');
const year = () => screen.getByLabelText('Year of Release');
const logline = () => screen.getByLabelText('Logline');
const confirmBox = () => screen.getByLabelText('I have double-checked the film details');
const submit = () => screen.getByRole('button', { name: 'Add Film' });

interface Filled {
  title?: string;
  year?: string;
  logline?: string;
  confirm?: boolean;
}

/** Fills the form through change events (fast, and exactly the text given). */
function fill({ title: t = 'Paper Moon', year: y = '1973', logline: l = 'A con man and a girl travel Kansas.', confirm = true }: Filled) {
  fireEvent.change(title(), { target: { value: t } });
  fireEvent.change(year(), { target: { value: y } });
  fireEvent.change(logline(), { target: { value: l } });
  if (confirm) fireEvent.click(confirmBox());
}

describe('AddFilmPage', () => {
  it('has a title, one heading and labelled fields', () => {
    mockApi({});
    renderPage();
    expect(document.title).toBe('Add Film | The Film List');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const field of [title(), year(), logline(), confirmBox()]) expect(field).toBeInTheDocument();
    // The three the rule needs filled are said to be required; the optional ones say so in their labels.
    for (const field of [title(), year(), logline()]) expect(field).toBeRequired();
  });

  it('capitalises each word of the title as it is typed', async () => {
    mockApi({});
    const user = renderPage();
    await user.type(title(), 'the f');
    expect(title()).toHaveValue('The F');
    await user.type(title(), 'all of a star');
    expect(title()).toHaveValue('The Fall Of A Star');
  });

  const cases: Array<[string, Filled, string, () => HTMLElement]> = [
    ['a missing confirmation', { confirm: false }, messages.confirmDetails, confirmBox],
    ['blank fields', { title: '   ' }, messages.fillAllFields, title],
    ['a blank year', { year: '' }, messages.fillAllFields, year],
    ['a blank logline', { logline: '' }, messages.fillAllFields, logline],
    ['a link in the title', { title: 'Http://films.example' }, messages.titleIsLink, title],
    ['a link in the year', { year: 'https://1999.example' }, messages.yearIsLink, year],
    ['a link in the logline', { logline: 'Watch it at ftp://files.example' }, messages.descriptionHasLink, logline],
    ['a year that is not a number', { year: '19a9' }, messages.yearNotNumber, year],
    ['accents in the title', { title: 'Amélie' }, messages.titleHasAccents, title],
    ['accents in the logline', { logline: 'A cafe\u0301 in Paris.' }, messages.descriptionHasAccents, logline],
    ['a title too long', { title: 'A'.repeat(201) }, messages.titleTooLong, title],
    ['a logline too long', { logline: 'a'.repeat(1001) }, messages.loglineTooLong, logline],
    ['a year out of range', { year: '1800' }, messages.yearOutOfRange, year],
  ];

  it.each(cases)('rejects %s with its message beside the field, without calling the server', async (_name, input, message, field) => {
    const { calls } = mockApi({});
    renderPage();
    fill(input);
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // A field past its limit is described by its character count too.
    expect(field()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveFocus();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(callsTo(calls, '/api/films/checkfilm')).toHaveLength(0);
    expect(callsTo(calls, '/api/films/reviewfilm')).toHaveLength(0);
  });

  it('shows every failing rule at once, each message beside its field, and focuses the first field', async () => {
    const { calls } = mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/reviewfilm': () => json({ message: messages.reviewSubmitted, film: {} }, 201),
    });
    renderPage();
    fill({ title: 'http://a.example', year: 'abc', logline: '', confirm: false });
    fireEvent.click(submit());
    await waitFor(() => expect(title()).toHaveAccessibleDescription(messages.titleIsLink));
    expect(year()).toHaveAccessibleDescription(messages.yearNotNumber);
    expect(logline()).toHaveAccessibleDescription(messages.fillAllFields);
    expect(confirmBox()).toHaveAccessibleDescription(messages.confirmDetails);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      messages.titleIsLink,
      messages.yearNotNumber,
      messages.fillAllFields,
      messages.confirmDetails,
    ]);
    expect(title()).toHaveFocus();
    expect(callsTo(calls, '/api/films/checkfilm')).toHaveLength(0);

    // Once mended, the next try sends the film and every message goes.
    fill({ title: 'Paper Moon', year: '1973', logline: 'A con man.', confirm: true });
    fireEvent.click(submit());
    await screen.findByText(aboutFilm('Paper Moon', '1973', messages.reviewSubmitted));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('says "Please fill in all fields." once, under the first blank field, and marks every blank field', async () => {
    const { calls } = mockApi({});
    renderPage();
    fill({ title: '', year: '', logline: '' });
    fireEvent.click(submit());
    await waitFor(() => expect(title()).toHaveFocus());
    expect(screen.getAllByText(messages.fillAllFields)).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    for (const field of [title(), year(), logline()]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(messages.fillAllFields);
    }
    expect(callsTo(calls, '/api/films/checkfilm')).toHaveLength(0);
  });

  it('counts the characters of the title and the logline near their limits', () => {
    mockApi({});
    renderPage();
    fireEvent.change(title(), { target: { value: 'A'.repeat(150) } });
    expect(screen.queryByText(/of 200 characters/)).toBeNull();
    fireEvent.change(title(), { target: { value: 'A'.repeat(181) } });
    expect(title()).toHaveAccessibleDescription('181 of 200 characters');
    fireEvent.change(logline(), { target: { value: 'a'.repeat(700) } });
    expect(screen.queryByText(/of 1000 characters/)).toBeNull();
    fireEvent.change(logline(), { target: { value: 'a'.repeat(1002) } });
    expect(logline()).toHaveAccessibleDescription('1002 of 1000 characters');
    expect(screen.getByText('1002 of 1000 characters')).toHaveClass('error');
  });

  it('stops when the film is already on the list', async () => {
    const { calls } = mockApi({ 'GET /api/films/checkfilm': () => json({ exists: true }) });
    renderPage();
    fill({});
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmAlreadyListed);
    expect(callsTo(calls, '/api/films/checkfilm')[0]?.query).toEqual({ title: 'Paper Moon', release_year: '1973' });
    expect(callsTo(calls, '/api/films/reviewfilm')).toHaveLength(0);
  });

  it('says a duplicate once: the notice found while typing keeps only its link once the submit says the same', async () => {
    mockApi({ 'GET /api/films/checkfilm': () => json({ exists: true }) });
    renderPage();
    fill({});
    const link = await screen.findByRole('link', { name: 'See Paper Moon on the list' });
    expect(screen.getAllByText(messages.filmAlreadyListed, { exact: false })).toHaveLength(1);
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmAlreadyListed);
    expect(screen.getAllByText(messages.filmAlreadyListed, { exact: false })).toHaveLength(1);
    expect(link).toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/films/paper-moon-1973');
  });

  it('says so when the duplicate check fails', async () => {
    const { calls } = mockApi({ 'GET /api/films/checkfilm': () => json({ error: 'x', code: 'internal' }, 500) });
    renderPage();
    fill({});
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmCheckFailed);
    expect(callsTo(calls, '/api/films/reviewfilm')).toHaveLength(0);
  });

  it('submits for review, shows Processing... while working, then the success message above an empty form, focused', async () => {
    const answer = deferred<Response>();
    const { calls } = mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/reviewfilm': () => answer.promise,
    });
    renderPage();
    fill({ title: '  Paper Moon ', logline: ' A con man and a girl travel Kansas. ' });
    fireEvent.click(submit());
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer.resolve(json({ message: messages.reviewSubmitted, film: {} }, 201));
    // The message of messages.ts, naming the film.
    const status = (await screen.findByText(aboutFilm('Paper Moon', '1973', messages.reviewSubmitted))).closest<HTMLElement>(
      '[role="status"]',
    );
    if (!status) throw new Error('the message is not in a status region');
    // Above the emptied form, and focused, so a phone scrolls to it rather than showing only a blank form.
    expect(status).toHaveFocus();
    // The form's button comes after the message in the page.
    expect(status.compareDocumentPosition(screen.getByRole('button', { name: 'Add Film' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(within(status).getByRole('link', { name: 'Follow your submissions on My Submissions' })).toHaveAttribute(
      'href',
      '/my-submissions',
    );
    const [post] = callsTo(calls, '/api/films/reviewfilm');
    expect(post?.method).toBe('POST');
    expect(post?.auth).toBe('Bearer access-token');
    expect(post?.body).toEqual({
      title: 'Paper Moon',
      release_year: '1973',
      description: 'A con man and a girl travel Kansas.',
      tmdb_id: null,
      note_named: true,
    });
    expect(title()).toHaveValue('');
    expect(year()).toHaveValue('');
    expect(logline()).toHaveValue('');
    expect(confirmBox()).not.toBeChecked();
    expect(submit()).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message for a 409 or 400", async () => {
    mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/reviewfilm': () => json({ error: messages.filmAlreadyPending, code: 'film_already_pending' }, 409),
    });
    renderPage();
    fill({});
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmAlreadyPending);
    expect(title()).toHaveValue('Paper Moon');
  });

  it('puts a 400 with a field beside that field', async () => {
    mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/reviewfilm': () =>
        json({ error: messages.yearOutOfRange, code: 'validation', fields: { release_year: messages.yearOutOfRange } }, 400),
    });
    renderPage();
    fill({});
    fireEvent.click(submit());
    await waitFor(() => expect(year()).toHaveAccessibleDescription(messages.yearOutOfRange));
  });

  it('falls back to the review-submission failure message for any other failure', async () => {
    mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/reviewfilm': () => json({ error: 'down', code: 'unavailable' }, 503),
    });
    renderPage();
    fill({});
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reviewSubmitFailed);
  });

  it('says when to try again after too many requests, below the failure message', async () => {
    let check = json({ error: messages.rateLimited, code: 'rate_limited' }, 429, { 'retry-after': '30' });
    mockApi({
      'GET /api/films/checkfilm': () => check,
      'POST /api/films/reviewfilm': () => json({ error: messages.rateLimited, code: 'rate_limited' }, 429, { 'retry-after': '120' }),
    });
    renderPage();
    fill({});
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(`${messages.filmCheckFailed} ${tryAgainIn(30)}`);
    check = json({ exists: false });
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`${messages.reviewSubmitFailed} ${tryAgainIn(120)}`));
  });
});
