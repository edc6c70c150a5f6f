import { describe, expect, it } from 'vitest';
import { restrictedImportMessages } from '../support/restricted-imports.js';
import { onPostgres } from '../support/config.js';

/** The specifiers ESLint (with the repository's own config) refuses in `code` placed at `filePath`. */
async function refusedImports(code: string, filePath: string): Promise<string[]> {
  return (await restrictedImportMessages(code, filePath)).map((message) => /^'([^']+)'/.exec(message)?.[1] ?? message);
}

const importing = (...specifiers: string[]) =>
  [
    ...specifiers.map((specifier, i) => `import * as m${i} from '${specifier}';`),
    `export const used = [${specifiers.map((_, i) => `m${i}`).join(', ')}];`,
    '',
  ].join('\n');

const filmsPage = 'packages/web/src/features/films/components/FilmListPage.tsx';
const filmsTest = 'packages/web/src/features/films/components/FilmListPage.test.tsx';

// A lint check does not touch the database: one database project is enough.
describe.skipIf(onPostgres)('the web app boundaries', () => {
  it('fails a feature that imports another feature, in its code and in its tests', async () => {
    const otherFeature = ['../../profile/api/get-profile', '../../../features/auth/api/login'];
    expect(await refusedImports(importing(...otherFeature), filmsPage)).toEqual(otherFeature);
    expect(await refusedImports(importing(...otherFeature), filmsTest)).toEqual(otherFeature);
  }, 60_000);

  it('fails web code that imports the server, by package name or by path', async () => {
    const server = ['@filmlist/server/db/connection', '../../server/src/app'];
    expect(await refusedImports(importing(...server), 'packages/web/src/main.tsx')).toEqual(server);
    expect(await refusedImports(importing('@filmlist/server/app'), filmsPage)).toEqual(['@filmlist/server/app']);
  }, 60_000);

  it('keeps shared code and features from importing features or the app shell', async () => {
    expect(
      await refusedImports(importing('../features/films/api/get-films', '../app/query-client'), 'packages/web/src/lib/auth.tsx'),
    ).toHaveLength(2);
    expect(await refusedImports(importing('../../../app/query-client'), filmsPage)).toEqual(['../../../app/query-client']);
  }, 60_000);

  it('lets a feature import its own files, shared code and the contract, and its tests the test support', async () => {
    const allowed = ['../api/get-films', '../../../lib/auth', '../../../components/Dialog', '@filmlist/shared/messages'];
    expect(await refusedImports(importing(...allowed), filmsPage)).toEqual([]);
    expect(await refusedImports(importing(...allowed, '../../../test/render-page', 'msw'), filmsTest)).toEqual([]);
    expect(await refusedImports(importing('../features/films/api/get-films'), 'packages/web/src/app/prefetch.ts')).toEqual([]);
  }, 60_000);
});
