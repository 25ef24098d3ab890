import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import anyTest, { type TestFn } from 'ava';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { startTestServer } from '../helpers/server.ts';

/** Set ECUP_SHOTS_DIR (for example /tmp/ecup-shots) to keep a screenshot of every page these tests open. */
const SHOTS_DIR = process.env.ECUP_SHOTS_DIR;

const test = anyTest as TestFn<{ url: string; browser: Browser; close: () => Promise<void> }>;

test.before(async (t) => {
  const server = await startTestServer();
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  t.context = {
    url: server.url,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
});

test.after.always(async (t) => {
  await t.context.close?.();
});

async function screenshot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** The document title once it equals `expected`, or whatever it is after 5 s (the app sets it after rendering). */
async function titleAfterLoad(page: Page, expected: string): Promise<string> {
  await page.waitForFunction((title) => document.title === title, expected, { timeout: 5000 }).catch(() => undefined);
  return page.title();
}

/** Opens `path` and waits for the one h1 the shell renders once the season has loaded. */
async function openAndWaitForHeading(page: Page, baseUrl: string, path: string) {
  await page.goto(new URL(path, baseUrl).href);
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  return heading;
}

const viewports = [
  { name: 'phone', open: newPhonePage },
  { name: 'desktop', open: newDesktopPage },
];

for (const { name, open } of viewports) {
  test(`the home page shows the season's product name "eCup" as heading and page title on a ${name}`, async (t) => {
    const page = await open(t.context.browser);
    try {
      const heading = await openAndWaitForHeading(page, t.context.url, '/');
      await screenshot(page, `home-${name}`);
      t.is((await heading.textContent())?.trim(), 'eCup');
      t.is(await titleAfterLoad(page, 'eCup'), 'eCup');
      t.true(await page.getByText('Online 1v1 console football tournament').isVisible());
      t.is(await page.getByText('Loading...').count(), 0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      t.true(overflow <= 0, `the page is ${overflow}px wider than the ${name} viewport`);
    } finally {
      await page.context().close();
    }
  });

  test(`/admin/ shows "eCup admin console" as heading and page title on a ${name}`, async (t) => {
    const page = await open(t.context.browser);
    try {
      const heading = await openAndWaitForHeading(page, t.context.url, '/admin/');
      await screenshot(page, `admin-${name}`);
      t.is((await heading.textContent())?.trim(), 'eCup admin console');
      t.is(await titleAfterLoad(page, 'eCup admin console'), 'eCup admin console');
    } finally {
      await page.context().close();
    }
  });
}

test('the home page and the console take the product name from GET /season/current', async (t) => {
  const page = await newDesktopPage(t.context.browser);
  try {
    await page.route('**/season/current', (route) =>
      route.fulfill({ json: { product_name: 'Winter Cup', name: '2021' } }),
    );
    const heading = await openAndWaitForHeading(page, t.context.url, '/');
    t.is((await heading.textContent())?.trim(), 'Winter Cup');
    t.is(await titleAfterLoad(page, 'Winter Cup'), 'Winter Cup');
    t.true(await page.getByText('2021', { exact: true }).isVisible());

    const adminHeading = await openAndWaitForHeading(page, t.context.url, '/admin/');
    t.is((await adminHeading.textContent())?.trim(), 'Winter Cup admin console');
  } finally {
    await page.context().close();
  }
});

test('the home page falls back to "eCup" when GET /season/current fails', async (t) => {
  const page = await newPhonePage(t.context.browser);
  try {
    await page.route('**/season/current', (route) => route.fulfill({ status: 500, json: { error: 'Internal error' } }));
    const heading = await openAndWaitForHeading(page, t.context.url, '/');
    t.is((await heading.textContent())?.trim(), 'eCup');
    t.is(await titleAfterLoad(page, 'eCup'), 'eCup');
  } finally {
    await page.context().close();
  }
});

test('the home page shows a spinner with "Loading..." until the season has loaded', async (t) => {
  const page = await newPhonePage(t.context.browser);
  try {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/season/current', async (route) => {
      await answered;
      await route.fulfill({ json: { product_name: 'eCup', name: '2020' } });
    });
    await page.goto(new URL('/', t.context.url).href);
    const status = page.getByRole('status');
    await status.waitFor();
    t.is((await status.textContent())?.trim(), 'Loading...');
    t.true(await status.getByRole('progressbar', { includeHidden: true }).isVisible());
    await screenshot(page, 'home-loading-phone');

    answer();
    await page.getByRole('heading', { level: 1 }).waitFor();
    t.is(await page.getByText('Loading...').count(), 0);
  } finally {
    await page.context().close();
  }
});
