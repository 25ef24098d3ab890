import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { offlinePage } from '../web-build/offline-page.ts';
import { precompress } from '../web-build/precompress.ts';
import { serviceWorker } from '../web-build/service-worker.ts';

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

/** The font files the first paint uses: Rubik's Latin subset in the three weights the theme uses. */
const FIRST_PAINT_FONTS = /^assets\/rubik-latin-(400|500|700)-normal-[\w-]+\.woff2$/;

/**
 * The first paint needs no stylesheet request and no late font swap (Lighthouse's render-blocking
 * requests and layout shifts): the app's only stylesheet (the @font-face rules; MUI styles at run time) goes inline
 * in index.html, and the Latin Rubik files are preloaded, so they have arrived when the app first draws its text.
 */
function criticalAssets(): Plugin {
  return {
    name: 'ecup-critical-assets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const inlined = html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = bundle[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
          },
        );
        const preloads = Object.keys(bundle)
          .filter((file) => FIRST_PAINT_FONTS.test(file))
          .sort()
          .map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`);
        return inlined.replace('</head>', `${preloads.join('')}</head>`);
      },
    },
  };
}

/**
 * The libraries every page runs (React, the router, MUI's styling engine) go in one `vendor` chunk: its name only
 * changes when a library does (or the first page starts using more of one), so a returning player's browser keeps it
 * across app releases. MUI's components stay with the pages that use them, so lazy pages keep their own; so do the
 * parts of these libraries that only lazy code imports (MUI's slot helpers of the dialogs and menus), which the
 * first page does not download.
 */
const VENDOR = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-router-dom',
  '@emotion',
  'stylis',
  '@mui/system',
  '@mui/utils',
  '@mui/styled-engine',
  '@mui/private-theming',
  'react-is',
  'react-transition-group',
  'hoist-non-react-statics',
  '@babel/runtime',
  'clsx',
  'prop-types',
  'cookie',
  'set-cookie-parser',
];
const VENDOR_PATH = new RegExp(`/node_modules/(${VENDOR.map((name) => name.replace('/', '\\/')).join('|')})/`);

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(
    id: string,
  ): { isEntry: boolean; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/**
 * The modules every first page downloads: the entry's, and the app it starts (src/main.tsx imports it dynamically,
 * so that it is evaluated in a task of its own), with what they import statically, directly or through others.
 */
const firstLoads = new WeakMap<ModuleGraph['getModuleInfo'], Set<string>>();
function firstLoad(graph: ModuleGraph): Set<string> {
  let modules = firstLoads.get(graph.getModuleInfo);
  if (modules) return modules;
  modules = new Set();
  const closure = (start: readonly string[]) => {
    const found = new Set<string>();
    const next = [...start];
    for (let id = next.pop(); id !== undefined; id = next.pop()) {
      if (found.has(id)) continue;
      found.add(id);
      next.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return found;
  };
  const entry = closure([...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry));
  const started = [...entry].flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
  modules = new Set([...entry, ...closure(started)]);
  firstLoads.set(graph.getModuleInfo, modules);
  return modules;
}

/**
 * Two builds (package.json): the browser's app into dist/, and with `--ssr` the server's renderer
 * (src/entry-server.tsx) into dist-ssr/, which the API loads; the browser build's plugins (the inlined
 * stylesheet, the offline page, the service worker, the compressed copies) are the browser's only.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: isSsrBuild
    ? [react()]
    : [
        react(),
        criticalAssets(),
        offlinePage({ template: fileURLToPath(new URL('src/service-worker/offline.html', import.meta.url)) }),
        serviceWorker({ entry: fileURLToPath(new URL('src/service-worker/sw.ts', import.meta.url)) }),
        precompress(),
      ],
  // The server build carries its libraries in production form, whatever NODE_ENV the API runs with: React's
  // development build renders several times slower.
  ...(isSsrBuild
    ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') }, ssr: { noExternal: true } }
    : {}),
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, target: 'node20', copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Every browser the app supports runs ES2022 as it is, so nothing is rewritten into longer code.
        target: 'es2022',
        // One stylesheet for the whole app, inlined into the page (criticalAssets): a server-rendered page is drawn
        // with the styles of whichever screens it shows before their code has arrived.
        cssCodeSplit: false,
        rollupOptions: {
          // CommonJS packages that only MUI's development checks and emotion's unused withTheme import: nothing of
          // them runs, so nothing of them ships (rollup keeps a CommonJS module whole unless told it has no side
          // effects).
          treeshake: {
            moduleSideEffects: (id) => !/\/node_modules\/(hoist-non-react-statics|prop-types|react-is)\//.test(id),
          },
          output: {
            manualChunks(id, graph) {
              if (VENDOR_PATH.test(id) && firstLoad(graph).has(id)) return 'vendor';
              return undefined;
            },
          },
        },
      },
  server: {
    proxy: {
      ...Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
      '/socket.io': { target: API_ORIGIN, changeOrigin: true, ws: true },
    },
  },
}));
