import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCallback } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const sharedSrc = fileURLToPath(new URL('../shared/src/', import.meta.url));

/**
 * Brotli and gzip copies of the built scripts and styles (name.js.br,
 * name.js.gz), made once at build time at the best ratio; the server sends
 * them to browsers that accept them (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzip = promisify(gzipCallback);
  return {
    name: 'filmlist-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => /\.(js|css)$/.test(file));
      // In parallel on libuv's threads: brotli at its best ratio takes a while for the largest chunk.
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const bytes = await readFile(full);
          const params = { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length };
          await Promise.all([
            brotli(bytes, { params }).then((out) => writeFile(`${full}.br`, out)),
            gzip(bytes, { level: 9 }).then((out) => writeFile(`${full}.gz`, out)),
          ]);
        }),
      );
    },
  };
}

/**
 * The list's pages (/ and /dashboard) are lazy chunks like every page, found
 * only once the entry has run: one more round trip before the list's first
 * paint. Module preload links for them and the chunks they import let the
 * browser fetch them alongside the entry (a few KB; other routes fetch but
 * never run them). The entry awaits the one it shows before its first render.
 */
function preloadHomePage(): Plugin {
  return {
    name: 'filmlist-preload-home',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const entry = chunks.find((chunk) => chunk.isEntry);
        // A page merged into a chunk the entry imports (the 'list' group) has no chunk of its own: nothing to preload for it.
        const listPages = ['HomePage', 'DashboardPage'].flatMap((name) =>
          chunks.filter((chunk) => chunk.facadeModuleId?.endsWith(`/features/films/components/${name}.tsx`)),
        );
        if (!entry) return [];
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const wanted: string[] = [];
        const visit = (file: string) => {
          if (loaded.has(file) || wanted.includes(file)) return;
          wanted.push(file);
          for (const next of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) visit(next);
        };
        for (const chunk of listPages) if (chunk) visit(chunk.fileName);
        return wanted.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadHomePage()],
  resolve: { alias: [{ find: /^@filmlist\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` }] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The module-preload polyfill would be an inline script, which the CSP forbids.
    modulePreload: { polyfill: false },
    // React and TanStack Query in one chunk: every page needs them, they change less often than
    // the app, and one file gzips smaller than the several shared chunks the splitter makes otherwise.
    // The infinite query (only the reviewers' history pages with it) stays with the page that uses it.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules\/(react|react-dom|scheduler|@tanstack)\/(?!.*\/(useInfiniteQuery|infiniteQueryObserver)\.js$)/,
            },
            // The list page and the small modules it shares with other pages in one chunk: one file for the
            // first view gzips smaller than six (docs/decisions/005-web-app-within-100kb.md).
            {
              name: 'list',
              test: /\/(components\/Isolated|lib\/use-document-title|shared\/src\/slug|features\/films\/(components\/(FilmListPage|HomePage|ShortStanding|VoteNotice)|hooks\/use-vote-actions))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
