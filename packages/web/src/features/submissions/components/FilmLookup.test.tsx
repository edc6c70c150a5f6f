import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aboutFilm, messages } from '@filmlist/shared/messages';
import { appConfig } from '../../../lib/app-config';
import { callsTo, json, mockApi } from '../../../test/fake-api';
import { renderPage, signIn } from '../../../test/render-page';
import AddFilmPage from './AddFilmPage';

beforeEach(() => {
  appConfig.filmDatabase = true;
});
afterEach(() => {
  appConfig.filmDatabase = false;
});

function open() {
  signIn({ isReviewer: false, username: 'mia', user_id: 5 });
  const user = userEvent.setup();
  renderPage(<AddFilmPage />, { path: '/addfilm' });
  return user;
}

const title = () => screen.getByRole('combobox', { name: 'Film Title' });
const year = () => screen.getByLabelText('Year of Release');
const logline = () => screen.getByLabelText('Logline');
const note = () => screen.getByLabelText('Why is it undervalued?', { exact: false });

describe('the add-film type-ahead (docs/product.md §Film database)', () => {
  it('shows candidates as typing pauses, chosen by keyboard: the canonical title exactly, the year and the link are sent', async () => {
    const { calls } = mockApi({
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/reviewfilm': () => json({ message: messages.reviewSubmitted, film: {} }, 201),
    });
    const user = open();
    await user.type(title(), 'exis');
    // Typed titles are capitalised as they are typed (§Add-film rules).
    expect(title()).toHaveValue('Exis');
    const list = await screen.findByRole('listbox', { name: 'Films in the film database' });
    expect(title()).toHaveAttribute('aria-expanded', 'true');
    const option = within(list).getByRole('option', { name: 'eXistenZ (1999), directed by David Cronenberg' });
    expect(option.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^\/posters\/t[0-9a-f]{24}\.webp\?w=92$/));
    // One request for what was typed once it settled, not one per key.
    expect(callsTo(calls, '/api/films/lookup').map((c) => c.query.query)).toEqual(['Exis']);

    await user.keyboard('{ArrowDown}');
    expect(title()).toHaveAttribute('aria-activedescendant', option.id);
    expect(option).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    // The database's own casing stays: no capitalisation of a chosen title.
    expect(title()).toHaveValue('eXistenZ');
    expect(year()).toHaveValue('1999');
    expect(title()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Linked to the film database', { exact: false })).toBeInTheDocument();

    // The synopsis is offered as a start for the logline, which stays the member's to write.
    await user.click(screen.getByRole('button', { name: 'Start from the synopsis' }));
    expect(logline()).toHaveValue('A game designer is pulled into her own virtual-reality game while on the run.');
    fireEvent.change(note(), { target: { value: 'A body-horror game film that predicted a decade of VR.' } });
    await user.click(screen.getByLabelText('Show my username with the note'));
    await user.click(screen.getByLabelText('I have double-checked the film details'));
    await user.click(screen.getByRole('button', { name: 'Add Film' }));
    await screen.findByText(aboutFilm('eXistenZ', '1999', messages.reviewSubmitted));
    expect(callsTo(calls, '/api/films/reviewfilm')[0]?.body).toEqual({
      title: 'eXistenZ',
      release_year: '1999',
      description: 'A game designer is pulled into her own virtual-reality game while on the run.',
      tmdb_id: 1946,
      note: 'A body-horror game film that predicted a decade of VR.',
      note_named: false,
    });
  });

  it('closes with Escape, and typing over a chosen title drops its link', async () => {
    mockApi({ 'GET /api/films/checkfilm': () => json({ exists: false }) });
    const user = open();
    await user.type(title(), 'hunt');
    await screen.findByRole('option', { name: /Hunt for the Wilderpeople/ });
    await user.keyboard('{Escape}');
    expect(title()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: /Hunt for the Wilderpeople/ }));
    expect(title()).toHaveValue('Hunt for the Wilderpeople');
    expect(screen.getByRole('button', { name: 'Unlink' })).toBeInTheDocument();
    await user.type(title(), 's');
    expect(screen.queryByRole('button', { name: 'Unlink' })).toBeNull();
  });

  it('catches a film already on the list while typing, by the candidate and by title and year, with a link to it', async () => {
    mockApi({
      'GET /api/films/checkfilm': (call) => json({ exists: call.query.title === 'Paper Moon' && call.query.release_year === '1973' }),
    });
    const user = open();
    await user.type(title(), 'moo');
    await user.click(await screen.findByRole('option', { name: 'Moon (2009), directed by Duncan Jones, already on The Film List' }));
    const notice = await screen.findByText(messages.filmAlreadyListed, { exact: false });
    expect(within(notice).getByRole('link', { name: 'See Moon on the list' })).toHaveAttribute('href', '/films/moon-2009');
    // Not filled in: it is not a new film.
    expect(title()).toHaveValue('Moo');

    fireEvent.change(title(), { target: { value: 'Paper Moon' } });
    fireEvent.change(year(), { target: { value: '1973' } });
    const typed = await screen.findByRole('link', { name: 'See Paper Moon on the list' });
    expect(typed).toHaveAttribute('href', '/films/paper-moon-1973');
  });

  it('goes on by hand with a short note when the film database is unavailable', async () => {
    const { calls } = mockApi({
      'GET /api/films/lookup': () => json({ available: false, results: [] }),
      'GET /api/films/checkfilm': () => json({ exists: false }),
      'POST /api/films/reviewfilm': () => json({ message: messages.reviewSubmitted, film: {} }, 201),
    });
    const user = open();
    await user.type(title(), 'paper moon');
    expect(await screen.findByText(messages.filmDatabaseUnavailable)).toBeInTheDocument();
    expect(screen.queryByRole('option')).toBeNull();
    fireEvent.change(year(), { target: { value: '1973' } });
    fireEvent.change(logline(), { target: { value: 'A con man and a girl travel Kansas.' } });
    await user.click(screen.getByLabelText('I have double-checked the film details'));
    await user.click(screen.getByRole('button', { name: 'Add Film' }));
    await screen.findByText(aboutFilm('Paper Moon', '1973', messages.reviewSubmitted));
    expect(callsTo(calls, '/api/films/reviewfilm')[0]?.body).toMatchObject({ title: 'Paper Moon', tmdb_id: null });
  });

  it('says the same when the lookup fails, and the note keeps its own message beside it', async () => {
    mockApi({ 'GET /api/films/lookup': () => json({ error: 'x', code: 'internal' }, 500) });
    const user = open();
    await user.type(title(), 'paper');
    expect(await screen.findByText(messages.filmDatabaseUnavailable)).toBeInTheDocument();
    fireEvent.change(note(), { target: { value: 'n'.repeat(281) } });
    expect(note()).toHaveAccessibleDescription(expect.stringContaining('281 of 280 characters'));
    await user.click(screen.getByRole('button', { name: 'Add Film' }));
    await waitFor(() => expect(note()).toHaveAccessibleDescription(expect.stringContaining(messages.noteTooLong)));
  });
});
