import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Paths the API serves; the dev server forwards them so the app talks to `npm run api` on port 3000. The game and
 * conflict calls share their first segment with the app's own /game/{id} and /conflicts pages, so only the calls
 * under them are forwarded.
 */
const API_PATHS = [
  '/user',
  '/news',
  '/ranking',
  '/season',
  '/images',
  '/health',
  '/matchmaking',
  '/trophy/',
  '^/game/(get|get_active|submit|confirm|escalate|dropped|upload_evidence|chat)(/|\\?|$)',
  '^/conflicts/',
  '/admin/games',
  '/test',
];
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      ...Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
      '/socket.io': { target: API_ORIGIN, changeOrigin: true, ws: true },
    },
  },
});
