import { useMutation } from '@tanstack/react-query';
import { apiFile } from './api-client';
import { saveFile } from './save-file';

export type LetterboxdFile = 'watchlist' | 'ratings';

/**
 * GET /api/me/export/{watchlist,ratings}.csv with the bearer (docs/product.md §Letterboxd export), saved
 * under the name the server gives it: a link cannot carry the token, so the page fetches the file and hands it to the browser.
 */
export async function downloadLetterboxd(file: LetterboxdFile): Promise<void> {
  const { blob, filename } = await apiFile(`/api/me/export/${file}.csv`, { auth: true });
  saveFile(blob, filename ?? `the-film-list-${file}.csv`);
}

export const useLetterboxdExport = () => useMutation({ mutationFn: downloadLetterboxd, meta: { failure: 'The Letterboxd export failed' } });
