import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/config.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The import-cycle messages ESLint, with the repository's own config, reports for `code` placed at `filePath`. */
async function cycles(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle').map((m) => m.message);
}

// A lint check does not touch the database: one database project is enough.
describe.skipIf(onPostgres)('the import-cycle check of npm run lint', () => {
  it('fails a module that imports, directly or through others, a module that imports it', async () => {
    // plugins/errors.ts imports lib/http-errors.ts; http-errors importing the plugin back closes the cycle.
    const backToPlugin = "import { errorsPlugin } from '../plugins/errors.js';\nexport const used = errorsPlugin;\n";
    expect(await cycles(backToPlugin, 'packages/server/src/lib/http-errors.ts')).toHaveLength(1);
    // The session store reads users with the decoders; decoders importing the store back closes it.
    expect(
      await cycles(
        "import { readSession } from './session-storage';\nexport const used = readSession;\n",
        'packages/web/src/lib/decoders.ts',
      ),
    ).toHaveLength(1);
  }, 60_000);

  it('leaves a type-only import back alone: it is gone once compiled', async () => {
    const code = "import type { StoredSession } from './session-storage';\nexport const used = (s: StoredSession) => s;\n";
    expect(await cycles(code, 'packages/web/src/lib/decoders.ts')).toEqual([]);
  }, 60_000);
});
