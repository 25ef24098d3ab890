import type { Page } from 'playwright-core';
import { DEFAULT_TIME_ZONE, adultBornOnOrBefore } from '@ecup/domain';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import type { RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * Home, ranking and news as a visitor sees them, against the whole product (`npm start` on its own database with
 * the demo seed: about 200 ranked players and 12 news articles).
 */
const test = e2eTest('home');

async function open(page: Page, url: string, path: string) {
  await page.goto(new URL(path, url).href);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** The visible ranking rows: table rows from 600 px, cards below. */
function rankingRows(page: Page) {
  return page.locator('table tbody tr');
}

/**
 * A demo player who is in the ranking (played, not banned, not erased) and shows their name there: an adult who
 * does not hide it (a minor's name is never shown, docs/rules.md "What others see of a player").
 */
async function rankedPlayer(product: RunningProduct): Promise<{ username: string; first_name: string }> {
  return product
    .knex('users')
    .where('games_played', '>', 0)
    .whereNull('erased_at')
    .whereNull('banned_until')
    .where('birth_date', '<=', adultBornOnOrBefore(new Date(), DEFAULT_TIME_ZONE))
    .where('hide_real_name', false)
    .orderBy('elo', 'asc')
    .first('username', 'first_name');
}

/** A published article with its title and HTML, from the product's own database. */
async function publishedArticles(product: RunningProduct): Promise<{ id: number; title: string; content: string }[]> {
  return product
    .knex('news')
    .where('published', true)
    .where('published_at', '<=', new Date())
    .orderBy([
      { column: 'published_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .select('id', 'title', 'content');
}

test('home shows JOIN NOW, 4 news cards and 10 ranked players; "Show 25 more players" shows 35', async (t) => {
  const page = await newDesktopPage(t.context.browser);
  try {
    await open(page, t.context.product.url, '/');
    t.is(await page.title(), 'eCup');
    t.is(await page.getByRole('link', { name: 'JOIN NOW' }).getAttribute('href'), '/register');

    const news = page.getByRole('region', { name: 'Latest news' }).getByRole('article');
    await news.nth(3).waitFor();
    t.is(await news.count(), 4);
    const latest = await publishedArticles(t.context.product);
    t.is((await news.first().getByRole('link').getAttribute('href')) ?? '', `/news/${latest[0]!.id}`);

    const rows = rankingRows(page);
    await rows.nth(9).waitFor();
    t.is(await rows.count(), 10);
    t.true(await page.getByText('Showing 10 of').isVisible());

    await page.getByRole('button', { name: 'Show 25 more players' }).click();
    await rows.nth(34).waitFor();
    t.is(await rows.count(), 35);
    t.true((await rows.nth(34).locator('td').first().textContent())?.includes('Rank 35'));
  } finally {
    await page.context().close();
  }
});

test('home on a phone shows the 10 ranked players as cards', async (t) => {
  const page = await newPhonePage(t.context.browser);
  try {
    await open(page, t.context.product.url, '/home');
    const cards = page.getByRole('list', { name: 'Players ranked by Elo points' }).getByRole('listitem');
    await cards.nth(9).waitFor();
    t.is(await cards.count(), 10);
    t.is(await page.locator('table').count(), 0);
  } finally {
    await page.context().close();
  }
});

test("home's news and ranking that cannot be read show their error with Try again, which reads them again", async (t) => {
  const page = await newDesktopPage(t.context.browser);
  try {
    // The error's look (MUI's Alert) is fetched when the first error shows, not with the page.
    let failing = true;
    await page.route(/\/(news\/latest|ranking\/list)\?/, (route) => (failing ? route.abort() : route.fallback()));
    // A first page comes drawn with its data: home is opened from another page, so the app reads it.
    await open(page, t.context.product.url, '/rules');
    await page.getByRole('link', { name: 'eCup home' }).first().click();
    await page.getByRole('link', { name: 'JOIN NOW' }).waitFor();
    const newsSection = page.getByRole('region', { name: 'Latest news' });
    const newsError = newsSection.getByRole('alert').filter({ hasText: 'The news could not be loaded.' });
    const rankingError = page.getByRole('alert').filter({ hasText: 'The ranking could not be loaded.' });
    await newsError.waitFor();
    await rankingError.waitFor();

    failing = false;
    await newsError.getByRole('button', { name: 'Try again' }).click();
    await newsSection.getByRole('article').nth(3).waitFor();
    await rankingError.getByRole('button', { name: 'Try again' }).click();
    await rankingRows(page).nth(9).waitFor();
    t.is(await page.getByRole('alert').count(), 0, 'both errors are gone');
  } finally {
    await page.context().close();
  }
});

/** The picture each news card on the page drew (after scrolling it into view: the images load lazily). */
async function newsCardImages(page: Page): Promise<string[]> {
  const images = page.locator('article:has(a[href^="/news/"]) img');
  await images.first().waitFor();
  const sources: string[] = [];
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await image.evaluate((img: HTMLImageElement) => img.decode());
    sources.push(new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname);
  }
  return sources;
}

test('news cards load the 480 px thumbnail on a phone and on four desktop columns, the full image on wide cards', async (t) => {
  const { browser, product } = t.context;
  const phone = await newPhonePage(browser);
  const desktop = await newDesktopPage(browser);
  const tablet = await browser.newPage({ viewport: { width: 700, height: 900 }, deviceScaleFactor: 2 });
  try {
    for (const [page, kind] of [
      [phone, 'news_thumb'],
      [desktop, 'news_thumb'],
      [tablet, 'news'],
    ] as const) {
      await open(page, product.url, '/');
      const sources = await newsCardImages(page);
      t.is(sources.length, 4);
      for (const source of sources) t.regex(source, new RegExp(`^/images/${kind}/[0-9a-f]{2}/[0-9a-f]{32}\\.jpg$`));
    }
  } finally {
    await Promise.all([phone, desktop, tablet].map((page) => page.context().close()));
  }
});

test('the ranking page shows 50 players by Elo and, when searched, the player typed in', async (t) => {
  const player = await rankedPlayer(t.context.product);
  const page = await newDesktopPage(t.context.browser);
  try {
    await open(page, t.context.product.url, '/ranking');
    t.is(await page.title(), 'Ranking – eCup');
    const rows = rankingRows(page);
    await rows.nth(49).waitFor();
    t.is(await rows.count(), 50);

    await page.getByLabel('Search players').fill(player.username);
    const hit = page.locator('table tbody tr', { hasText: player.username });
    await hit.first().waitFor();
    await page.getByText(/players? found$/).waitFor();
    t.true((await rows.count()) < 50);
    t.true((await hit.first().innerText()).includes(player.first_name));
  } finally {
    await page.context().close();
  }
});

test("a ranking search for 'zzqqxx' shows 'No user found in search!'", async (t) => {
  const page = await newDesktopPage(t.context.browser);
  try {
    await open(page, t.context.product.url, '/ranking');
    await rankingRows(page).first().waitFor();
    await page.getByLabel('Search players').fill('zzqqxx');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No user found in search!', { exact: true }).waitFor();
    t.is(await rankingRows(page).count(), 0);

    // Clearing the box shows the list again.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await rankingRows(page).nth(49).waitFor();
    t.is(await page.getByText('No user found in search!').count(), 0);
  } finally {
    await page.context().close();
  }
});

test('the ranking page switches to secured trophies', async (t) => {
  const page = await newDesktopPage(t.context.browser);
  try {
    await open(page, t.context.product.url, '/ranking');
    await rankingRows(page).first().waitFor();
    await page.getByRole('tab', { name: 'Trophies' }).click();
    await page.waitForURL(/\?sort=trophies$/);
    await page.getByRole('table', { name: 'Players ranked by secured trophies' }).waitFor();
    t.true(await page.getByRole('tab', { name: 'Trophies', selected: true }).isVisible());
  } finally {
    await page.context().close();
  }
});

test('a news article shows "{title} – eCup" as page title, its HTML paragraphs and 8 further articles', async (t) => {
  const articles = await publishedArticles(t.context.product);
  const article = articles[2]!;
  const page = await newDesktopPage(t.context.browser);
  try {
    await open(page, t.context.product.url, `/news/${article.id}`);
    t.is((await page.getByRole('heading', { level: 1 }).innerText()).trim(), article.title);
    await page.waitForFunction((title) => document.title === title, `${article.title} – eCup`);

    const paragraphs = page.locator('[data-news-content] p');
    const expected = article.content.match(/<p>/g)?.length ?? 0;
    t.true(expected > 0);
    t.is(await paragraphs.count(), expected);
    const firstParagraph = /<p>([\s\S]*?)<\/p>/.exec(article.content)![1]!.replace(/<[^>]+>/g, '');
    t.is((await paragraphs.first().innerText()).trim(), firstParagraph.trim());

    const further = page.getByRole('region', { name: 'More news' }).getByRole('article');
    await further.nth(7).waitFor();
    t.is(await further.count(), 8);
    const links = await further.getByRole('link').evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    t.false(links.includes(`/news/${article.id}`));
  } finally {
    await page.context().close();
  }
});

test('/news without an id shows the newest article', async (t) => {
  const [newest] = await publishedArticles(t.context.product);
  const page = await newDesktopPage(t.context.browser);
  try {
    await open(page, t.context.product.url, '/news');
    t.is((await page.getByRole('heading', { level: 1 }).innerText()).trim(), newest!.title);
  } finally {
    await page.context().close();
  }
});

test("an unknown news id shows 'That news article does not exist.' and a link to the latest news", async (t) => {
  const page = await newDesktopPage(t.context.browser);
  try {
    await open(page, t.context.product.url, '/news/987654');
    t.is((await page.getByRole('heading', { level: 1 }).innerText()).trim(), 'That news article does not exist.');
    await page.getByRole('link', { name: 'Read the latest news' }).click();
    await page.waitForURL(/\/news$/);
    await page.locator('[data-news-content]').waitFor();
  } finally {
    await page.context().close();
  }
});

for (const path of ['/', '/ranking', '/news']) {
  test(`${path} on a 375 px phone has no horizontal scroll`, async (t) => {
    const page = await newPhonePage(t.context.browser);
    try {
      await open(page, t.context.product.url, path);
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      t.true(width <= 375, `the page is ${width}px wide`);
    } finally {
      await page.context().close();
    }
  });
}

/** The head's tags a link preview reads, counted in the live page after the app has set its title. */
async function headTags(page: Page) {
  return page.evaluate(() => ({
    titles: [...document.head.querySelectorAll('title')].map((element) => element.textContent),
    title: document.title,
    descriptions: document.head.querySelectorAll('meta[name="description"]').length,
    canonicals: [...document.head.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')),
    ogTitles: document.head.querySelectorAll('meta[property="og:title"]').length,
    ogImages: document.head.querySelectorAll('meta[property="og:image"]').length,
    twitterCards: document.head.querySelectorAll('meta[name="twitter:card"]').length,
  }));
}

test('an article, a topic and a profile keep one title and one of each preview tag after the app sets its title', async (t) => {
  const { product } = t.context;
  const [article] = await publishedArticles(product);
  const thread = await product
    .knex('forum_threads')
    .whereExists(
      product.knex('forum_posts').whereRaw('forum_posts.thread_id = forum_threads.id').whereNull('hidden_at'),
    )
    .where('category_id', 3)
    .first('id', 'title');
  const player = await rankedPlayer(product);
  const page = await newDesktopPage(t.context.browser);
  try {
    for (const [path, title] of [
      [`/news/${article!.id}`, `${article!.title} – eCup`],
      [`/forums/general_discussion/${thread!.id}`, `${thread!.title} – eCup`],
      [`/player/${player.username}`, `Player ${player.username} – eCup`],
    ] as const) {
      await open(page, product.url, path);
      await page.waitForFunction((wanted) => document.title === wanted, title);
      const head = await headTags(page);
      t.deepEqual(head.titles, [title], path);
      t.is(head.descriptions, 1, path);
      t.deepEqual(head.canonicals.length, 1, path);
      t.true(head.canonicals[0]!.endsWith(path), path);
      t.is(head.ogTitles, 1, path);
      t.is(head.ogImages, 1, path);
      t.is(head.twitterCards, 1, path);
    }
  } finally {
    await page.context().close();
  }
});
