import type { ExecutionContext } from 'ava';
import type { Page } from 'playwright-core';
import {
  MESSAGES,
  TROPHY_POOL_SIZE,
  type SeasonPayload,
  type TestClockResponse,
  type TrophyStatsResponse,
} from '@ecup/domain';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { buildGame } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';
import type { RunningProduct } from '../helpers/product.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * The trophy hunt page in Chromium against the whole product with a test clock (TEST_CLOCK=on): a player takes a
 * trophy from the pool by winning, watches the streak grow on /trophyhunt as the server applies the trophy rules to
 * each verified result, secures it with the third win in a row, and sees the hunt's end text once the server's
 * clock passes the season's trophy-hunt end.
 */
const test = e2eTest('trophyhunt', { TEST_CLOCK: 'on' });

/** The result form opens 12 minutes after a game starts (docs/product.md#states); games are made as if started 13 minutes ago. */
const STARTED_AGO_MS = 13 * 60_000;

interface Player {
  id: number;
  username: string;
  auth: Credentials;
}

/** A new player signed in at the server clock's now (a session begun before a clock jump of weeks has ended). */
async function newPlayer(product: RunningProduct): Promise<Player> {
  const { user, auth } = await signedInUser(product.knex, {}, new Date(await serverNow(product)));
  return { id: user.id, username: user.username, auth };
}

/** Where the server's clock stands (test-only GET /test/clock). */
async function serverNow(product: RunningProduct): Promise<number> {
  const answer = await client(product.url).get<TestClockResponse>('/test/clock');
  return answer.body.now_ms;
}

/** A POST through the real API with a player's session; anything but 200 fails the test with the server's words. */
async function post(product: RunningProduct, path: string, player: Player, fields: Record<string, string | number>) {
  const answer = await client(product.url).post(
    path,
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    { auth: player.auth },
  );
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * `winner` beats `loser` 2–0: a game between them started 13 minutes ago (server clock), the loser reports the
 * losing score and the winner verifies it, each with their own session, so the server finalises the result and
 * applies the trophy rules as for any game.
 */
async function win(product: RunningProduct, winner: Player, loser: Player) {
  const game_id = await buildGame(product.knex, {
    user_1_id: loser.id,
    user_2_id: winner.id,
    created_at: new Date((await serverNow(product)) - STARTED_AGO_MS),
  });
  // Scores go in game order: score_1 is user 1's (the loser's) goals.
  await post(product, '/game/submit', loser, { game_id, score_1: 0, score_2: 2 });
  await post(product, '/game/confirm', winner, { game_id });
}

/** Opens `path` with the player's session in local storage, the way the app keeps it (docs/product.md#states), or signed out. */
async function open(page: Page, product: RunningProduct, path: string, player: Player | null) {
  await page.goto(`${product.url}/`);
  await page.evaluate((pair) => {
    localStorage.setItem('ecup.lang', 'en');
    if (pair) {
      localStorage.setItem('ecup.id', String(pair.id));
      localStorage.setItem('ecup.token', pair.token);
    } else {
      localStorage.removeItem('ecup.id');
      localStorage.removeItem('ecup.token');
    }
  }, player?.auth ?? null);
  await page.goto(`${product.url}${path}`);
  await page.getByRole('heading', { level: 1, name: 'Coca-Cola Trophy hunt' }).waitFor();
}

/** The held-trophy row (table) or card (phone) of the player's one unsecured trophy reads `wins`/3. */
async function seeStreak(t: ExecutionContext, page: Page, wins: number) {
  const held = page.locator('[data-my-trophies] [data-held-trophy]');
  await held.locator(`[data-streak="${wins}/3"]`).waitFor();
  t.is(await held.count(), 1, 'one unsecured trophy at a time');
  t.is(await held.locator('[data-wins-left]').getAttribute('data-wins-left'), String(3 - wins), '3 minus wins');
  // The 2-day window counts down (its words for screen readers follow the figures).
  t.regex(await held.getByRole('timer').innerText(), /^(2d 00h 00m 00s|1d 23h 5\dm \d\ds)/);
  t.is(await page.locator('[data-my-trophies] [data-unsecured]').getAttribute('data-unsecured'), '1');
}

test.serial(
  'three wins in a row: the trophy shows as unsecured 1/3, 2/3 with wins left, then secured and gone from the table',
  async (t) => {
    const { product, browser } = t.context;
    const [hunter, ...opponents] = await Promise.all([
      newPlayer(product),
      newPlayer(product),
      newPlayer(product),
      newPlayer(product),
    ]);
    const page = await newDesktopPage(browser);
    const visitor = await newPhonePage(browser);
    t.teardown(() => Promise.all([page.context().close(), visitor.context().close()]));

    // A visitor sees the pool and a sign-in prompt where a player's own trophies would be.
    await open(visitor, product, '/trophyhunt', null);
    const visitorPool = visitor.getByRole('meter', { name: "This week's pool" });
    await visitorPool.waitFor();
    t.regex(
      (await visitorPool.getAttribute('aria-valuetext')) ?? '',
      new RegExp(`^\\d+ of ${TROPHY_POOL_SIZE} trophies left$`),
    );
    await visitor.getByText('Sign in to see your secured and unsecured trophies').waitFor();
    t.is(await visitor.locator('[data-held-trophy]').count(), 0);
    t.is(await visitor.title(), 'Coca-Cola Trophy hunt – eCup');

    // The hunter is signed in; the header links to the page second, after "Let's play".
    await open(page, product, '/trophyhunt', hunter);
    const links = await page.getByRole('banner').getByRole('navigation').getByRole('link').allInnerTexts();
    t.deepEqual(links.slice(0, 2), ["Let's play", 'Coca-Cola Trophy']);
    await page.getByText('You hold no trophy right now.').waitFor();
    t.is(await page.locator('[data-my-trophies] [data-secured]').getAttribute('data-secured'), '0');
    const pool = page.getByRole('meter', { name: "This week's pool" });
    const before = Number(await pool.getAttribute('aria-valuenow'));
    t.true(before > 0, 'the pool has trophies to take');

    // First win: a trophy from the pool, streak 1 (docs/decisions.md#trophy-hunt); the `stats` event refreshes the page.
    await win(product, hunter, opponents[0]!);
    await seeStreak(t, page, 1);
    t.is(await pool.getAttribute('aria-valuetext'), `${before - 1} of ${TROPHY_POOL_SIZE} trophies left`);
    // The live list of holders names the hunter with the same streak.
    await page.locator(`[data-holders] [data-holder="${hunter.username}"] [data-streak="1/3"]`).waitFor();

    // Second win in a row.
    await win(product, hunter, opponents[1]!);
    await seeStreak(t, page, 2);
    await page.locator(`[data-holders] [data-holder="${hunter.username}"] [data-streak="2/3"]`).waitFor();

    // Third: secured. The count says so, the held table is gone, the hunter leaves the holders and tops the board.
    await win(product, hunter, opponents[2]!);
    await page.locator('[data-my-trophies] [data-secured="1"]').waitFor();
    await page.getByText('You hold no trophy right now.').waitFor();
    t.is(await page.locator('[data-held-trophy]').count(), 0);
    t.is(await page.locator('[data-my-trophies] [data-unsecured]').getAttribute('data-unsecured'), '0');
    await page.locator(`[data-holder="${hunter.username}"]`).waitFor({ state: 'detached' });
    const leader = page.getByRole('region', { name: 'Trophy leaderboard' }).locator('tbody tr').first();
    await leader.filter({ hasText: hunter.username }).waitFor();

    // The server agrees with what the page shows.
    const stats = await client(product.url).get<TrophyStatsResponse>('/trophy/get_stats', { auth: hunter.auth });
    t.is(stats.body.secured_trophies, 1);
    t.deepEqual(stats.body.trophies, []);
  },
);

test.serial("after the hunt's end the page says the season has ended instead of the pool and timers", async (t) => {
  const { product, browser } = t.context;
  const player = await newPlayer(product);
  const page = await newPhonePage(browser);
  t.teardown(() => page.context().close());
  await open(page, product, '/trophyhunt', player);
  await page.getByRole('meter', { name: "This week's pool" }).waitFor();
  await page.locator('[data-countdown="hunt-end"]').waitFor();

  const season = (await client(product.url).get<SeasonPayload>('/season/current')).body;
  t.truthy(season.trophy_hunt_end, 'the demo season has a trophy-hunt end');
  const moved = await client(product.url).post('/test/clock', {
    now_ms: String(season.trophy_hunt_end! * 1000 + 60_000),
  });
  t.is(moved.status, 200);

  // Weeks later the first session has ended; the player signs in again.
  await open(page, product, '/trophyhunt', await newPlayer(product));
  const ended = MESSAGES.seasonEnded(season.product_name);
  await page.getByRole('heading', { name: ended }).waitFor();
  t.is(await page.getByRole('meter').count(), 0, 'no pool');
  t.is(await page.locator('[data-countdown]').count(), 0, 'no timers');
  // The leaderboard stays.
  await page.getByRole('heading', { name: 'Trophy leaderboard' }).waitFor();
});
