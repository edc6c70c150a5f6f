import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/config.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The rules ESLint, with the repository's own config, reports as broken by `code` placed at `filePath`. */
async function brokenRules(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((m) => m.fatal || m.ruleId === null);
  if (fatal.length > 0) throw new Error(`ESLint could not lint ${filePath}: ${fatal.map((m) => m.message).join('; ')}`);
  return messages.map((m) => m.ruleId ?? '');
}

const reads = [
  'export const port = process.env.PORT;\n',
  "export const port = process['env'].PORT;\n",
  'const { env } = process;\nexport const port = env.PORT;\n',
  "import { env } from 'node:process';\nexport const port = env.PORT;\n",
];

// A lint check does not touch the database: one database project is enough.
describe.skipIf(onPostgres)('reading the environment (npm run lint)', () => {
  it('fails a read of process.env outside a config.ts, in shipped code, tests, test support, bench and e2e', async () => {
    const files = [
      'packages/server/src/app.ts',
      'packages/server/src/modules/films/routes.ts',
      'packages/server/src/app.test.ts',
      'packages/server/test/support/test-app.ts',
      'packages/server/test/security/fuzz.test.ts',
      'packages/web/src/main.tsx',
      'bench/run.ts',
      'e2e/films.e2e.ts',
    ];
    for (const file of files) {
      for (const code of reads) {
        const broken = await brokenRules(code, file);
        expect(
          broken.filter((rule) => rule === 'no-restricted-properties' || rule === 'no-restricted-syntax'),
          `${file}: ${code}`,
        ).toHaveLength(1);
      }
    }
  }, 120_000);

  it('lets each config.ts read it', async () => {
    for (const file of [
      'packages/server/src/config.ts',
      'packages/server/test/support/config.ts',
      'bench/config.ts',
      'e2e/support/config.ts',
      'vitest.config.ts',
    ]) {
      for (const code of reads) expect(await brokenRules(code, file), `${file}: ${code}`).toEqual([]);
    }
  }, 120_000);
});
