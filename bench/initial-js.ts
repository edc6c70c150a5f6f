import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a first visit to / downloads: the entry script of the built
 * index.html, the home page's lazy chunk, and every chunk they import
 * statically, each counted once, gzipped at level 9 like a static host would.
 */
export function initialJavaScript(dist = fileURLToPath(new URL('../packages/web/dist', import.meta.url))): {
  files: Array<{ file: string; gzip: number }>;
  totalGzip: number;
} {
  const assets = path.join(dist, 'assets');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no entry script in index.html');
  const home = readdirSync(assets).find((f) => /^HomePage-.*\.js$/.test(f));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(assets, file), 'utf8');
    // Static imports only: `from"./x.js"` and bare `import"./x.js"`; dynamic import("./x.js") is a later load.
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) if (match[1]) visit(match[1]);
  };
  visit(entry);
  if (home) visit(home);
  const files = [...seen].map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length }));
  return { files, totalGzip: files.reduce((sum, f) => sum + f.gzip, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { files, totalGzip } = initialJavaScript();
  for (const f of files) console.log(`${(f.gzip / 1024).toFixed(2).padStart(8)} KiB  ${f.file}`);
  console.log(`${(totalGzip / 1024).toFixed(2).padStart(8)} KiB  initial JavaScript for / (gzip -9)`);
}
