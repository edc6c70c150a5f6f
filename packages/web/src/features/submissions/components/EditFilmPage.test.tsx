import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages, serverMessages } from '@filmlist/shared/messages';
import { filmDetail } from '../../../test/factories';
import { callsTo, json, mockApi, type Answer } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import EditFilmPage from './EditFilmPage';

const moon = filmDetail(1, 'Moon', 2008, 'https://watch.example/moon');
const fixed = { ...filmDetail(1, 'Moon', 2009, 'https://watch.example/moon'), description: 'A man nears the end of a stint on the Moon.' };

function open(routes: { save?: Answer; remove?: Answer } = {}, reviewer: boolean | undefined = true) {
  signIn(reviewer === undefined ? {} : { isReviewer: reviewer });
  const api = mockApi({
    'GET /api/films/filmdetails': () => json({ film: moon }),
    // The title-and-year check while typing (docs/product.md §Add-film rules).
    'GET /api/films/checkfilm': () => json({ exists: false }),
    'PUT /api/films/:id': routes.save ?? (() => json({ message: serverMessages.filmUpdated, film: fixed })),
    'DELETE /api/films/:id': routes.remove ?? (() => json({ message: serverMessages.filmRemoved })),
  });
  renderPage(<EditFilmPage />, { path: '/master/films/moon-2008/edit', route: '/master/films/:slug/edit' });
  return { ...api, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false });
const confirm = () => fireEvent.click(screen.getByLabelText('I have double-checked the film details'));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

describe('EditFilmPage', () => {
  it("shows the film's title, year, logline and watch link to change", async () => {
    const { calls } = open();
    expect(document.title).toBe('Edit Film | The Film List');
    expect(await screen.findByLabelText('Film Title')).toHaveValue('Moon');
    expect(field('Year of Release')).toHaveValue('2008');
    expect(field('Logline')).toHaveValue(moon.description);
    expect(field('Watch Link')).toHaveValue('https://watch.example/moon');
    expect(callsTo(calls, '/api/films/filmdetails')[0]?.query.slug).toBe('moon-2008');
  });

  it('saves with every field and the note, then goes to the film under its new address and says so', async () => {
    const { calls } = open();
    await screen.findByLabelText('Film Title');
    fireEvent.change(field('Year of Release'), { target: { value: ' 2009 ' } });
    fireEvent.change(field('Logline'), { target: { value: fixed.description } });
    fireEvent.change(field('Note for the record'), { target: { value: 'The year was wrong.' } });
    confirm();
    save();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/films/private/moon-2009'));
    expect(window.history.state).toEqual({ film: fixed, notice: serverMessages.filmUpdated });
    const [put] = callsTo(calls, '/api/films/1');
    expect(put?.method).toBe('PUT');
    expect(put?.auth).toBe('Bearer access-token');
    expect(put?.body).toEqual({
      title: 'Moon',
      release_year: '2009',
      description: fixed.description,
      watchLink: 'https://watch.example/moon',
      reason: 'The year was wrong.',
    });
  });

  it('applies the add-film rules before calling the server', async () => {
    const { calls } = open();
    await screen.findByLabelText('Film Title');
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.confirmDetails);
    confirm();
    fireEvent.change(field('Film Title'), { target: { value: 'https://moon.example' } });
    save();
    await waitFor(() => expect(field('Film Title')).toHaveAccessibleDescription(messages.titleIsLink));
    fireEvent.change(field('Film Title'), { target: { value: 'Moon' } });
    fireEvent.change(field('Watch Link'), { target: { value: 'ftp://films.example/moon' } });
    save();
    await waitFor(() => expect(field('Watch Link')).toHaveAccessibleDescription(messages.watchLinkInvalid));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("shows the server's answer to a duplicate, and says the update failed otherwise", async () => {
    let answer = json({ error: messages.filmAlreadyListed, code: 'film_already_listed' }, 409);
    open({ save: () => answer });
    await screen.findByLabelText('Film Title');
    confirm();
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmAlreadyListed);
    answer = json({ error: 'x', code: 'internal' }, 500);
    save();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.updateFilmFailed));
    expect(screen.getByTestId('location')).toHaveTextContent('/master/films/moon-2008/edit');
  });

  it('removes the film after a confirmation with an optional reason, then says so', async () => {
    const { calls, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Remove Film' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Moon (2008)?' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'A duplicate of another entry.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove the film' }));
    const done = await screen.findByText(serverMessages.filmRemoved);
    expect(done).toHaveAttribute('role', 'status');
    expect(screen.queryByLabelText('Film Title')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to The Film List' })).toHaveAttribute('href', '/dashboard');
    const [removal] = callsTo(calls, '/api/films/1');
    expect(removal?.method).toBe('DELETE');
    expect(removal?.body).toEqual({ reason: 'A duplicate of another entry.' });
  });

  it('removes nothing when the confirmation is cancelled, and says when removing fails', async () => {
    const { calls, user } = open({ remove: () => json({ error: 'x', code: 'internal' }, 500) });
    await user.click(await screen.findByRole('button', { name: 'Remove Film' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove Film' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove the film' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.removeFilmFailed);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([{}]);
  });

  it('tells a member who is not a reviewer, without asking the server', async () => {
    const { calls } = open({}, false);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.reviewerOnly);
    expect(calls).toEqual([]);
  });

  it('says so when the server refuses a member whose role it did not know', async () => {
    open({ save: () => json({ error: messages.reviewerOnly, code: 'reviewer_only' }, 403) }, undefined);
    await screen.findByLabelText('Film Title');
    confirm();
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reviewerOnly);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
  });

  it('says when the film is not there', async () => {
    signIn({ isReviewer: true });
    mockApi({ 'GET /api/films/filmdetails': () => json({ error: messages.filmNotFound, code: 'film_not_found' }, 404) });
    renderPage(<EditFilmPage />, { path: '/master/films/gone-1999/edit', route: '/master/films/:slug/edit' });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.filmNotFound);
  });
});
