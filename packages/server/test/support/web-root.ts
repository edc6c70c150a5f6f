import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A built web app in a temp folder, as `vite build` lays it out: `index.html`
 * with the server's two placeholders, plus the given files (paths relative to the root).
 */
export function createWebRoot(files: Record<string, string | Uint8Array>, head = ''): string {
  const root = mkdtempSync(path.join(tmpdir(), 'filmlist-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><html lang="en"><head><title>The Film List</title><!--app-head--></head><body><div id="root"></div><!--app-config-->${head}</body></html>`,
  );
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, name), content);
  return root;
}
