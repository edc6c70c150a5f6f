import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SubmissionDetail } from '@filmlist/shared/api/films';
import type { MySubmission } from '@filmlist/shared/api/me';
import { aboutFilm, messages } from '@filmlist/shared/messages';
import { callsTo, json, mockApi, sentTo, type Call } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import AddFilmPage from './AddFilmPage';
import MasterAddFilmPage from './MasterAddFilmPage';
import MySubmissionsPage from './MySubmissionsPage';
import ReviewQueuePage from './ReviewQueuePage';

/**
 * "Why is it undervalued?" (docs/product.md §Recommendation note): the member writes it and chooses
 * whether the film's page names them, the reviewer edits or drops it when adding, and the member
 * changes the choice from My Submissions. Against the fake API's one set of handlers.
 */

const note = () => screen.getByLabelText('Why is it undervalued?', { exact: false });
const field = (label: string) => screen.getByLabelText(label, { exact: false });
const confirmBox = () => screen.getByLabelText('I have double-checked the film details');

describe("the member's note (NoteField and its naming choice)", () => {
  function open() {
    signIn({ isReviewer: false, username: 'mia', user_id: 5 });
    const { calls } = mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/reviewfilm': () => json({ message: messages.reviewSubmitted, film: {} }, 201),
    });
    renderPage(<AddFilmPage />, { path: '/addfilm' });
    fireEvent.change(field('Film Title'), { target: { value: 'Paper Moon' } });
    fireEvent.change(field('Year of Release'), { target: { value: '1973' } });
    fireEvent.change(field('Logline'), { target: { value: 'A con man and a girl travel Kansas.' } });
    fireEvent.click(confirmBox());
    return { calls, user: userEvent.setup() };
  }
  const send = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    await screen.findByText(aboutFilm('Paper Moon', '1973', messages.reviewSubmitted));
  };

  it('is optional, says where it shows, and names the member unless they say not to', async () => {
    const { calls } = open();
    expect(note()).toHaveValue('');
    expect(note()).toHaveAccessibleDescription('Shown on the film’s page once it is added. Tell people what makes it worth finding.');
    const named = screen.getByLabelText('Show my username with the note');
    expect(named).toBeChecked();
    fireEvent.change(note(), { target: { value: '  Funnier than any road film of its decade.  ' } });
    await send();
    expect(sentTo(calls, 'POST /api/films/reviewfilm')[0]).toMatchObject({
      note: 'Funnier than any road film of its decade.',
      note_named: true,
    });
  });

  it('is sent as by "a member" when the member unticks the choice', async () => {
    const { calls, user } = open();
    fireEvent.change(note(), { target: { value: 'A con film with a heart.' } });
    await user.click(screen.getByLabelText('Show my username with the note'));
    expect(screen.getByLabelText('Show my username with the note')).not.toBeChecked();
    await send();
    expect(sentTo(calls, 'POST /api/films/reviewfilm')[0]).toMatchObject({ note: 'A con film with a heart.', note_named: false });
  });

  it('sends no note when it is left blank', async () => {
    const { calls } = open();
    fireEvent.change(note(), { target: { value: '   ' } });
    await send();
    expect(sentTo(calls, 'POST /api/films/reviewfilm')[0]).not.toHaveProperty('note');
  });

  it('counts its characters near the limit', () => {
    open();
    fireEvent.change(note(), { target: { value: 'n'.repeat(100) } });
    expect(screen.queryByText(/of 280 characters/)).toBeNull();
    fireEvent.change(note(), { target: { value: 'n'.repeat(270) } });
    expect(note()).toHaveAccessibleDescription(expect.stringContaining('270 of 280 characters'));
  });

  it.each([
    ['too long', 'n'.repeat(281), messages.noteTooLong],
    ['a link', 'See https://films.example for more', messages.noteHasLink],
    ['accents', 'Un film très doux', messages.noteHasAccents],
    ['an invisible character', 'Quiet\u200bly great', messages.noteHasInvisible],
  ])('with %s is refused beside the field, and nothing is sent', async (_, text, message) => {
    const { calls } = open();
    fireEvent.change(note(), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    await waitFor(() => expect(note()).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(note()).toHaveFocus();
    expect(callsTo(calls, '/api/films/reviewfilm')).toHaveLength(0);
  });
});

const submission = (change: Partial<SubmissionDetail> = {}): SubmissionDetail => ({
  submission_id: 31,
  title: 'The Fall',
  release_year: 2006,
  description: 'A stuntman tells a girl a story.',
  user_id: 7,
  username: 'mia',
  status: 'pending',
  tmdb_id: null,
  note: 'The most beautiful film nobody saw.',
  note_named: true,
  created_at: '2026-02-01T10:00:00.000Z',
  ...change,
});

describe("the reviewer's form: the member's note kept, edited or dropped", () => {
  function open(from: SubmissionDetail = submission()) {
    signIn({ isReviewer: true });
    const { calls } = mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/addfilm': () => json({ message: messages.filmAdded, film: {} }),
    });
    renderPage(<MasterAddFilmPage />, {
      path: '/master/addfilm/The-Fall/2006/A-stuntman-tells-a-girl-a-story./7',
      route: '/master/addfilm/:title/:release_year/:description/:user_id',
      state: { submission: from },
    });
    return calls;
  }
  const memberNote = () => screen.getByLabelText("Why is it undervalued? (the member's note)", { exact: false });
  const add = async () => {
    fireEvent.click(confirmBox());
    fireEvent.click(screen.getByRole('button', { name: 'Add Film' }));
    await screen.findByText(aboutFilm('The Fall', '2006', messages.filmAdded));
  };

  it('shows the note and whom the film page will name; unchanged, the submission keeps it', async () => {
    const calls = open();
    expect(memberNote()).toHaveValue('The most beautiful film nobody saw.');
    expect(memberNote()).toHaveAccessibleDescription(expect.stringContaining("with mia's name"));
    await add();
    expect(sentTo(calls, 'POST /api/films/addfilm')[0]).not.toHaveProperty('note');
  });

  it('says "a member" when the member chose not to be named', () => {
    open(submission({ note_named: false }));
    expect(memberNote()).toHaveAccessibleDescription(expect.stringContaining('as by "a member"'));
  });

  it('sends the note as the reviewer edited it', async () => {
    const calls = open();
    fireEvent.change(memberNote(), { target: { value: 'The most beautiful film few have seen.' } });
    await add();
    expect(sentTo(calls, 'POST /api/films/addfilm')[0]).toMatchObject({ note: 'The most beautiful film few have seen.' });
  });

  it('drops the note when the reviewer empties it', async () => {
    const calls = open();
    fireEvent.change(memberNote(), { target: { value: '' } });
    await add();
    expect(sentTo(calls, 'POST /api/films/addfilm')[0]).toMatchObject({ note: null });
  });

  it('has no note field for a submission without a note', () => {
    open(submission({ note: null }));
    expect(screen.queryByLabelText('Why is it undervalued?', { exact: false })).toBeNull();
  });
});

describe("the review queue: the member's note kept, edited or dropped in place", () => {
  function open(decide: (call: Call) => Response = () => json({ message: messages.filmAdded, film: {} })) {
    signIn({ isReviewer: true });
    const { calls } = mockApi({
      'GET /api/films/submissions': () => json({ submissions: [submission({ note_named: false })] }),
      'GET /api/films/review-history': () => json({ entries: [], next: null }),
      'POST /api/films/addfilm': decide,
    });
    renderPage(<ReviewQueuePage />, { path: '/master' });
    return calls;
  }
  const queueNote = () => screen.findByLabelText('Why is it undervalued?', { exact: false });
  const addInPlace = () =>
    fireEvent.click(within(screen.getByRole('article', { name: /The Fall/ })).getByRole('button', { name: 'Add Film' }));

  it('edits the note, or empties it to drop it', async () => {
    const calls = open();
    const text = await queueNote();
    expect(text).toHaveValue('The most beautiful film nobody saw.');
    expect(text).toHaveAccessibleDescription(expect.stringContaining('Shown as by "a member" once added'));
    fireEvent.change(text, { target: { value: '' } });
    addInPlace();
    await waitFor(() => expect(sentTo(calls, 'POST /api/films/addfilm')).toHaveLength(1));
    expect(sentTo(calls, 'POST /api/films/addfilm')[0]).toMatchObject({ note: null });
  });

  it('refuses an edited note that breaks the text rules, and sends nothing', async () => {
    const calls = open();
    fireEvent.change(await queueNote(), { target: { value: 'Read https://films.example first' } });
    addInPlace();
    await waitFor(async () => expect(await queueNote()).toHaveAccessibleDescription(expect.stringContaining(messages.noteHasLink)));
    expect(callsTo(calls, '/api/films/addfilm')).toHaveLength(0);
  });
});

describe('My Submissions: the member changes whether the note names them (NoteNaming)', () => {
  const withNote: MySubmission = {
    submission_id: 3,
    title: 'Paper Moon',
    release_year: 1973,
    description: 'A con man and a girl travel Kansas.',
    submitted_at: '2026-03-03T10:00:00.000Z',
    state: 'added',
    decided_at: '2026-03-04T10:00:00.000Z',
    reason: null,
    film_slug: 'paper-moon-1973',
    note: 'Tatum O’Neal steals every scene.',
    note_named: true,
  };
  const withoutNote: MySubmission = { ...withNote, submission_id: 2, title: 'The Fall', release_year: 2006, note: null };

  function open(patch: (call: Call) => Response) {
    signIn();
    const { calls } = mockApi({
      'GET /api/me/submissions': () => json({ submissions: [withNote, withoutNote] }),
      'PATCH /api/me/submissions/:submission_id': patch,
    });
    renderPage(<MySubmissionsPage />, { path: '/my-submissions' });
    return calls;
  }
  const choice = async () =>
    within(await screen.findByRole('article', { name: /Paper Moon/ })).getByLabelText('Show my username with the note');

  it('shows the note with the choice, and saves a change at once', async () => {
    const calls = open((call) => {
      const named = typeof call.body === 'object' && call.body !== null && 'note_named' in call.body && call.body.note_named === true;
      return json({ message: messages.noteNamedUpdated, submission: { ...withNote, note_named: named } });
    });
    const paperMoon = await screen.findByRole('article', { name: /Paper Moon/ });
    expect(paperMoon).toHaveTextContent('Tatum O’Neal steals every scene.');
    expect(await choice()).toBeChecked();
    // A submission without a note has no choice to make.
    expect(within(screen.getByRole('article', { name: /The Fall/ })).queryByLabelText('Show my username with the note')).toBeNull();

    fireEvent.click(await choice());
    expect(await within(paperMoon).findByText(messages.noteNamedUpdated)).toHaveAttribute('role', 'status');
    expect(await choice()).not.toBeChecked();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/me/submissions/3', { note_named: false }],
    ]);

    fireEvent.click(await choice());
    await waitFor(async () => expect(await choice()).toBeChecked());
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ note_named: true });
  });

  it('says when saving the choice fails, and keeps the choice as it was', async () => {
    open(() => json({ error: 'down', code: 'internal' }, 500));
    fireEvent.click(await choice());
    const paperMoon = screen.getByRole('article', { name: /Paper Moon/ });
    expect(await within(paperMoon).findByText(messages.noteNamedFailed)).toHaveAttribute('role', 'status');
    expect(await choice()).toBeChecked();
  });
});
