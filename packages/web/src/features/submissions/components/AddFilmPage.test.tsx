import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { callsTo, deferred, json, mockApi, renderRoute, signIn } from '../test-utils';
import AddFilmPage from './AddFilmPage';

afterEach(() => vi.restoreAllMocks());

function renderPage() {
  signIn({ isReviewer: false, username: 'mia', user_id: 5 });
  const user = userEvent.setup();
  renderRoute('/addfilm', '/addfilm', <AddFilmPage />);
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
    mockApi(() => undefined);
    renderPage();
    expect(document.title).toBe('Add Film | The Film List');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const field of [title(), year(), logline(), confirmBox()]) expect(field).toBeInTheDocument();
  });

  it('capitalises each word of the title as it is typed', async () => {
    mockApi(() => undefined);
    const user = renderPage();
    await user.type(title(), 'the f');
    expect(title()).toHaveValue('The F');
    await user.type(title(), 'all of a star');
    expect(title()).toHaveValue('The Fall Of A Star');
  });

  const cases: Array<[string, Filled, string, () => HTMLElement]> = [
    ['the confirmation comes first', { title: '', year: '', logline: '', confirm: false }, messages.confirmDetails, confirmBox],
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
    ['a logline too long', { logline: 'a'.repeat(1001) }, messages.descriptionTooLong, logline],
    ['a year out of range', { year: '1800' }, messages.yearOutOfRange, year],
  ];

  it.each(cases)('rejects %s with its message beside the field, without calling the server', async (_name, input, message, field) => {
    const calls = mockApi(() => undefined);
    renderPage();
    fill(input);
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field()).toHaveAccessibleDescription(message);
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveFocus();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(callsTo(calls, '/api/films/checkfilm')).toHaveLength(0);
    expect(callsTo(calls, '/api/films/reviewfilm')).toHaveLength(0);
  });

  it('checks links before the year is a number, so each message can show', async () => {
    mockApi(() => undefined);
    renderPage();
    fill({ title: 'http://a.example', year: 'abc' });
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.titleIsLink);
  });

  it('stops when the film is already on the list', async () => {
    const calls = mockApi((call) => (call.path === '/api/films/checkfilm' ? json(200, { exists: true }) : undefined));
    renderPage();
    fill({});
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmAlreadyListed);
    expect(callsTo(calls, '/api/films/checkfilm')[0]?.query).toEqual({ title: 'Paper Moon', release_year: '1973' });
    expect(callsTo(calls, '/api/films/reviewfilm')).toHaveLength(0);
  });

  it('says so when the duplicate check fails', async () => {
    const calls = mockApi((call) => (call.path === '/api/films/checkfilm' ? json(500, { error: 'x', code: 'internal' }) : undefined));
    renderPage();
    fill({});
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmCheckFailed);
    expect(callsTo(calls, '/api/films/reviewfilm')).toHaveLength(0);
  });

  it('submits for review, shows Processing... while working, then the success message and an empty form', async () => {
    const answer = deferred<Response>();
    const calls = mockApi((call) => {
      if (call.path === '/api/films/checkfilm') return json(200, { exists: false });
      if (call.path === '/api/films/reviewfilm') return answer.promise;
      return undefined;
    });
    renderPage();
    fill({ title: '  Paper Moon ', logline: ' A con man and a girl travel Kansas. ' });
    fireEvent.click(submit());
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    answer.resolve(json(201, { message: messages.reviewSubmitted, film: {} }));
    expect(await screen.findByText(messages.reviewSubmitted)).toHaveAttribute('role', 'status');
    const [post] = callsTo(calls, '/api/films/reviewfilm');
    expect(post?.method).toBe('POST');
    expect(post?.authorization).toBe('Bearer access-token');
    expect(post?.body).toEqual({ title: 'Paper Moon', release_year: '1973', description: 'A con man and a girl travel Kansas.' });
    expect(title()).toHaveValue('');
    expect(year()).toHaveValue('');
    expect(logline()).toHaveValue('');
    expect(confirmBox()).not.toBeChecked();
    expect(submit()).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's message for a 409 or 400", async () => {
    mockApi((call) => {
      if (call.path === '/api/films/checkfilm') return json(200, { exists: false });
      if (call.path === '/api/films/reviewfilm') return json(409, { error: messages.filmAlreadyPending, code: 'film_already_pending' });
      return undefined;
    });
    renderPage();
    fill({});
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmAlreadyPending);
    expect(title()).toHaveValue('Paper Moon');
  });

  it('puts a 400 with a field beside that field', async () => {
    mockApi((call) => {
      if (call.path === '/api/films/checkfilm') return json(200, { exists: false });
      if (call.path === '/api/films/reviewfilm') {
        return json(400, { error: messages.yearOutOfRange, code: 'validation', fields: { release_year: messages.yearOutOfRange } });
      }
      return undefined;
    });
    renderPage();
    fill({});
    fireEvent.click(submit());
    await waitFor(() => expect(year()).toHaveAccessibleDescription(messages.yearOutOfRange));
  });

  it('falls back to the spec message for any other failure', async () => {
    mockApi((call) => {
      if (call.path === '/api/films/checkfilm') return json(200, { exists: false });
      if (call.path === '/api/films/reviewfilm') return json(503, { error: 'down', code: 'unavailable' });
      return undefined;
    });
    renderPage();
    fill({});
    fireEvent.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reviewSubmitFailed);
  });
});
