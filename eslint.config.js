import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Test harness, test runners and test-only packages: none of them may reach code that ships. */
export const shippedCodeMayNotImport = [
  { regex: '(^|/)test(/|$)', message: 'Test support stays out of shipped code (it lives in test/).' },
  { regex: '(^|/)test-(support|utils)(\\.|$)', message: 'Test support stays out of shipped code.' },
  { regex: '^@filmlist/server/test/', message: 'Test support stays out of shipped code.' },
  {
    regex: '^(vitest|@vitest/|fast-check|smtp-server|msw|@testing-library/|playwright|@axe-core/)',
    message: 'Test-only packages are dev dependencies; shipped code may not import them.',
  },
];

/** The web app reaches the server over HTTP only, through the shared contract. */
export const webMayNotImport = [
  { regex: '^@filmlist/server(/|$)', message: 'The web app talks to the server over HTTP; it imports only @filmlist/shared.' },
  {
    regex: '(^|/)packages/server(/|$)|^(\\.\\./)+server(/|$)',
    message: 'The web app talks to the server over HTTP; it imports only @filmlist/shared.',
  },
];

/**
 * Imports in packages/web/src flow one way: shared code (components/, lib/), then features/, then the
 * app shell (app/). A feature never imports another feature; shared code imports no feature.
 */
const webFeatures = readdirSync(`${import.meta.dirname}/packages/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const appShell = { regex: '^(\\.\\./)+app(/|$)', message: 'Only the app shell (app/, main.tsx) imports app/.' };
const noFeature = { regex: '(^|/)features(/|$)', message: 'Shared code (components/, lib/) imports no feature.' };
function noOtherFeature(feature) {
  const others = webFeatures.filter((name) => name !== feature).join('|');
  if (!others) return [];
  const message = `features/${feature} does not import another feature; what two features share goes in components/ or lib/.`;
  return [{ regex: `(^|/)features/(${others})(/|$)|^(\\.\\./)+(${others})(/|$)`, message }];
}
const webZones = [
  { folder: 'packages/web/src', patterns: [] },
  { folder: 'packages/web/src/components', patterns: [noFeature, appShell] },
  { folder: 'packages/web/src/lib', patterns: [noFeature, appShell] },
  ...webFeatures.map((feature) => ({ folder: `packages/web/src/features/${feature}`, patterns: [...noOtherFeature(feature), appShell] })),
];
export const environmentMessage =
  'Read the environment in the config.ts of this part (packages/server/src/config.ts, packages/server/test/support/config.ts, bench/config.ts, e2e/support/config.ts) and import the setting from there.';

const packageEntriesMessage =
  'bench/ and e2e/ import a package by its name and an entry its package.json exports (@filmlist/server/bench, @filmlist/shared/...).';

const webTests = ['**/*.test.{ts,tsx}', 'packages/web/src/test/**', 'packages/web/src/**/test-*.tsx'];

/** One no-restricted-imports setting per web file (a later one replaces an earlier): shipped code also keeps test support out. */
const webImportRules = webZones.flatMap(({ folder, patterns }) => [
  {
    files: [`${folder}/**/*.{ts,tsx}`],
    ignores: webTests,
    rules: { 'no-restricted-imports': ['error', { patterns: [...shippedCodeMayNotImport, ...webMayNotImport, ...patterns] }] },
  },
  {
    files: webTests.map((test) => [`${folder}/**/*.{ts,tsx}`, test]),
    rules: { 'no-restricted-imports': ['error', { patterns: [...webMayNotImport, ...patterns] }] },
  },
]);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'packages/server/migrations/**', 'packages/web/scripts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // Each file belongs to the first of these that includes it: the server's own tests and harness are
      // in packages/server/test/tsconfig.json (the build config leaves them out).
      parserOptions: {
        project: ['./tsconfig.json', './packages/server/test/tsconfig.json', './packages/web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  // No import cycles anywhere in the repository: a cycle hides which module comes first and lets a
  // module run before what it imports is ready. Type-only imports are left out (they vanish at build).
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            './tsconfig.json',
            './packages/server/tsconfig.json',
            './packages/server/test/tsconfig.json',
            './packages/web/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The environment is read in one file per part, so that every setting has one name, one default and
  // one place to look: packages/server/src/config.ts for the server, test/support/config.ts for its
  // tests, bench/config.ts, e2e/support/config.ts, and the tools' own *.config.ts.
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['**/config.ts', '**/*.config.{ts,js}'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: environmentMessage }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/^(node:)?process$/] > ImportSpecifier[imported.name='env']",
          message: environmentMessage,
        },
      ],
    },
  },
  // The server keys per-address limits by clientAddress (lib/client-address.ts, the one file that reads
  // request.ip for them): an IPv6 client by its /64, not by each of the addresses it may take. The request
  // log keeps the address as it came.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/config.ts', '**/*.config.{ts,js}', 'packages/server/src/lib/client-address.ts', 'packages/server/src/lib/request-log.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: environmentMessage },
        { object: 'request', property: 'ip', message: 'Key a client by clientAddress(request) (lib/client-address.ts).' },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // What ships never imports test support: a harness import in src/ once broke `npm start`.
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/web/src/test/**', 'packages/web/src/**/test-*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: shippedCodeMayNotImport }] },
  },
  // The web app's boundaries (above), tested with the shipped-code rule in packages/server/test/build/.
  ...webImportRules,
  // bench/ and e2e/ use the server through what its package.json `exports` names (TypeScript refuses
  // any other @filmlist/server path); a relative path into packages/ would go around that list.
  {
    files: ['bench/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)packages/', message: packageEntriesMessage }] }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
