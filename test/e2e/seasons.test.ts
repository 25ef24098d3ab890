import type { Page } from 'playwright-core';
import { weekStart } from '@ecup/domain';
import { newDesktopPage, screenshot } from '../helpers/browser.ts';
import { buildUser } from '../helpers/factories.ts';
import type { RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * The season pages (/seasons, /seasons/{id}) and a profile's past seasons, against the whole product (`npm start`
 * on its own database with the demo seed) with one finished season written as an activation keeps it.
 */
const test = e2eTest('seasons');

const shot = (page: Page, name: string) => screenshot(page, `seasons-${name}`);

interface Finished {
  id: number;
  name: string;
  players: { id: number; username: string }[];
}

let finished: Promise<Finished> | null = null;

/** A finished season of three ranked players, with a round winner and a trophy-hunt winner in its first week. */
function finishedSeason(product: RunningProduct): Promise<Finished> {
  finished ??= (async () => {
    const knex = product.knex;
    const start = new Date('2025-11-23T23:00:00Z');
    const [id] = await knex('seasons').insert({
      name: 'Winter 2025',
      product_name: 'eCup',
      qualifiers_start: start,
      qualifiers_end: new Date('2025-12-21T23:00:00Z'),
      trophy_hunt_end: new Date('2025-12-21T23:00:00Z'),
      time_zone: 'Europe/Stockholm',
      window_start_minute: 0,
      window_end_minute: 7200,
      prizes_text: '',
      active: false,
    });
    const sweden = (await knex('countries').where('code', 'se').first('id')) as { id: number };
    const players = [];
    for (const [i, elo] of [1180, 1090, 1010].entries()) {
      const user = await buildUser(knex, { username: `Winter${i + 1}`, country_id: sweden.id });
      players.push({ id: user.id, username: user.username });
      await knex('season_standings').insert({
        season_id: id!,
        user_id: user.id,
        rank: i + 1,
        elo,
        wins: 5 - i,
        ties: i,
        losses: 1,
        scored_goals: 12,
        conceded_goals: 6,
        games_played: 6,
        secured_trophies: 0,
      });
    }
    const week = weekStart(start, 'Europe/Stockholm');
    await knex('round_winners').insert({
      season_id: id!,
      week_start: week,
      place: 1,
      user_id: players[1]!.id,
      elo_gain: 64,
      games: 5,
      wins: 4,
      recorded_at: new Date(),
    });
    const [poolId] = await knex('trophy_pools').insert({ season_id: id!, week_start: week });
    await knex('trophies').insert({
      pool_id: poolId!,
      state: 'secured',
      holder_user_id: players[2]!.id,
      wins: 3,
      secured_at: new Date(week.getTime() + 3_600_000),
    });
    return { id: Number(id), name: 'Winter 2025', players };
  })();
  return finished;
}

test('the Seasons tab lists the seasons; every row opens its page; every name on a finished season opens the profile', async (t) => {
  const { product, browser } = t.context;
  const season = await finishedSeason(product);
  const page = await newDesktopPage(browser);
  try {
    await page.goto(`${product.url}/ranking`);
    await page.getByRole('navigation', { name: 'Rankings' }).getByRole('link', { name: 'Seasons' }).click();
    await page.getByRole('heading', { level: 1, name: 'Seasons' }).waitFor();
    const rows = page.locator('li[data-season]');
    await rows.first().waitFor();
    const listed = await rows.evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-season'))));
    t.true(listed.includes(season.id));
    t.true((await page.locator(`li[data-season="${season.id}"]`).innerText()).includes('Finished · 3 players'));
    t.is(await page.getByText('Current season').count(), 1, 'the demo season is the current one');
    await shot(page, 'list-1280');

    for (const id of listed) {
      await page.goto(`${product.url}/seasons`);
      await page.locator(`li[data-season="${id}"] a`).click();
      await page.waitForURL(`**/seasons/${id}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      t.is(new URL(page.url()).pathname, `/seasons/${id}`);
      if (id === season.id) {
        await page.locator('tr[data-rank]').first().waitFor();
        t.is(await page.locator('tr[data-rank]').count(), 3, 'the finished season shows its three ranked players');
      } else {
        const note = page.getByText('This season is being played: its table is the ranking.');
        await note.waitFor();
        t.true(await note.isVisible(), 'the current season points to the ranking');
      }
    }

    await page.goto(`${product.url}/seasons/${season.id}`);
    await page.getByRole('heading', { level: 1, name: season.name }).waitFor();
    const standings = page.locator('tr[data-rank]');
    t.deepEqual(await standings.evaluateAll((r) => r.map((row) => (row as HTMLElement).innerText.split('\t'))), [
      ['1', '🇸🇪 Winter1', '1,180', '5-0-1'],
      ['2', '🇸🇪 Winter2', '1,090', '4-1-1'],
      ['3', '🇸🇪 Winter3', '1,010', '3-2-1'],
    ]);
    t.true((await page.locator('tr[data-round="1"]').innerText()).includes('Winter2'));
    t.true((await page.locator('tr[data-round="1"]').innerText()).includes('+64'));
    t.true((await page.locator('tr[data-trophy-round="1"]').innerText()).includes('Winter3'));
    await shot(page, 'season-1280');
    t.true(await page.evaluate(() => document.scrollingElement!.scrollWidth <= 1280));

    const names = [
      ...season.players.map((p) => [`tr[data-rank] a`, p.username] as const),
      ['tr[data-round="1"] a', 'Winter2'] as const,
      ['tr[data-trophy-round="1"] a', 'Winter3'] as const,
    ];
    for (const [selector, username] of names) {
      await page.goto(`${product.url}/seasons/${season.id}`);
      await page.locator(selector, { hasText: username }).click();
      await page.getByRole('heading', { level: 1, name: username }).waitFor();
      t.is(new URL(page.url()).pathname, `/player/${username}`);
    }
  } finally {
    await page.close();
  }
});

test("a profile's past seasons show the final place and Elo and open the season's page", async (t) => {
  const { product, browser } = t.context;
  const season = await finishedSeason(product);
  const page = await newDesktopPage(browser);
  try {
    await page.goto(`${product.url}/player/Winter2`);
    const section = page.getByRole('region', { name: 'Past seasons' });
    await section.waitFor();
    const row = section.locator(`li[data-season="${season.id}"]`);
    t.is(
      await row.innerText().then((text) => text.replace(/\s+/g, ' ')),
      'Winter 2025 Final rank 2 · Elo 1,090 after 6 games',
    );
    await row.getByRole('link', { name: season.name }).click();
    await page.getByRole('heading', { level: 1, name: season.name }).waitFor();
    t.is(new URL(page.url()).pathname, `/seasons/${season.id}`);
  } finally {
    await page.close();
  }
});

test('Swedish at 390 px: the list, a finished season and an unknown season, no sideways scrolling', async (t) => {
  const { product, browser } = t.context;
  const season = await finishedSeason(product);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto(product.url);
    await page.evaluate(() => localStorage.setItem('ecup.lang', 'sv'));
    await page.goto(`${product.url}/seasons`);
    await page.getByRole('heading', { level: 1, name: 'Säsonger' }).waitFor();
    await page.locator(`li[data-season="${season.id}"]`).waitFor();
    t.true((await page.locator(`li[data-season="${season.id}"]`).innerText()).includes('Avslutad · 3 spelare'));
    t.true(await page.evaluate(() => document.scrollingElement!.scrollWidth <= 390));
    await shot(page, 'list-390-sv');

    await page.locator(`li[data-season="${season.id}"] a`).click();
    await page.getByRole('heading', { level: 2, name: 'Slutliga topp 100' }).waitFor();
    t.true(await page.getByRole('heading', { level: 2, name: 'Veckans omgångsvinnare' }).isVisible());
    t.true(await page.getByRole('heading', { level: 2, name: 'Vinnare i troféjakten' }).isVisible());
    t.is(await page.locator('tr[data-rank]').count(), 3);
    t.true(await page.evaluate(() => document.scrollingElement!.scrollWidth <= 390));
    await shot(page, 'season-390-sv');

    await page.goto(`${product.url}/seasons/999999`);
    await page.getByText('Den säsongen finns inte.').waitFor();
    await page.getByRole('alert').getByRole('link', { name: 'Alla säsonger' }).click();
    await page.getByRole('heading', { level: 1, name: 'Säsonger' }).waitFor();
    await page.goto(`${product.url}/seasons/abc`);
    await page.getByText('Ogiltigt säsongs-id.').waitFor();
    t.true(await page.evaluate(() => document.scrollingElement!.scrollWidth <= 390));
  } finally {
    await context.close();
  }
});
