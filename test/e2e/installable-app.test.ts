import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@ecup/db';
import type { PushPayload } from '@ecup/domain';
import { launchPersistentContext, screenshot } from '../helpers/browser.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * The player app as an installable web app: its manifest and icons, the service worker's offline shell and offline
 * page, the prompt after a new version is deployed, and Web Push notifications. The product serves a copy of the
 * built app (PLAYER_WEB_DIST), so the test can deploy a new service worker into it.
 */
const BUILT = fileURLToPath(new URL('../../player-web/dist', import.meta.url));
const DIST = mkdtempSync(path.join(os.tmpdir(), 'ecup-installable-dist-'));
cpSync(BUILT, DIST, { recursive: true });

const test = e2eTest('installable', { PLAYER_WEB_DIST: DIST });
test.after.always(() => rmSync(DIST, { recursive: true, force: true }));

/** The first path segments of the API's answers (docs/api.md), which sit beside the app's own pages. */
const API_PATH =
  /^\/(user|news\/|ranking\/|season|matchmaking|trophy\/|game\/(get|get_active|submit|confirm|escalate|dropped|upload_evidence|chat)|conflicts\/|forums\/|safety|health|metrics|socket\.io|admin\/(games|api)|test\/)/;

/** A page sized like a phone 390 px wide, in a context (and so a service worker registration) of its own. */
async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  return context.newPage();
}

/** Loads the app and waits until the service worker controls the page. */
async function openControlled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('header').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 30_000,
  });
}

/** Every request stored in the page's caches, by cache name. */
function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }
    return out;
  });
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  if (bytes.subarray(12, 16).toString('ascii') !== 'IHDR') throw new Error('a PNG without IHDR first');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.serial(
  'the manifest, icons and worker are served as the browser needs, and Chromium finds the app installable',
  async (t) => {
    const { product } = t.context;
    const manifestAnswer = await fetch(`${product.url}/manifest.webmanifest`);
    t.is(manifestAnswer.status, 200);
    t.regex(manifestAnswer.headers.get('content-type') ?? '', /^application\/manifest\+json(;|$)/);
    const csp = manifestAnswer.headers.get('content-security-policy') ?? '';
    t.regex(csp, /(^|; )worker-src 'self'(;|$)/);
    t.regex(csp, /(^|; )manifest-src 'self'(;|$)/);
    t.regex(csp, /(^|; )script-src 'self'(;|$)/, 'still no inline script');
    const manifest = (await manifestAnswer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    t.like(manifest, {
      name: 'eCup',
      short_name: 'eCup',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b1a2e',
      background_color: '#0b1a2e',
    });
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    for (const icon of pngs) {
      const answer = await fetch(new URL(icon.src, product.url));
      t.is(answer.status, 200, icon.src);
      t.is(answer.headers.get('content-type'), 'image/png', icon.src);
      const [width, height] = icon.sizes.split('x').map(Number);
      t.deepEqual(pngSize(Buffer.from(await answer.arrayBuffer())), { width, height }, icon.src);
    }
    const kinds = pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort();
    t.deepEqual(kinds, ['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);

    const worker = await fetch(`${product.url}/sw.js`);
    t.is(worker.status, 200);
    t.regex(worker.headers.get('content-type') ?? '', /^(text|application)\/javascript/);
    t.is(worker.headers.get('cache-control'), 'no-cache');

    // A profile of its own: Chromium installs no web app from an incognito context (a new context of `browser`).
    const profile = mkdtempSync(path.join(os.tmpdir(), 'ecup-installable-profile-'));
    const context = await launchPersistentContext(profile, { viewport: { width: 390, height: 844 } });
    t.teardown(async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await openControlled(page, product.url);
    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
      theme: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      apple: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
    }));
    t.deepEqual(head, { manifest: '/manifest.webmanifest', theme: '#0b1a2e', apple: '/icons/apple-touch-icon.png' });
    const apple = await fetch(new URL(head.apple!, product.url));
    t.deepEqual(pngSize(Buffer.from(await apple.arrayBuffer())), { width: 180, height: 180 });
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    t.deepEqual(installabilityErrors, []);
  },
);

test.serial(
  'offline, the app shell still opens; a page it cannot give shows the offline page; no API answer is stored',
  async (t) => {
    const { product, browser } = t.context;
    const { username, password } = DEMO_ACCOUNTS.player;
    const login = await fetch(`${product.url}/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }),
    });
    const session = (await login.json()) as { id: number; token: string };
    const page = await phonePage(browser);
    t.teardown(() => page.context().close());
    // Signed in, so the app asks the API for the player's own data while the worker controls the page.
    await page.context().addInitScript((stored) => {
      localStorage.setItem('ecup.id', String(stored.id));
      localStorage.setItem('ecup.token', stored.token);
    }, session);
    await openControlled(page, product.url);
    const personal = page.waitForResponse((response) => new URL(response.url()).pathname === '/user/auth');
    await page.reload();
    t.is((await personal).status(), 200, 'the signed-in player was read through the controlled page');
    await page.goto(`${product.url}/ranking`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.context().setOffline(true);
    await page.reload();
    await page.locator('header').getByRole('link').first().waitFor();
    t.true(await page.locator('header').isVisible(), 'the stored shell drew the header without the network');

    // The console is another app: without the network the worker can only show the offline page.
    await page.goto(`${product.url}/admin/`);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    t.is(
      (await page.locator('p').innerText()).trim(),
      'eCup cannot reach the server right now. Check your connection and try again.',
    );
    await screenshot(page, 'offline-page-en');

    // Without the stored shell either, the app's own pages show the offline page, in the player's language.
    await page.evaluate(async () => {
      for (const name of await caches.keys()) await (await caches.open(name)).delete('/index.html');
      localStorage.setItem('ecup.lang', 'sv');
    });
    await page.goto(`${product.url}/play`);
    await page.getByRole('heading', { name: 'Du är offline' }).waitFor();
    t.is((await page.getByRole('link').innerText()).trim(), 'Försök igen');
    t.is(await page.evaluate(() => document.documentElement.lang), 'sv');
    await screenshot(page, 'offline-page-sv');

    const cached = await cachedPaths(page);
    const names = Object.keys(cached);
    t.true(
      names.some((name) => /^ecup-shell-[0-9a-f]{16}$/.test(name)),
      `a shell cache among ${names.join(', ')}`,
    );
    const paths = Object.values(cached).flat();
    t.true(paths.includes('/offline.html'));
    t.true(
      paths.some((stored) => /^\/assets\/index-[\w-]+\.js$/.test(stored)),
      'the app code is stored',
    );
    t.deepEqual(
      paths.filter((stored) => API_PATH.test(stored)),
      [],
      'no answer of the API is stored',
    );
    t.deepEqual(
      paths.filter(
        (stored) =>
          !/^\/(assets|icons)\/[\w.-]+$/.test(stored) &&
          !/^\/images\/(news|news_thumb|team)\//.test(stored) &&
          !['/offline.html', '/boot.js', '/manifest.webmanifest'].includes(stored),
      ),
      [],
      'only the build and public pictures are stored',
    );
  },
);

test.serial('a push message shows its notification with the title, body, tag, icon and page', async (t) => {
  const { product, browser } = t.context;
  const page = await phonePage(browser);
  t.teardown(() => page.context().close());
  await page.context().grantPermissions(['notifications'], { origin: product.url });
  const cdp = await page.context().newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${product.url}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await openControlled(page, product.url);
  const registrationId = await registered;
  const payload: PushPayload = {
    kind: 'result_submitted',
    title: 'Result submitted',
    body: 'anna submitted 2-1. Verify it within 15 minutes.',
    url: '/game/42',
    tag: 'game-42',
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: product.url,
    registrationId,
    data: JSON.stringify(payload),
  });
  const notifications = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return ((await registration?.getNotifications()) ?? []).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        icon: new URL(notification.icon).pathname,
        badge: new URL(notification.badge).pathname,
        data: notification.data as unknown,
      }));
    });
  let shown = await notifications();
  for (let tries = 0; shown.length === 0 && tries < 50; tries++) {
    await page.waitForTimeout(200);
    shown = await notifications();
  }
  t.deepEqual(shown, [
    {
      title: payload.title,
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/game/42' },
    },
  ]);
});

/** Deploys a worker of version `to` in place of version `from` into the served build, with its compressed copies. */
function deployWorker(from: string, to: string): void {
  const file = path.join(DIST, 'sw.js');
  const source = readFileSync(file, 'utf8');
  if (!source.includes(`"${from}"`)) throw new Error(`the served worker is not of version ${from}`);
  const deployed = source.replaceAll(from, to);
  writeFileSync(file, deployed);
  writeFileSync(`${file}.br`, brotliCompressSync(deployed));
  writeFileSync(`${file}.gz`, gzipSync(deployed));
}

test.serial('after a new version is deployed the app offers it, and Reload brings it in', async (t) => {
  const { product, browser } = t.context;
  const page = await phonePage(browser);
  t.teardown(() => page.context().close());
  await openControlled(page, product.url);
  const shellCaches = async () =>
    (await page.evaluate(() => caches.keys())).filter((name) => name.startsWith('ecup-shell-'));
  const [before] = await shellCaches();
  const first = before?.slice('ecup-shell-'.length) ?? '';
  t.regex(first, /^[0-9a-f]{16}$/);

  /** Deploys version `to`, waits for the prompt with `text`, chooses `button` and checks `to` runs after the reload. */
  const update = async (from: string, to: string, text: string, button: string, shot: string) => {
    t.is(await page.getByText(text).count(), 0, 'no prompt before a deploy');
    deployWorker(from, to);
    await page.evaluate(() => navigator.serviceWorker.getRegistration('/').then((r) => r?.update()));
    const prompt = page.getByText(text);
    await prompt.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(400); // the snackbar's entrance
    await screenshot(page, shot, { screen: true });
    await page.evaluate(() => Object.assign(window, { beforeTheUpdate: true }));
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: button }).click();
    await reloaded;
    await page.locator('header').waitFor();
    t.false(await page.evaluate(() => 'beforeTheUpdate' in window), 'the page reloaded');
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
    t.deepEqual(await shellCaches(), [`ecup-shell-${to}`], "the new version's shell replaced the old one");
    t.is(
      await page.evaluate(() => navigator.serviceWorker.getRegistration('/').then((r) => r?.waiting ?? null)),
      null,
      'nothing left waiting',
    );
    t.is(await prompt.count(), 0, 'no prompt once the new version runs');
  };

  const second = first.split('').reverse().join('');
  await update(first, second, 'A new version of eCup is available.', 'Reload', 'update-snackbar');

  await page.evaluate(() => localStorage.setItem('ecup.lang', 'sv'));
  await page.reload();
  await page.locator('header').waitFor();
  const third = second.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
  await update(second, third, 'En ny version av eCup finns.', 'Ladda om', 'update-snackbar-sv');
});
