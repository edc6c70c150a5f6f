import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../support/config.js';

/**
 * Comments, test names and documents cite the product's rules as
 * `docs/product.md §<heading>` and the design's choices as decision records
 * (`docs/decisions/NNN-title.md`): both are in the repository, so a newcomer
 * can follow every citation. This test keeps it so.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Where the repository's own text lives, and which files of it are read. */
const SCANNED_DIRS = ['packages', 'e2e', 'bench', 'docs', '.ci'];
const SCANNED_ROOT_FILES = ['README.md', 'eslint.config.js', 'vitest.config.ts'];
const SCANNED_EXTENSIONS = /\.(?:ts|tsx|js|mjs|cjs|css|md|sql|html)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git']);
/** This file names the patterns it looks for. */
const SELF = path.relative(root, fileURLToPath(import.meta.url));

/** A citation of something outside the repository: a reader of the code cannot follow it. */
const OUTSIDE_CITATIONS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'the spec (SPEC.md, outside the repository)', pattern: /\bSPEC\b|(?<![\w./-])[Ss]pec(?:'s|’s)?(?![\w/-])/ },
  { name: 'the product brief (PRODUCT.md, outside the repository)', pattern: /\bPRODUCT\b|\bPRODUCT\.md\b/ },
  { name: 'the brief (outside the repository)', pattern: /\b(?:the|this|our)\s+brief\b|\bbrief(?:'s|’s)|\bBrief:/i },
  {
    name: 'an issue number (the tracker is outside the repository)',
    pattern: /\bissues?\s+#?\d+|\b(?:see|fixes|closes|resolves|PR)\s+#\d+|\(#\d+\)/i,
  },
  { name: 'a file outside the repository', pattern: /\/work\/|\bSTYLE\.md\b/ },
];

/** Every file the scan reads, relative to the repository root. */
function scannedFiles(): string[] {
  const found: string[] = SCANNED_ROOT_FILES.filter((file) => existsSync(path.join(root, file)));
  const walk = (dir: string, anyExtension: boolean) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(relative, anyExtension);
      } else if (entry.isFile() && (anyExtension || SCANNED_EXTENSIONS.test(entry.name))) {
        found.push(relative);
      }
    }
  };
  // .ci holds shell scripts without an extension.
  for (const dir of SCANNED_DIRS) if (existsSync(path.join(root, dir))) walk(dir, dir === '.ci');
  return found.filter((file) => file !== SELF);
}

/** The section headings of docs/product.md (## and ###): the names a citation may use. */
function productHeadings(): string[] {
  const text = readFileSync(path.join(root, 'docs/product.md'), 'utf8');
  return [...text.matchAll(/^#{2,3} (.+?)\s*$/gm)].map((match) => match[1] ?? '');
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

function eachLine(files: readonly string[], visit: (file: string, line: number, text: string) => void): void {
  for (const file of files) {
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((text, index) => visit(file, index + 1, text));
  }
}

const report = (findings: readonly Finding[]) => findings.map((f) => `${f.file}:${f.line}: ${f.text.trim()}`).join('\n');

/** Whether the text right after a "§" starts with one of the headings, as a whole word. */
function namesHeading(after: string, headings: readonly string[]): boolean {
  return headings.some((heading) => after.startsWith(heading) && !/^[\p{L}\p{N}]/u.test(after.slice(heading.length)));
}

// Reading files does not touch the database: one database project is enough.
describe.skipIf(onPostgres)("citations in the repository's source and documents", () => {
  const files = scannedFiles();
  const headings = productHeadings();

  it('scans the source and documents of every package, e2e, bench, docs and .ci', () => {
    for (const expected of [
      'packages/shared/src/messages.ts',
      'packages/web/src/styles.css',
      'e2e/ranking.e2e.ts',
      'docs/product.md',
      '.ci/run',
    ]) {
      expect(files).toContain(expected);
    }
  });

  it.each(OUTSIDE_CITATIONS)('cites nothing outside the repository: $name', ({ pattern }) => {
    const findings: Finding[] = [];
    eachLine(files, (file, line, text) => {
      if (pattern.test(text)) findings.push({ file, line, text });
    });
    expect(findings, `cite docs/product.md §<heading> or a decision record instead:\n${report(findings)}`).toEqual([]);
  });

  it('gives docs/product.md unique section headings', () => {
    expect(headings.length).toBeGreaterThan(20);
    expect(headings.filter((heading, i) => headings.indexOf(heading) !== i)).toEqual([]);
  });

  it('names an existing docs/product.md heading after every §', () => {
    const findings: Finding[] = [];
    eachLine(files, (file, line, text) => {
      // A section named another way ("docs/product.md, Ranking score") is not checked: cite it with §.
      if (/docs\/product\.md,\s*["\p{Lu}]/u.test(text)) findings.push({ file, line, text });
      for (const match of text.matchAll(/§/g)) {
        if (!namesHeading(text.slice((match.index ?? 0) + 1), headings)) findings.push({ file, line, text });
      }
    });
    expect(findings, `no such heading in docs/product.md:\n${report(findings)}`).toEqual([]);
  });

  it('numbers each decision record once, so "decision NNN" names one record', () => {
    const numbers = readdirSync(path.join(root, 'docs/decisions')).map((record) => record.slice(0, 3));
    expect(numbers.filter((number, i) => numbers.indexOf(number) !== i)).toEqual([]);
  });

  it('cites decision records that exist', () => {
    const records = readdirSync(path.join(root, 'docs/decisions'));
    const numbers = new Set(records.map((record) => record.slice(0, 3)));
    const findings: Finding[] = [];
    eachLine(files, (file, line, text) => {
      for (const match of text.matchAll(/docs\/decisions\/([\w.-]+\.md)|\b[Dd]ecisions? (\d{3})\b/g)) {
        const [, record, number] = match;
        if ((record !== undefined && !records.includes(record)) || (number !== undefined && !numbers.has(number))) {
          findings.push({ file, line, text });
        }
      }
    });
    expect(findings, `no such decision record in docs/decisions/:\n${report(findings)}`).toEqual([]);
  });
});
