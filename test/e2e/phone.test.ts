import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { DEMO_ACCOUNTS } from '@ecup/db';
import { MESSAGES, NEWS_IMAGE_HEIGHT, NEWS_IMAGE_TITLE_TOP, NEWS_IMAGE_WIDTH, RANKING_INITIAL } from '@ecup/domain';
import { WITHOUT_SERVICE_WORKER, newDesktopPage, waitForTakeover } from '../helpers/browser.ts';
import { e2eTest } from '../helpers/e2e.ts';
import type { RunningProduct } from '../helpers/product.ts';
import { PUBLIC_READ_LIFETIME_MS } from '@ecup/api/services/read-cache.ts';
import { RENDERED_PAGE_LIFETIME_MS } from '@ecup/api/ssr/server-render.ts';

/**
 * The player app on a phone and on a slow connection: whose account is open, touch-sized menu links,
 * a progress bar for a slow navigation and "Loading..." early on a slow first load; and the polish of news cards,
 * article headers and the trophy leaderboard.
 */
const test = e2eTest('phone');

const PHONE = { width: 390, height: 844 };
const TOUCH_MIN_PX = 44;
const SLOW_MS = 4_000;

async function newPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    ...WITHOUT_SERVICE_WORKER,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  return waitForTakeover(await context.newPage());
}

/** Signs the page in as the demo player through a stored session, as a returning player's browser does. */
async function signInStored(page: Page, product: RunningProduct) {
  const { username, password } = DEMO_ACCOUNTS.player;
  const res = await fetch(`${product.url}/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  const pair = (await res.json()) as { id: number; token: string };
  await page.goto(`${product.url}/rules`);
  await page.evaluate(({ id, token }) => {
    localStorage.setItem('ecup.id', String(id));
    localStorage.setItem('ecup.token', token);
  }, pair);
}

/** Heights of the nav bar's menu links and buttons (its lists; the sign-in form is a form), by their text. */
function navBarHeights(page: Page): Promise<[string, number][]> {
  return page
    .locator('#nav-bar nav ul > a, #nav-bar nav ul > [role="button"]')
    .evaluateAll((items) => items.map((item) => [item.textContent ?? '', item.getBoundingClientRect().height]));
}

test.serial(
  'at 390 px a signed-in player sees their avatar and username in the header, and every menu link is 44 px tall',
  async (t) => {
    const { product, browser } = t.context;
    const page = await newPhone(browser);
    t.teardown(() => page.context().close());
    await page.goto(`${product.url}/`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#nav-bar').getByRole('link', { name: 'Rules' }).waitFor();
    t.is((await navBarHeights(page)).length, 7, 'six sections and Sign up');
    for (const [text, height] of await navBarHeights(page)) t.true(height >= TOUCH_MIN_PX, `${text}: ${height} px`);

    await signInStored(page, product);
    await page.goto(`${product.url}/`);
    const header = page.locator('header [data-phone-user]');
    await header.waitFor();
    t.true(await header.getByText(DEMO_ACCOUNTS.player.username, { exact: true }).isVisible());
    t.true(await header.locator('.MuiAvatar-root').isVisible(), 'the avatar shows beside the name');
    t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 390), 'the header still fits');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('#nav-bar').getByRole('button', { name: 'Sign out' }).waitFor();
    const heights = await navBarHeights(page);
    t.true(heights.length >= 9, 'six sections, settings, conflicts and sign out');
    for (const [text, height] of heights) t.true(height >= TOUCH_MIN_PX, `${text}: ${height} px`);
  },
);

test.serial('on a desktop the avatar and name stay in the account menu, not twice in the header', async (t) => {
  const { product, browser } = t.context;
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await signInStored(page, product);
  await page.goto(`${product.url}/`);
  await page.getByRole('button', { name: `Account menu for ${DEMO_ACCOUNTS.player.username}` }).waitFor();
  t.false(await page.locator('header [data-phone-user]').isVisible());
});

/**
 * Watches for the navigation progress bar from now on: resolves the ms between the click and the bar's appearance
 * (null while it has not appeared), measured in the page.
 */
async function watchProgressBar(page: Page) {
  await page.evaluate(() => {
    const state = { clickedAt: 0, shownAt: null as number | null };
    Object.assign(window, { progressWatch: state });
    new MutationObserver(() => {
      if (state.shownAt === null && document.querySelector('[data-navigation-progress]'))
        state.shownAt = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** Clicks the header's link (by its path), noting the moment in the page. */
async function clickNavLink(page: Page, path: string) {
  await page.evaluate((href) => {
    (window as unknown as { progressWatch: { clickedAt: number } }).progressWatch.clickedAt = performance.now();
    document.querySelector<HTMLAnchorElement>(`header nav a[href="${href}"]`)!.click();
  }, path);
}

function barDelay(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const state = (window as unknown as { progressWatch: { clickedAt: number; shownAt: number | null } }).progressWatch;
    return state.shownAt === null ? null : state.shownAt - state.clickedAt;
  });
}

/** Holds every request matching `pattern` for SLOW_MS from now on. */
async function slowDown(page: Page, pattern: string | RegExp) {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    await route.continue().catch(() => undefined);
  });
}

test.serial(
  'a navigation waiting on a slow page download shows a progress bar after 300 ms, until the page shows',
  async (t) => {
    const { product, browser } = t.context;
    const page = await newDesktopPage(browser);
    t.teardown(() => page.context().close());
    await page.goto(`${product.url}/rules`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await slowDown(page, /\/assets\/news-page-[^/]+\.js$/);
    await watchProgressBar(page);
    await clickNavLink(page, '/news');
    const bar = page.locator('[data-navigation-progress]');
    await bar.waitFor();
    t.true(await page.getByRole('heading', { level: 1, name: 'eCup rules' }).isVisible(), 'the old page stays');
    const delay = await barDelay(page);
    t.true(delay !== null && delay >= 300, `shown ${delay} ms after the click`);
    await page.locator('[data-news-content]').waitFor({ timeout: 20_000 });
    await bar.waitFor({ state: 'detached' });
    t.is(await bar.count(), 0, 'the bar is gone once the page shows');
  },
);

test.serial(
  'a navigation waiting on a slow answer shows a progress bar after 300 ms, until the data is there',
  async (t) => {
    const { product, browser } = t.context;
    const page = await newDesktopPage(browser);
    t.teardown(() => page.context().close());
    // The news page's code is here already: only its data is slow.
    await page.goto(`${product.url}/news`);
    await page.locator('[data-news-content]').waitFor();
    await page.locator('header nav a[href="/rules"]').click();
    await page.getByRole('heading', { level: 1, name: 'eCup rules' }).waitFor();
    await slowDown(page, /\/news\/get\?/);
    await watchProgressBar(page);
    await clickNavLink(page, '/news');
    const bar = page.locator('[data-navigation-progress]');
    await bar.waitFor();
    const delay = await barDelay(page);
    t.true(delay !== null && delay >= 300, `shown ${delay} ms after the click`);
    await page.locator('[data-news-content]').waitFor({ timeout: 20_000 });
    await bar.waitFor({ state: 'detached' });
    t.is(await bar.count(), 0, 'the bar is gone once the page shows');
  },
);

test.serial('a fast navigation shows no progress bar at all', async (t) => {
  const { product, browser } = t.context;
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  // Both pages' code is here already, and the rules need no data of their own.
  await page.goto(`${product.url}/rules`);
  await page.getByRole('heading', { level: 1, name: 'eCup rules' }).waitFor();
  await page.locator('header nav a[href="/news"]').click();
  await page.locator('[data-news-content]').waitFor();
  await watchProgressBar(page);
  await clickNavLink(page, '/rules');
  await page.getByRole('heading', { level: 1, name: 'eCup rules' }).waitFor();
  await page.waitForTimeout(500);
  t.is(await barDelay(page), null);
});

/** Waits until the page's own "Loading..." can be seen (the boot screen fades in after a short delay). */
async function bootTextShown(page: Page): Promise<{ text: string; at: number }> {
  const handle = await page.waitForFunction(
    () => {
      const status = document.querySelector<HTMLElement>('#root [role="status"]');
      if (!status || getComputedStyle(status).opacity !== '1') return null;
      return { text: status.innerText.trim(), at: performance.now() };
    },
    undefined,
    { polling: 'raf', timeout: SLOW_MS },
  );
  return (await handle.jsonValue()) as { text: string; at: number };
}

test.serial('on a slow first load "Loading..." shows within a second, in the reader\'s language', async (t) => {
  const { product, browser } = t.context;
  const page = await newPhone(browser);
  t.teardown(() => page.context().close());
  await slowDown(page, '**/assets/*.js');
  // A screen the app draws itself (a public page comes drawn by the server).
  await page.goto(`${product.url}/play`, { waitUntil: 'commit' });
  const english = await bootTextShown(page);
  t.is(english.text, MESSAGES.loading);
  t.true(english.at <= 1_000, `shown ${Math.round(english.at)} ms after the page was asked for`);
  // The app takes over once its code has arrived.
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });

  await page.evaluate(() => localStorage.setItem('ecup.lang', 'sv'));
  await page.goto(`${product.url}/play`, { waitUntil: 'commit' });
  const swedish = await bootTextShown(page);
  t.is(swedish.text, 'Laddar...');
  t.is(await page.evaluate(() => document.documentElement.lang), 'sv');
});

/** The colour of one CSS pixel of the page, from a screenshot. */
async function pixel(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const png = await page.screenshot({
    clip: { x: Math.floor(x), y: Math.floor(y), width: 1, height: 1 },
    scale: 'css',
  });
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

/** The dark scheme's primary green, the focus ring's colour. */
const RING: [number, number, number] = [47, 191, 94];
const near = (a: number[], b: number[]) => a.every((value, i) => Math.abs(value - b[i]!) <= 24);

for (const width of [390, 1280]) {
  test.serial(
    `at ${width} px a news card reached with Tab on the home page shows a green ring all round`,
    async (t) => {
      const { product, browser } = t.context;
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      t.teardown(() => context.close());
      await page.goto(`${product.url}/`);
      // Once the app has taken the drawn page over: nothing moves under the measured card any more.
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
      await page.waitForLoadState('networkidle');
      const card = page
        .locator('article')
        .filter({ has: page.locator('a[href^="/news/"]') })
        .first();
      await card.waitFor();
      await card.scrollIntoViewIfNeeded();
      const box = (await card.boundingBox())!;
      // Right and bottom edges beside the card's text, before and after the keyboard reaches it.
      const edges = [
        [box.x + box.width - 2, box.y + box.height * 0.8],
        [box.x + box.width / 2, box.y + box.height - 2],
      ] as const;
      for (const [x, y] of edges) t.false(near(await pixel(page, x, y), RING), 'no ring before focus');
      await card.locator('a[href^="/news/"]').focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      t.true(await card.evaluate((article) => article.contains(document.activeElement)), 'the card has the focus');
      for (const [x, y] of edges) {
        const colour = await pixel(page, x, y);
        t.true(near(colour, RING), `ring at ${Math.round(x)},${Math.round(y)}: ${colour.join(',')}`);
      }
    },
  );
}

for (const width of [390, 1280]) {
  test.serial(`at ${width} px an article's title starts below the words of its picture`, async (t) => {
    const { product, browser } = t.context;
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    t.teardown(() => context.close());
    const article = await product.knex('news').whereNotNull('image_hash').where('published', true).first('id');
    await page.goto(`${product.url}/news/${article!.id}`);
    const picture = page.locator('header img');
    await picture.waitFor();
    const image = (await picture.boundingBox())!;
    const title = (await page.locator('[data-article-title]').boundingBox())!;
    t.is(Math.round(image.width / image.height), Math.round(NEWS_IMAGE_WIDTH / NEWS_IMAGE_HEIGHT), 'the whole picture');
    const wordsEnd = image.y + (image.height * NEWS_IMAGE_TITLE_TOP) / NEWS_IMAGE_HEIGHT;
    t.true(title.y >= wordsEnd - 1, `title from ${title.y}, picture's words end at ${wordsEnd}`);
  });
}

for (const width of [390, 1280]) {
  test.serial(
    `at ${width} px the trophy leaderboard gives places and medals only to players with trophies`,
    async (t) => {
      const { product, browser } = t.context;
      const ranked = await product
        .knex('users')
        .where('games_played', '>', 0)
        .whereNull('erased_at')
        .whereNull('banned_until')
        .orderBy('id')
        .limit(2)
        .pluck('id');
      await product.knex('users').update({ secured_trophies: 0 });
      await product.knex('users').where('id', ranked[0]).update({ secured_trophies: 2 });
      await product.knex('users').where('id', ranked[1]).update({ secured_trophies: 1 });
      // Written past the API, as another process would: shown once the public reads and drawn pages have expired.
      await new Promise((resolve) => setTimeout(resolve, PUBLIC_READ_LIFETIME_MS + RENDERED_PAGE_LIFETIME_MS));
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      t.teardown(() => context.close());
      await page.goto(`${product.url}/trophyhunt`);
      // Once the app has taken the drawn page over and turned its lists to this screen's width.
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
      const board = page.locator('section[aria-labelledby="trophy-leaderboard-title"]');
      await board.locator('[data-unranked]').first().waitFor();
      t.deepEqual(
        await board.locator('[data-rank] > [aria-hidden]').evaluateAll((els) => els.map((el) => el.textContent)),
        ['1', '2'],
      );
      const gold = await board.locator('[data-rank="1"]').evaluate((el) => getComputedStyle(el).backgroundColor);
      t.is(gold, 'rgb(245, 183, 0)', 'the first with trophies has the gold medal');
      const unranked = board.locator('[data-unranked]');
      t.is(await unranked.count(), RANKING_INITIAL - 2, 'everyone else shows no place');
      // Text content: cards far down the list are not laid out yet (content-visibility), so they have no inner text.
      for (const text of await unranked.locator('[aria-hidden]').allTextContents()) t.is(text, '–');
      const colours = await unranked.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
      t.true(
        colours.every((colour) => colour === 'rgba(0, 0, 0, 0)'),
        `no medal or badge: ${colours.join(' ')}`,
      );
    },
  );
}
