/**
 * What a phone downloads to show a page of the player app: every script (and, separately, style and font) the
 * browser fetches while loading the page, with its size raw and gzipped (level 9, as a server or CDN would send it).
 * Starts the product as the README does, on its own database, and loads each page in headless Chromium.
 *
 * Then the console: the gzipped JS that `/admin/` loads first, and proof that the player
 * app carries none of it: no player page requests anything under `/admin/`, and no file of the player app's build
 * contains code that only the console has.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPhonePage } from '../../harness/src/browser.ts';
import { mark } from './goals.ts';
import { startProduct } from '../../harness/src/product.ts';

const PAGES = ['/', '/ranking', '/play', '/forums', '/news', '/register', '/rules'];

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN_DIST = path.join(ROOT, 'admin-web/dist');
const PLAYER_DIST = path.join(ROOT, 'player-web/dist');
/** Strings only the console's code has: its session key and react-admin's translation keys. */
const CONSOLE_MARKERS = ['ecup.admin.token', 'ra.action.delete', 'ra.page.dashboard'];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The goal: the player home's JavaScript, gzipped. */
const HOME_JS_GOAL_KB = 140;

/**
 * The scripts the console's built index.html pulls in on first load (its module entry and the modulepreloads Vite
 * writes for it), gzipped; the dynamic imports (the dashboard's charts) load later and are listed apart.
 */
async function consoleFirstLoad(): Promise<void> {
  const html = await readFile(path.join(ADMIN_DIST, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
    (match) => match[1]!,
  );
  if (urls.length === 0) throw new Error('admin-web/dist/index.html loads no script: build the console first');
  let gzip = 0;
  let raw = 0;
  for (const url of urls) {
    const body = await readFile(path.join(ADMIN_DIST, url.replace(/^\/admin\//, '')));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  const assets = await readdir(path.join(ADMIN_DIST, 'assets'));
  const first = new Set(urls.map((url) => path.basename(url)));
  const later = assets.filter((file) => file.endsWith('.js') && !first.has(file));
  let laterGzip = 0;
  for (const file of later) {
    laterGzip += gzipSync(await readFile(path.join(ADMIN_DIST, 'assets', file)), { level: 9 }).length;
  }
  console.log(
    `/admin/    JS ${kb(gzip)} gzipped on first load (${kb(raw)} raw, ${urls.length} files: ${[...first].join(', ')})` +
      `; ${kb(laterGzip)} gzipped loaded later (${later.length} files: ${later.join(', ')})`,
  );
}

/** Fails when a file of the player app's build holds console-only code (each marker checked in the console first). */
async function assertPlayerBuildHasNoConsoleCode(): Promise<void> {
  const consoleCode = await Promise.all(
    (await readdir(path.join(ADMIN_DIST, 'assets')))
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFile(path.join(ADMIN_DIST, 'assets', file), 'utf8')),
  );
  for (const marker of CONSOLE_MARKERS) {
    if (!consoleCode.some((text) => text.includes(marker))) throw new Error(`the console's build lacks "${marker}"`);
  }
  const files = (await readdir(PLAYER_DIST, { recursive: true })).filter((file) => /\.(js|html)$/.test(file));
  for (const file of files) {
    const text = await readFile(path.join(PLAYER_DIST, file), 'utf8');
    const found = CONSOLE_MARKERS.find((marker) => text.includes(marker));
    if (found) throw new Error(`player-web/dist/${file} contains console code ("${found}")`);
  }
  console.log(`player app build: none of the console's code in its ${files.length} JS and HTML files`);
}

export async function run(): Promise<void> {
  const product = await startProduct('websize');
  const browser = await launchBrowser();
  try {
    for (const path of PAGES) {
      const page = await newPhonePage(browser);
      const files: { url: string; type: string; raw: number; gzip: number; encoding: string }[] = [];
      const adminRequests: string[] = [];
      page.on('response', async (response) => {
        const type = response.request().resourceType();
        if (new URL(response.url()).pathname.startsWith('/admin/')) adminRequests.push(response.url());
        if (!['script', 'stylesheet', 'font'].includes(type) || !response.ok()) return;
        const body = await response.body().catch(() => null);
        if (!body) return;
        files.push({
          url: new URL(response.url()).pathname,
          type,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          encoding: response.headers()['content-encoding'] ?? 'none',
        });
      });
      await page.goto(`${product.url}${path}`, { waitUntil: 'networkidle' });
      const sum = (type: string, key: 'raw' | 'gzip') =>
        files.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);
      console.log(
        `${path.padEnd(10)} JS ${kb(sum('script', 'gzip'))} gzipped (${kb(sum('script', 'raw'))} raw, ${files.filter((f) => f.type === 'script').length} files)` +
          `; CSS ${kb(sum('stylesheet', 'gzip'))}; fonts ${kb(sum('font', 'raw'))}`,
      );
      if (path === '/') {
        const homeKb = sum('script', 'gzip') / 1024;
        console.log(`           goal ≤ ${HOME_JS_GOAL_KB} kB gzipped   ${mark(homeKb <= HOME_JS_GOAL_KB)}`);
        for (const f of files.filter((file) => file.type === 'script').sort((a, b) => b.gzip - a.gzip)) {
          console.log(`           ${kb(f.gzip).padStart(9)}  ${f.url}  (sent ${f.encoding})`);
        }
      }
      if (adminRequests.length > 0) throw new Error(`${path} requested console files: ${adminRequests.join(', ')}`);
      await page.context().close();
    }
    await consoleFirstLoad();
    await assertPlayerBuildHasNoConsoleCode();
  } finally {
    await browser.close();
    await product.stop();
  }
}
