import type { Page } from 'playwright-core';
import { createSession } from '@ecup/db';
import { newDesktopPage, newPhonePage, screenshot } from '../helpers/browser.ts';
import type { RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * Server-rendered public pages in Chromium: each arrives drawn, the app takes it over without a hydration
 * warning or any console error in English and Swedish, on a phone and a desktop, without reading again what the page
 * carried; later navigation stays in the app, and a signed-in reader's own parts fill in after it has taken over.
 */
const test = e2eTest('ssr');

/** The demo data's public pages, each with a text its drawn HTML must show. */
async function publicPages(product: RunningProduct): Promise<{ path: string; shows: string }[]> {
  const { knex } = product;
  const top = await knex('users')
    .where('games_played', '>', 0)
    .whereNull('erased_at')
    .whereNull('banned_until')
    .orderBy('elo', 'desc')
    .first('username');
  const article = await knex('news')
    .where('published', true)
    .where('published_at', '<=', new Date())
    .orderBy('published_at', 'desc')
    .first('id', 'title');
  const thread = await knex('forum_threads').where('category_id', 3).orderBy('id').first('id', 'title');
  return [
    { path: '/', shows: top!.username },
    { path: '/ranking', shows: top!.username },
    { path: '/ranking/countries', shows: '' },
    { path: '/ranking/clubs', shows: '' },
    { path: '/news', shows: article!.title },
    { path: `/news/${article!.id}`, shows: article!.title },
    { path: '/forums', shows: '' },
    { path: '/forums/general_discussion', shows: thread!.title },
    { path: `/forums/general_discussion/${thread!.id}`, shows: thread!.title },
    { path: '/trophyhunt', shows: '' },
    { path: `/player/${top!.username}`, shows: top!.username },
    { path: '/rules', shows: '' },
    { path: '/terms', shows: '' },
  ];
}

/** Everything the page reports that a reader's console would show: errors, warnings and uncaught exceptions. */
function watchConsole(page: Page): string[] {
  const reports: string[] = [];
  page.on('console', (message) => {
    // The test's own browser says when it keeps the service worker out (WITHOUT_SERVICE_WORKER): not the app's.
    if (message.text().startsWith('Service Worker registration blocked by Playwright')) return;
    if (message.type() === 'error' || message.type() === 'warning')
      reports.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => reports.push(`exception: ${error.message}`));
  return reports;
}

/** The API calls the page makes, by path and query (without the cache-busting `_`). */
function watchReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() !== 'fetch') return;
    url.searchParams.delete('_');
    reads.push(`${url.pathname}${url.search}`);
  });
  return reads;
}

/** Opens `path` and waits until the app has taken the page over (its scripts ran and the network is quiet). */
async function openDrawn(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

async function useSwedish(page: Page, product: RunningProduct) {
  await page.context().addCookies([{ name: 'lang', value: 'sv', url: product.url }]);
  await page.context().addInitScript(() => localStorage.setItem('ecup.lang', 'sv'));
}

for (const [lang, device] of [
  ['en', 'phone'],
  ['sv', 'phone'],
  ['en', 'desktop'],
] as const) {
  test(`every public page is taken over without a warning or an error (${lang}, ${device})`, async (t) => {
    t.timeout(180_000);
    const { product, browser } = t.context;
    const page = device === 'phone' ? await newPhonePage(browser) : await newDesktopPage(browser);
    try {
      if (lang === 'sv') await useSwedish(page, product);
      const reports = watchConsole(page);
      for (const { path, shows } of await publicPages(product)) {
        reports.length = 0;
        const response = await page.request.get(`${product.url}${path}`, {
          headers: { cookie: `lang=${lang}` },
        });
        const html = await response.text();
        t.true(html.includes('id="page-data"'), `${path} is drawn on the server`);
        t.regex(html, new RegExp(`<html lang="${lang}"`), path);
        await openDrawn(page, `${product.url}${path}`);
        t.is(await page.evaluate(() => document.documentElement.lang), lang, path);
        if (shows) await page.getByText(shows, { exact: false }).first().waitFor();
        t.deepEqual(reports, [], `${path}: ${reports.join('\n')}`);
      }
      await screenshot(page, `ssr-trophyhunt-${lang}-${device}`);
    } finally {
      await page.context().close();
    }
  });
}

test("a page that differs from the server's is reported: the check above can fail", async (t) => {
  const { product, browser } = t.context;
  const page = await newPhonePage(browser);
  try {
    const { path, shows } = (await publicPages(product))[1]!;
    // The drawn markup says another name than the data the app takes over.
    await page.route(`${product.url}${path}`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/(<div id="root">[\s\S]*?)>([^<]*)<\/a>/, '$1>Someone else</a>');
      await route.fulfill({ response, body: html });
    });
    const reports = watchConsole(page);
    await page.goto(`${product.url}${path}`, { waitUntil: 'networkidle' });
    await page.getByText(shows).first().waitFor();
    t.true(reports.length > 0, 'the hydration mismatch is reported');
  } finally {
    await page.context().close();
  }
});

test('the app draws the first page from its data without reading it again, and later pages stay in the app', async (t) => {
  const { product, browser } = t.context;
  const page = await newPhonePage(browser);
  try {
    const reads = watchReads(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await openDrawn(page, `${product.url}/`);
    t.false(
      reads.some((read) => /^\/(ranking\/list|news\/latest|season\/current)/.test(read)),
      `reads made: ${reads.join(', ')}`,
    );
    await page.getByRole('link', { name: 'Full ranking' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Ranking' }).waitFor();
    t.is(new URL(page.url()).pathname, '/ranking');
    // The second page is the app's own: no new document, and it reads its list itself.
    t.is(documents.length, 1);
    await page.waitForFunction(() => document.querySelectorAll('#ranking-panel li, #ranking-panel tr').length >= 50);
    t.true(reads.some((read) => read.startsWith('/ranking/list?') && read.includes('amount=50')));
  } finally {
    await page.context().close();
  }
});

test('without JavaScript every public page is there to read', async (t) => {
  const { product, browser } = t.context;
  const pages = await publicPages(product);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    for (const { path, shows } of pages.filter((p) => p.shows !== '')) {
      await page.goto(`${product.url}${path}`);
      const text = page.getByText(shows, { exact: false }).first();
      await text.waitFor({ timeout: 5000 });
      t.true(await text.isVisible(), `${path} shows "${shows}"`);
      // No script of the app ran: what shows is the server's HTML alone.
      t.is(await page.locator('html[data-app]').count(), 0, path);
    }
    await screenshot(page, 'ssr-ranking-no-javascript');
  } finally {
    await context.close();
  }
});

test("a signed-in reader's menu and own row fill in once the app has taken the page over", async (t) => {
  const { product, browser } = t.context;
  const player = await product.knex('users').where('username', 'demo_player').first('id', 'username');
  const session = await createSession(product.knex, { user_id: player!.id, ip: null, user_agent: null });
  const page = await newDesktopPage(browser);
  try {
    await page.goto(`${product.url}/rules`);
    await page.evaluate(
      ({ id, token }) => {
        localStorage.setItem('ecup.id', String(id));
        localStorage.setItem('ecup.token', token);
      },
      { id: player!.id, token: session.result.token },
    );
    const reports = watchConsole(page);
    const path = '/ranking?search=demo_player';
    // The page the server sends is a visitor's, whoever asks: nothing of this reader is in it.
    const drawn = await (await page.request.get(`${product.url}${path}`)).text();
    t.false(drawn.includes('Account menu for demo_player'));
    await openDrawn(page, `${product.url}${path}`);
    await page.getByRole('button', { name: 'Account menu for demo_player' }).waitFor();
    await page.locator('#ranking-panel').getByText('You', { exact: true }).first().waitFor();
    t.deepEqual(reports, []);
  } finally {
    await page.context().close();
  }
});
