import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyExport } from '@filmlist/shared/api/me';
import { messages, tryAgainIn } from '@filmlist/shared/messages';
import { callsTo, json, mockApi, type Answer } from '../../../test/fake-api';
import { member, renderPage, signIn } from '../../../test/render-page';
import MyProfilePage from './MyProfilePage';

const data: MyExport = {
  exported_at: '2026-03-02T10:00:00.000Z',
  account: {
    user_id: 7,
    username: 'maria',
    email: 'maria@example.com',
    verified: true,
    pending_email: null,
    created_at: '2026-01-01T00:00:00.000Z',
  },
  mentions: [
    {
      film: { film_id: 1, title: 'Moon', release_year: 2009, slug: 'moon-2009' },
      heard_before: false,
      answered_at: '2026-02-01T00:00:00.000Z',
    },
  ],
  ratings: [],
  submissions: [],
  watch_clicks: [],
  watchlist: [{ film: { film_id: 1, title: 'Moon', release_year: 2009, slug: 'moon-2009' }, added_at: '2026-02-03T00:00:00.000Z' }],
};

/** What the page handed the browser to save: the file's bytes and name. */
const saved: Array<{ blob: Blob; download: string; href: string }> = [];
let blobs = new Map<string, Blob>();

beforeEach(() => {
  saved.length = 0;
  blobs = new Map();
  // jsdom has no object URLs and does not download; the page's use of both is recorded instead.
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: (url: string) => blobs.delete(url) });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ blob, download: this.download, href: this.href });
  });
});
afterEach(() => vi.restoreAllMocks());

/** A Blob's text (jsdom's Blob has no text()). */
function textOf(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    if (blob) reader.readAsText(blob);
  });
}

function open(exportAnswer: Answer) {
  signIn();
  const { calls } = mockApi({
    'GET /api/users/profile/maria': () => json({ user: member }),
    'GET /api/me/export': exportAnswer,
  });
  renderPage(<MyProfilePage />, { path: '/myprofile' });
  const section = screen.getByRole('region', { name: 'Download My Data' });
  return { calls, section, user: userEvent.setup() };
}

describe('Download My Data on /myprofile', () => {
  it('asks for the export with the bearer token and saves it as a JSON file, then says so', async () => {
    const { calls, section, user } = open(() =>
      json(data, 200, { 'content-disposition': 'attachment; filename="the-film-list-maria-2026-03-02.json"' }),
    );
    await user.click(within(section).getByRole('button', { name: 'Download My Data' }));
    expect(await within(section).findByText(messages.dataExported)).toBeInTheDocument();
    expect(callsTo(calls, '/api/me/export')[0]?.auth).toBe('Bearer access-token');
    expect(saved).toHaveLength(1);
    const [file] = saved;
    expect(file?.download).toBe('the-film-list-my-data-2026-03-02.json');
    expect(file?.blob.type).toBe('application/json');
    expect(JSON.parse(await textOf(file?.blob))).toEqual(data);
    // The link was only a way to hand the file over: gone, and its URL let go.
    expect(document.querySelector('a[download]')).toBeNull();
    // The URL is let go a moment after the click (lib/save-file.ts).
    await waitFor(() => expect(blobs.size).toBe(0), { timeout: 3000 });
  });

  it('says the download failed, and when to try again after too many', async () => {
    let answer = json({ error: messages.rateLimited, code: 'rate_limited' }, 429, { 'retry-after': '40' });
    const { section, user } = open(() => answer);
    await user.click(within(section).getByRole('button', { name: 'Download My Data' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(`${messages.exportFailed} ${tryAgainIn(40)}`);
    answer = json({ error: 'x', code: 'internal' }, 500);
    await user.click(within(section).getByRole('button', { name: 'Download My Data' }));
    await waitFor(() => expect(within(section).getByRole('alert')).toHaveTextContent(messages.exportFailed));
    expect(within(section).getByRole('alert')).not.toHaveTextContent('try again in');
    expect(saved).toEqual([]);
  });
});
