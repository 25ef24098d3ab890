import type { Page } from 'playwright-core';
import { createSession } from '@ecup/db';
import { MESSAGES } from '@ecup/domain';
import { newDesktopPage, screenshot } from '../helpers/browser.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { signInOnPage, type RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * A player's public page and the signed-in player's game history, against the whole product (`npm start` on its
 * own database with the demo seed).
 */
const test = e2eTest('players');

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Two ranked players with two final games between them (the second went to a conflict) and one still playing. */
async function twoPlayers(product: RunningProduct, prefix: string) {
  const knex = product.knex;
  const anna = await buildUser(knex, {
    username: `${prefix}Anna`,
    elo: 1012,
    games_played: 2,
    wins: 1,
    losses: 1,
    scored_goals: 4,
    conceded_goals: 3,
  });
  const bo = await buildUser(knex, { username: `${prefix}Bo`, elo: 988, games_played: 2, wins: 1, losses: 1 });
  const games: number[] = [];
  for (const [minutes, score, after, conflict] of [
    [60, [3, 1], [1016, 984], false],
    [10, [1, 2], [1012, 988], true],
  ] as const) {
    const id = await buildGame(knex, {
      user_1_id: anna.id,
      user_2_id: bo.id,
      created_at: ago(minutes + 20),
      state: 'final',
      score_1: score[0],
      score_2: score[1],
      conflict,
    });
    await knex('games')
      .where('id', id)
      .update({
        final_at: ago(minutes),
        elo_1_before: minutes === 60 ? 1000 : 1016,
        elo_2_before: minutes === 60 ? 1000 : 984,
        elo_1_after: after[0],
        elo_2_after: after[1],
      });
    games.push(id);
  }
  const disputed = await buildGame(knex, {
    user_1_id: anna.id,
    user_2_id: bo.id,
    created_at: ago(5),
    state: 'conflict',
    score_1: 2,
    score_2: 2,
    conflict: true,
  });
  const playing = await buildGame(knex, { user_1_id: anna.id, user_2_id: bo.id, created_at: ago(1) });
  return { anna, bo, games, disputed, playing };
}

async function signIn(page: Page, product: RunningProduct, userId: number, path: string, lang = 'en') {
  await signInOnPage(page, product, userId, lang);
  await page.goto(`${product.url}${path}`);
}

/** A screenshot when the run keeps them (ECUP_SHOTS_DIR). */
const shot = (page: Page, name: string) => screenshot(page, `player-pages-${name}`);

test('a name in the ranking opens the profile: Elo, rank, chart, last games with a conflict mark, no e-mail', async (t) => {
  const { product, browser } = t.context;
  const { anna, games } = await twoPlayers(product, 'Pp');
  const page = await newDesktopPage(browser);
  try {
    await page.goto(`${product.url}/ranking?search=${anna.username}`);
    await page.getByRole('link', { name: anna.username, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: anna.username }).waitFor();
    t.is(new URL(page.url()).pathname, `/player/${anna.username}`);
    t.true((await page.locator('[data-elo]').innerText()).includes('1,012'));
    t.regex(await page.locator('[data-rank]').innerText(), /#\d+/);
    t.is(await page.locator('svg[data-elo-chart] path').count(), 1);
    t.true(await page.getByText('Elo went from 1,000 to 1,012 this season; the highest was 1,016.').isVisible());
    const rows = page.getByRole('list', { name: 'Last games' }).getByRole('listitem');
    t.is(await rows.count(), 2);
    t.is(await rows.first().getAttribute('data-game'), String(games[1]));
    t.is(await rows.first().locator('[data-conflict]').count(), 1);
    t.is(await rows.nth(1).locator('[data-conflict]').count(), 0);
    t.true((await rows.first().innerText()).includes('-4'));
    const text = await page.locator('body').innerText();
    t.false(text.includes(anna.email));
    t.true((await page.title()).startsWith(`Player ${anna.username}`));
    await shot(page, 'profile-1280');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.waitForTimeout(200);
    t.true(await page.evaluate(() => document.scrollingElement!.scrollWidth <= 390));
    await shot(page, 'profile-390');
  } finally {
    await page.context().close();
  }
});

test('an unknown name says so, with a search of the ranking and a link to it', async (t) => {
  const { product, browser } = t.context;
  const page = await newDesktopPage(browser);
  try {
    await page.goto(`${product.url}/player/NoSuchPlayer`);
    await page.getByText(MESSAGES.playerNotFound).waitFor();
    t.is(await page.getByRole('link', { name: 'Go to the ranking' }).getAttribute('href'), '/ranking');
    await page.getByLabel('Search the ranking').fill('Lind');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/ranking\?search=Lind$/);
    t.is(await page.getByRole('searchbox').or(page.locator('input[type="search"]')).first().inputValue(), 'Lind');
  } finally {
    await page.context().close();
  }
});

test('history: the signed-in player sees their games, filters by state and opens a game', async (t) => {
  const { product, browser } = t.context;
  const { anna, games, disputed, playing } = await twoPlayers(product, 'Ph');
  const page = await newDesktopPage(browser);
  try {
    await page.goto(`${product.url}/history`);
    await page.getByRole('heading', { level: 1, name: MESSAGES.mustLogInToView }).waitFor();
    t.is(await page.locator('[data-game]').count(), 0, 'signed out, no game is listed');

    await signIn(page, product, anna.id, '/history');
    await page.getByRole('heading', { level: 1, name: 'My games' }).waitFor();
    const rows = page.locator('[data-game]');
    await rows.nth(3).waitFor();
    t.is(await rows.count(), 4);
    t.is(await rows.first().getAttribute('data-game'), String(playing));
    await shot(page, 'history-1280');

    await page.getByRole('button', { name: 'Conflict', exact: true }).click();
    await page.waitForURL(/\?state=conflict$/);
    // The old list stays on screen until the filtered one has arrived: wait for the new one, not a row of both.
    await page.waitForFunction((n) => document.querySelectorAll('[data-game]').length === n, 1);
    await page.locator(`[data-game="${disputed}"]`).waitFor();
    t.is(await rows.count(), 1);

    await page.getByRole('button', { name: 'Final', exact: true }).click();
    await page.waitForURL(/\?state=final$/);
    await page.waitForFunction((n) => document.querySelectorAll('[data-game]').length === n, 2);
    await page.locator(`[data-game="${games[0]}"]`).waitFor();
    t.deepEqual(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-game'))), [
      String(games[1]),
      String(games[0]),
    ]);
    await page.locator(`[data-game="${games[0]}"]`).click();
    await page.waitForURL(new RegExp(`/game/${games[0]}$`));
    t.is(new URL(page.url()).pathname, `/game/${games[0]}`);

    await page.goto(`${product.url}/history`);
    await page.getByRole('button', { name: /Account menu/ }).click();
    t.is(await page.getByRole('menuitem', { name: 'My games' }).getAttribute('href'), '/history');
  } finally {
    await page.context().close();
  }
});

test('history in Swedish at 390 px: Swedish labels, no sideways scrolling', async (t) => {
  const { product, browser } = t.context;
  const { anna } = await twoPlayers(product, 'Ps');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await signIn(page, product, anna.id, '/history', 'sv');
    await page.getByRole('heading', { level: 1, name: 'Mina matcher' }).waitFor();
    await page.locator('[data-game]').nth(2).waitFor();
    t.true(await page.getByRole('button', { name: 'Väntar på verifiering' }).isVisible());
    t.true(await page.evaluate(() => document.scrollingElement!.scrollWidth <= 390));
    await shot(page, 'history-390');
    await page.goto(`${product.url}/player/${anna.username}`);
    await page.getByRole('heading', { level: 2, name: 'Senaste matcherna' }).waitFor();
    t.true(await page.evaluate(() => document.scrollingElement!.scrollWidth <= 390));
  } finally {
    await context.close();
  }
});

test("on the game page both players' names and the chat's names open their profiles", async (t) => {
  const { product, browser } = t.context;
  const { anna, bo, playing } = await twoPlayers(product, 'Pg');
  const session = await createSession(product.knex, { user_id: bo.id, ip: null, user_agent: null });
  const said = await client(product.url).post(
    '/game/chat/send_message',
    { game_id: String(playing), message: 'Good game' },
    { auth: { id: bo.id, token: session.result.token } },
  );
  t.is(said.status, 200);
  const page = await newDesktopPage(browser);
  try {
    await signIn(page, product, anna.id, `/game/${playing}`);
    for (const [where, name] of [
      [`[data-player="${bo.username}"]`, bo.username],
      [`[data-player="${anna.username}"]`, anna.username],
      ['li[data-message]', bo.username],
    ] as const) {
      await page.locator(where).first().getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      t.is(new URL(page.url()).pathname, `/player/${name}`, where);
      await page.goBack();
      await page.locator(`[data-player="${bo.username}"]`).waitFor();
    }
  } finally {
    await page.context().close();
  }
});

test('countries and clubs: tabs, sort by players, search, best player opens the profile', async (t) => {
  const { product, browser } = t.context;
  const page = await newDesktopPage(browser);
  try {
    await page.goto(`${product.url}/ranking`);
    const tabs = page.getByRole('navigation', { name: 'Rankings' });
    await tabs.getByRole('link', { name: 'Countries' }).click();
    await page.getByRole('heading', { level: 1, name: 'Countries' }).waitFor();
    t.is(await tabs.getByRole('link', { name: 'Countries' }).getAttribute('aria-current'), 'page');
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();

    await page.getByRole('button', { name: 'Players', exact: true }).click();
    await page.waitForURL(/\/ranking\/countries\?sort=players$/);
    const sortedByPlayers = await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('tbody tr td:nth-child(3)')].map((td) =>
        Number(td.textContent!.replace(/\D/g, '')),
      );
      return cells.length > 1 && cells.every((n, i) => i === 0 || n <= cells[i - 1]!);
    });
    t.true(await sortedByPlayers.jsonValue(), 'the countries are in order of players, most first');
    await screenshot(page, 'player-pages-countries-1280');

    const first = (await rows.first().locator('td').nth(1).innerText()).replace(/^\S+\s/u, '').trim();
    await page.getByLabel('Search').fill(first);
    await page.waitForURL(/search=/);
    await page.waitForFunction((name) => {
      const names = [...document.querySelectorAll('tbody tr td:nth-child(2)')].map((td) => td.textContent!);
      return names.length >= 1 && names.every((n) => n.toLowerCase().includes(name.toLowerCase()));
    }, first);
    const best = rows.first().locator('td').nth(5).getByRole('link');
    const name = await best.innerText();
    await best.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    t.is(new URL(page.url()).pathname, `/player/${name}`);

    // A club table's address opens the page itself, not the API's answer.
    await page.goto(`${product.url}/ranking/clubs`);
    await page.getByRole('heading', { level: 1, name: 'Clubs' }).waitFor();
    await page.goto(`${product.url}/ranking`);
    await tabs.getByRole('link', { name: 'Clubs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Clubs' }).waitFor();
    await rows.first().waitFor();
    t.true((await rows.count()) > 0);

    await page.setViewportSize({ width: 390, height: 844 });
    await tabs.getByRole('link', { name: 'Countries' }).click();
    await page.getByRole('heading', { level: 1, name: 'Countries' }).waitFor();
    await rows.first().waitFor();
    t.true(await page.evaluate(() => document.scrollingElement!.scrollWidth <= 390));
    await screenshot(page, 'player-pages-countries-390');
  } finally {
    await page.context().close();
  }
});
