import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/config.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The compiler options `npm run typecheck` checks bench/ and e2e/ with (the root tsconfig.json). */
function rootCompilerOptions(): ts.CompilerOptions {
  const host = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d: ts.Diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(repoRoot, 'tsconfig.json'), {}, host);
  if (!parsed) throw new Error('the root tsconfig.json could not be read');
  return parsed.options;
}

/** The file TypeScript, as the typecheck runs it, takes `specifier` imported from `from` to be; undefined when it refuses it. */
function resolved(specifier: string, from: string): string | undefined {
  const found = ts.resolveModuleName(specifier, path.join(repoRoot, from), rootCompilerOptions(), ts.sys).resolvedModule;
  return found ? path.relative(repoRoot, found.resolvedFileName) : undefined;
}

function sources(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(folder, name));
}

// The typecheck does not touch the database: one database project is enough.
describe.skipIf(onPostgres)("@filmlist/server's exports", () => {
  it('name the bench entry, the demo catalogue and four harness files, each to its file', () => {
    expect(resolved('@filmlist/server/bench', 'bench/run.ts')).toBe('packages/server/src/bench-entry.ts');
    expect(resolved('@filmlist/server/demo-films', 'e2e/start.e2e.ts')).toBe('packages/server/src/seed/demo-films.ts');
    for (const harness of ['server-process', 'fake-tmdb', 'nginx', 'tmdb-fixtures'])
      expect(resolved(`@filmlist/server/test/${harness}`, 'bench/run.ts')).toBe(`packages/server/test/support/${harness}.ts`);
  });

  it("refuse the server's other modules and test support to bench/ and e2e/", () => {
    for (const specifier of [
      '@filmlist/server/db/connection',
      '@filmlist/server/modules/auth/passwords',
      '@filmlist/server/app',
      '@filmlist/server/config',
      '@filmlist/server/test/test-app',
      '@filmlist/server/test/support/server-process',
    ]) {
      expect(resolved(specifier, 'bench/run.ts'), specifier).toBeUndefined();
      expect(resolved(specifier, 'e2e/films.e2e.ts'), specifier).toBeUndefined();
    }
  });

  it('resolve every @filmlist/server import that bench/ and e2e/ make', () => {
    const imports = [...sources('bench'), ...sources('e2e')].flatMap((file) =>
      [...readFileSync(path.join(repoRoot, file), 'utf8').matchAll(/from '(@filmlist\/server[^']*)'/g)].map((m) => ({
        file,
        specifier: m[1] ?? '',
      })),
    );
    expect(imports.length).toBeGreaterThan(0);
    for (const { file, specifier } of imports) expect(resolved(specifier, file), `${file}: ${specifier}`).toBeDefined();
  });
});
