/**
 * `npm run screenshots`: shoots a player's own pages into docs/screenshots/ as PNG: a player's page,
 * My games, the country and club tables, the settings' notifications section and the unsubscribe page, at 375 and
 * 1280 px, in English and Swedish. Starts the product as the README does (demo seed) and signs in as the demo
 * player. A page up to SHOT_MAX_HEIGHT px (2,500) is shot whole, a longer one as one screen, so the files stay
 * small. Uses Debian's Chromium (never a downloaded browser).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@ecup/db';
import { resolveAppSecret, unsubscribeKeyOf, unsubscribeToken } from '@ecup/security';
import { launchBrowser } from '../../harness/src/browser.ts';
import { startProduct, type RunningProduct, signInOnPage } from '../../harness/src/product.ts';

const OUT = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');
const SHOT_MAX_HEIGHT = 2500;
const WIDTHS = [375, 1280] as const;
const LANGS = ['en', 'sv'] as const;

interface Shot {
  name: string;
  path: string;
  /** What shows the page's content has arrived. */
  ready: string;
  /** Shoot only this element (a section of a longer page). */
  element?: string;
}

async function signedInPage(
  browser: Browser,
  product: RunningProduct,
  userId: number,
  width: number,
  lang: string,
): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width, height: width < 768 ? 812 : 800 },
    ...(width < 768 ? { isMobile: true, hasTouch: true } : {}),
    locale: lang === 'sv' ? 'sv-SE' : 'en-GB',
  });
  const page = await context.newPage();
  await signInOnPage(page, product, userId, lang);
  return page;
}

async function shoot(page: Page, product: RunningProduct, shot: Shot, file: string): Promise<void> {
  await page.goto(`${product.url}${shot.path}`);
  await page.locator(shot.ready).first().waitFor({ state: 'attached', timeout: 30_000 });
  // Pictures (avatars, flags, club badges) and web fonts in place before the shot.
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForTimeout(300);
  if (shot.element) {
    await page.locator(shot.element).screenshot({ path: file });
    return;
  }
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path: file, fullPage: height <= SHOT_MAX_HEIGHT });
}

const product = await startProduct('screenshots');
const browser = await launchBrowser();
try {
  mkdirSync(OUT, { recursive: true });
  const player = await product.knex('users').where('username', DEMO_ACCOUNTS.player.username).first('id');
  const [ranked] = await product
    .knex('users')
    .where('games_played', '>', 0)
    .whereNot('username', DEMO_ACCOUNTS.admin.username)
    .orderBy('elo', 'desc')
    .limit(1)
    .select('username');
  const unsubscribe = unsubscribeToken(unsubscribeKeyOf(resolveAppSecret()), player!.id, 'window_open');
  const shots: Shot[] = [
    { name: 'player', path: `/player/${encodeURIComponent(ranked!.username)}`, ready: '[data-elo]' },
    { name: 'history', path: '/history', ready: '[data-game]' },
    { name: 'ranking-countries', path: '/ranking/countries', ready: '[data-key]' },
    { name: 'ranking-clubs', path: '/ranking/clubs', ready: '[data-key]' },
    {
      name: 'settings-notifications',
      path: '/settings',
      ready: '[aria-labelledby="settings-notifications-title"] input[role="switch"]',
      element: '[aria-labelledby="settings-notifications-title"]',
    },
    { name: 'unsubscribe', path: `/unsubscribe?token=${encodeURIComponent(unsubscribe)}`, ready: '[role="status"]' },
  ];
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const page = await signedInPage(browser, product, player!.id, width, lang);
      try {
        for (const shot of shots) {
          const file = path.join(OUT, `${shot.name}-${width}-${lang}.png`);
          await shoot(page, product, shot, file);
          console.log(path.relative(process.cwd(), file));
        }
      } finally {
        await page.context().close();
      }
    }
  }
} finally {
  await browser.close();
  await product.stop();
}
