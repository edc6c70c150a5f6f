import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const sharedSrc = fileURLToPath(new URL('../shared/src/', import.meta.url));

/**
 * Brotli and gzip copies of the built scripts and styles (name.js.br,
 * name.js.gz), made once at build time at the best ratio; the server sends
 * them to browsers that accept them (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  return {
    name: 'filmlist-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(file)) continue;
        const full = path.join(dir, file);
        const bytes = readFileSync(full);
        writeFileSync(`${full}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: [{ find: /^@filmlist\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` }] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The module-preload polyfill would be an inline script, which the CSP forbids.
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
