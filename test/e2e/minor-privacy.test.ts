import type { Page } from 'playwright-core';
import { createSession } from '@ecup/db';
import { MESSAGES } from '@ecup/domain';
import { newDesktopPage, screenshot } from '../helpers/browser.ts';
import { buildUser } from '../helpers/factories.ts';
import type { RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * What others see of a player (docs/rules.md "What others see of a player"), against the whole product: a visitor
 * on a 13-year-old's page sees the username but no name or club, and an adult hides their real name in settings.
 */
const test = e2eTest('minor-privacy');

async function signIn(page: Page, product: RunningProduct, userId: number, path: string) {
  const session = await createSession(product.knex, { user_id: userId, ip: null, user_agent: null });
  await page.goto(product.url);
  await page.evaluate(
    ({ id, token }) => {
      localStorage.setItem('ecup.lang', 'en');
      localStorage.setItem('ecup.id', String(id));
      localStorage.setItem('ecup.token', token);
    },
    { id: userId, token: session.result.token },
  );
  await page.goto(`${product.url}${path}`);
}

test("a visitor on a 13-year-old's profile sees the username, not the first name, last name or club", async (t) => {
  const { product, browser } = t.context;
  const year = new Date().getUTCFullYear();
  const kid = await buildUser(product.knex, {
    username: 'KidPrivate',
    first_name: 'Minnamia',
    last_name: 'Lindqvistson',
    team_name: 'Bagarmossen BK',
    gamer_tag: 'KidTag77',
    birth_date: new Date(Date.UTC(year - 13, 0, 1)),
    elo: 1020,
    games_played: 1,
    wins: 1,
  });
  const page = await newDesktopPage(browser);
  try {
    await page.goto(`${product.url}/player/${kid.username}`);
    await page.getByRole('heading', { level: 1, name: kid.username }).waitFor();
    // The app has taken over the drawn page once its own read has come back; the text must hold for both.
    await page.waitForLoadState('networkidle');
    const text = await page.locator('body').innerText();
    for (const secret of ['Minnamia', 'Lindqvistson', 'Bagarmossen BK', 'KidTag77']) {
      t.false(text.includes(secret), secret);
    }
    t.true(text.includes(kid.username));
    t.is(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
    await screenshot(page, 'minor-privacy-profile');
  } finally {
    await page.context().close();
  }
});

test('an adult hides their real name in settings, and their profile then shows the username alone', async (t) => {
  const { product, browser } = t.context;
  const adult = await buildUser(product.knex, {
    username: 'GrownPrivate',
    first_name: 'Adultbert',
    last_name: 'Gustavsson',
    team_name: 'Hammarby IF',
    elo: 1010,
    games_played: 1,
  });
  const page = await newDesktopPage(browser);
  try {
    await page.goto(`${product.url}/player/${adult.username}`);
    await page.getByText('Adultbert Gustavsson').waitFor();

    await signIn(page, product, adult.id, '/settings');
    const toggle = page.getByLabel('Hide my real name from other players');
    await toggle.waitFor();
    t.false(await toggle.isChecked(), 'shown by default');
    await toggle.check();
    await page.getByRole('button', { name: 'Save privacy' }).click();
    await page.getByText(MESSAGES.privacySaved).waitFor();
    const row = (await product.knex('users').where('id', adult.id).first('hide_real_name')) as {
      hide_real_name: number;
    };
    t.is(row.hide_real_name, 1);

    // The profile is cached for a second.
    await page.waitForTimeout(1100);
    await page.goto(`${product.url}/player/${adult.username}`);
    await page.getByRole('heading', { level: 1, name: adult.username }).waitFor();
    await page.waitForLoadState('networkidle');
    const text = await page.locator('body').innerText();
    t.false(text.includes('Adultbert'));
    t.false(text.includes('Gustavsson'));
    t.true(text.includes('Hammarby IF'), 'an adult keeps the club public');
  } finally {
    await page.context().close();
  }
});
