import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../web-build/precompress.ts';

/** Paths the API serves; the dev server forwards them so the console talks to `npm run api` on port 3000. */
const API_PATHS = ['/admin/api', '/user', '/news', '/ranking', '/season', '/images', '/health'];
const API_ORIGIN = 'http://localhost:3000';

// The API serves this build at /admin/ (docs/decisions.md#shape), so every asset URL starts there.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  // Brotli and gzip copies of every text file: the first load is one 1.1 MB script, 366 kB gzipped.
  plugins: [react(), precompress()],
  // ra-input-rich-text's Tiptap extensions need the one @tiptap/core and @tiptap/pm at the workspace root: npm left
  // an older copy nested under ra-input-rich-text that lacks exports the newer extensions import.
  resolve: { dedupe: ['@tiptap/core', '@tiptap/pm'] },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
  },
});
