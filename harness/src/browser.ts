/**
 * A headless Chromium for end-to-end tests and benchmarks. It uses the Debian `chromium` package at /usr/bin/chromium
 * (`apt-get install -y chromium`); playwright-core never downloads a browser of its own.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Page,
} from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches headless Chromium with background networking, sync and updates off, so tests only see our own traffic. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Headless Chromium with a profile in `userDataDir`, like a browser a person uses (a context of `launchBrowser` is
 * an incognito one, where for example no web app can be installed). Close it with `context.close()`.
 */
export function launchPersistentContext(
  userDataDir: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    ...options,
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
}

/**
 * Pages of these helpers run without the player app's service worker: `page.route`, which tests use to slow down or
 * change answers, does not see the requests a worker answers from its cache. installable-app.test.ts tests the worker.
 */
export const WITHOUT_SERVICE_WORKER = { serviceWorkers: 'block' } as const;

/**
 * Makes `page.goto` wait, after the page's load, until the player app has taken a server-drawn page over,
 * as a person waits for a page to answer before using it: before that its buttons are the server's drawing. Pages
 * of other apps, and a `goto` that asks only for the response (`waitUntil: 'commit'`), are not waited for.
 */
export function waitForTakeover(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit' && !new URL(page.url()).pathname.startsWith('/admin')) {
      await page
        .waitForFunction(
          () => !document.getElementById('page-data') || document.documentElement.dataset.app === 'ready',
        )
        .catch(() => undefined);
    }
    return response;
  };
  return page;
}

/** A page in its own context sized like a small phone (375 × 740, touch, mobile viewport); close it with `page.context().close()`. */
export async function newPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...WITHOUT_SERVICE_WORKER,
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  return waitForTakeover(await context.newPage());
}

/** A page in its own context sized like a laptop screen (1280 × 800); close it with `page.context().close()`. */
export async function newDesktopPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...WITHOUT_SERVICE_WORKER, viewport: { width: 1280, height: 800 } });
  return waitForTakeover(await context.newPage());
}

/**
 * Keeps a screenshot of the page as `name`.png when ECUP_SHOTS_DIR names a folder (for example /tmp/ecup-shots):
 * the whole page, or the screen while a dialog is open (or with `screen`, for something fixed to the screen).
 */
export async function screenshot(page: Page, name: string, { screen = false } = {}): Promise<void> {
  const dir = process.env.ECUP_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const fullPage = !screen && !(await page.getByRole('dialog').count());
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

/**
 * The registration id of the app's service worker at `origin` once a version of it is active (CDP
 * `ServiceWorker.workerVersionUpdated`): the registration a push message must be delivered to. Listens before it
 * enables the ServiceWorker domain, so no update is missed; the first registration Chromium reports may be another.
 */
export async function activeWorkerRegistration(cdp: CDPSession, origin: string): Promise<Promise<string>> {
  const active = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const version = versions.find((v) => v.scriptURL === `${origin}/sw.js` && v.status === 'activated');
      if (version) resolve(version.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return active;
}
