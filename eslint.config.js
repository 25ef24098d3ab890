// One lint setup for every workspace. Import boundaries follow docs/architecture.md ("Layers"):
// domain <- security <- storage; domain <- mail; those three <- db <- api, worker, scripts (which also import the
// three directly); domain <- web-ui <- player-web, admin-web. The web apps never import the server's packages.
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The server's packages under db: pure code over libraries, which db, api, worker and scripts share. */
const serverLibraries = ['./security', './storage', './mail'];
/** Everything above those packages: none of them may import it. */
const aboveLibraries = ['./db', './api', './worker', './scripts', './web-ui', './player-web', './admin-web'];

const zones = [
  { target: './domain', from: [...serverLibraries, ...aboveLibraries] },
  // Storage names images with the security package's random ids; mail and security stand alone.
  { target: './security', from: ['./storage', './mail', ...aboveLibraries] },
  { target: './storage', from: ['./mail', ...aboveLibraries] },
  { target: './mail', from: ['./security', './storage', ...aboveLibraries] },
  { target: './db', from: ['./api', './worker', './scripts', './web-ui', './player-web', './admin-web'] },
  {
    target: './web-ui',
    from: [...serverLibraries, './db', './api', './worker', './scripts', './player-web', './admin-web'],
  },
  { target: './player-web', from: [...serverLibraries, './db', './api', './worker', './scripts', './admin-web'] },
  { target: './admin-web', from: [...serverLibraries, './db', './api', './worker', './scripts', './player-web'] },
  { target: './api', from: ['./worker', './scripts', './web-ui', './player-web', './admin-web'] },
  { target: './worker', from: ['./api', './scripts', './web-ui', './player-web', './admin-web'] },
  { target: ['./scripts', './bench'], from: './web-ui' },
  // harness/: the processes, product, browser and push service that tests and benchmarks both drive; nothing in the
  // product imports it, and it imports neither of them. Tests and benchmarks do not import each other.
  {
    target: ['./domain', './db', './web-ui', './player-web', './admin-web', './api', './worker', './scripts'],
    from: './harness',
  },
  { target: './harness', from: ['./test', './bench', './web-ui', './player-web', './admin-web'] },
  { target: './bench', from: './test' },
  { target: './test', from: './bench' },
  // Inside the player app: shared code (components, hooks, lib, providers) <- features <- app (router, layout). The
  // i18n catalogue names the features' string tables, so only app/ is above it.
  {
    target: [
      './player-web/src/components',
      './player-web/src/hooks',
      './player-web/src/lib',
      './player-web/src/providers',
    ],
    from: ['./player-web/src/features', './player-web/src/app'],
  },
  { target: ['./player-web/src/features', './player-web/src/i18n'], from: './player-web/src/app' },
  // A feature never imports another feature: what two features share lives in components/, hooks/ or lib/.
  ...readdirSync(new URL('./player-web/src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      target: `./player-web/src/features/${entry.name}`,
      from: './player-web/src/features',
      except: [`./${entry.name}`],
      message: 'A feature does not import another feature; move what they share to components/, hooks/ or lib/.',
    })),
];
const serverLibraryPackages = ['@ecup/security', '@ecup/storage', '@ecup/mail'];
const abovePackages = [
  '@ecup/db',
  '@ecup/api',
  '@ecup/worker',
  '@ecup/scripts',
  '@ecup/web-ui',
  '@ecup/player-web',
  '@ecup/admin-web',
];
const packageZones = {
  domain: [...serverLibraryPackages, ...abovePackages],
  security: ['@ecup/storage', '@ecup/mail', ...abovePackages],
  storage: ['@ecup/mail', ...abovePackages],
  mail: ['@ecup/security', '@ecup/storage', ...abovePackages],
  db: ['@ecup/api', '@ecup/worker', '@ecup/scripts', '@ecup/web-ui'],
  'web-ui': [
    ...serverLibraryPackages,
    '@ecup/db',
    '@ecup/api',
    '@ecup/worker',
    '@ecup/scripts',
    '@ecup/player-web',
    '@ecup/admin-web',
  ],
  'player-web': [...serverLibraryPackages, '@ecup/db', '@ecup/api', '@ecup/worker', '@ecup/admin-web'],
  'admin-web': [...serverLibraryPackages, '@ecup/db', '@ecup/api', '@ecup/worker', '@ecup/player-web'],
  api: ['@ecup/worker', '@ecup/scripts', '@ecup/web-ui'],
  worker: ['@ecup/api', '@ecup/scripts', '@ecup/web-ui'],
  scripts: ['@ecup/web-ui'],
  bench: ['@ecup/web-ui'],
};

/** The web apps' files are named in kebab-case (user-show.tsx, use-matchmaking.ts), whatever they export. */
const fileNames = {
  rules: {
    'kebab-case': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        return {
          Program(node) {
            const name = path.basename(context.filename);
            if (!/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)+$/.test(name))
              context.report({ node, message: `File names are kebab-case: ${name}` });
          },
        };
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '.data/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web-ui/src/**/*.{ts,tsx}', 'player-web/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}'],
    plugins: { 'file-names': fileNames },
    rules: { 'file-names/kebab-case': 'error' },
  },
  ...Object.entries(packageZones).map(([dir, banned]) => ({
    files: [`${dir}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: banned.map((name) => ({ name })), patterns: banned.map((b) => `${b}/*`) },
      ],
    },
  })),
);
