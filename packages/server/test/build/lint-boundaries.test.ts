import { describe, expect, it } from 'vitest';
import { restrictedImportMessages as restrictedImports } from '../support/restricted-imports.js';
import { onPostgres } from '../support/config.js';

const harnessImport = [
  "import { createTestApp } from '../test/support/test-app.js';",
  "import { startServer } from '@filmlist/server/test/server-process';",
  "import { SMTPServer } from 'smtp-server';",
  "import { describe } from 'vitest';",
  'export const used = [createTestApp, startServer, SMTPServer, describe];',
  '',
].join('\n');

// A lint check does not touch the database: one database project is enough.
describe.skipIf(onPostgres)('the lint boundary between shipped code and test support', () => {
  it('fails a test-support import from a shipped file of the server and of the web app', async () => {
    for (const file of ['packages/server/src/app.ts', 'packages/server/src/modules/films/routes.ts', 'packages/web/src/main.tsx']) {
      const found = await restrictedImports(harnessImport, file);
      for (const specifier of ['../test/support/test-app.js', '@filmlist/server/test/server-process', 'smtp-server', 'vitest']) {
        expect(
          found.some((message) => message.startsWith(`'${specifier}' import is restricted`)),
          `${file}: ${specifier}`,
        ).toBe(true);
      }
    }
  }, 60_000);

  it('lets tests beside the code and the harness itself import test support', async () => {
    expect(await restrictedImports(harnessImport, 'packages/server/src/app.test.ts')).toEqual([]);
    expect(await restrictedImports(harnessImport, 'packages/server/test/support/test-app.ts')).toEqual([]);
  }, 60_000);
});
