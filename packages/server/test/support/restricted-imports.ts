import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The no-restricted-imports messages ESLint, with the repository's own config, reports for `code`
 * placed at `filePath`. Type information is switched off: the rule does not need it, and with it on,
 * typescript-eslint's single-run mode (inferred from CI=true) lints the file on disk rather than `code`.
 */
export async function restrictedImportMessages(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });
  const [result] = await eslint.lintText(code, { filePath });
  const messages = result?.messages ?? [];
  const other = messages.filter((m) => m.ruleId !== 'no-restricted-imports' && (m.fatal || m.ruleId === null));
  if (other.length > 0) throw new Error(`ESLint could not lint ${filePath}: ${other.map((m) => m.message).join('; ')}`);
  return messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}
