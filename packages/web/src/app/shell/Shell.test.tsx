import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@filmlist/shared/messages';
import { appConfig } from '../../lib/app-config';
import { deferred, json, mockApi } from '../../test/fake-api';
import { member, renderPage, signIn } from '../../test/render-page';
import { Shell } from './Shell';

function FailedImport(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/FilmDetailsPage.js');
}

describe('Shell', () => {
  it('says "Refreshing page..." while a stored session is restored, over the page rather than instead of it', async () => {
    const refresh = deferred<Response>();
    mockApi({ 'POST /api/auth/refresh': () => refresh.promise });
    signIn();
    renderPage(
      <Shell>
        <p>The rows</p>
      </Shell>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(messages.refreshingPage);
    expect(screen.getByText('The rows')).toBeInTheDocument();
    await act(async () =>
      refresh.resolve(json({ newAccessToken: 'a', newRefreshToken: 'r', newAccessTokenExpiration: Date.now() + 900_000, user: member })),
    );
    expect(screen.queryByText(messages.refreshingPage)).not.toBeInTheDocument();
    expect(screen.getByText('The rows')).toBeInTheDocument();
  });

  it('credits TMDB in its own words and JustWatch with a link in the footer, only while the film database is on', () => {
    const off = renderPage(
      <Shell>
        <p>The rows</p>
      </Shell>,
    );
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent(messages.tmdbCredit);
    off.unmount();
    appConfig.filmDatabase = true;
    try {
      renderPage(
        <Shell>
          <p>The rows</p>
        </Shell>,
      );
      const footer = screen.getByRole('contentinfo');
      expect(footer).toHaveTextContent(`${messages.tmdbCredit} ${messages.justWatchCredit}`);
      expect(within(footer).getByRole('link', { name: 'JustWatch' })).toHaveAttribute('href', 'https://www.justwatch.com/');
    } finally {
      appConfig.filmDatabase = false;
    }
  });

  it('shows a visitor the page with no refreshing step', () => {
    renderPage(
      <Shell>
        <p>The rows</p>
      </Shell>,
    );
    expect(screen.queryByText(messages.refreshingPage)).not.toBeInTheDocument();
    expect(screen.getByText('The rows')).toBeInTheDocument();
  });

  it('says a page that could not be loaded (the connection dropped between pages) could not be, with Try again, instead of a blank screen', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(
      <Shell>
        <FailedImport />
      </Shell>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(messages.pageLoadFailed);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});
