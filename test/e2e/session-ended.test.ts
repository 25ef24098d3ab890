import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import type { Page } from 'playwright-core';
import { MESSAGES, PERMISSIONS } from '@ecup/domain';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { buildUser } from '../helpers/factories.ts';
import { advanceClock, type RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * Sessions that end (decisions §10) in the player app: a player whose session ended is signed out and told so once,
 * on opening the app and in the middle of using it, never left on a broken page.
 */
const test = e2eTest('session-ended', { TEST_CLOCK: 'on' });

/** Set ECUP_SHOTS_DIR (for example /tmp/ecup-shots) to keep screenshots of these screens. */
const SHOTS_DIR = process.env.ECUP_SHOTS_DIR;
async function screenshot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`) });
}

const DAY = 24 * 60 * 60 * 1000;

/** Signs a new player in through the API and stores the pair as the app does (spec §4: local storage). */
async function signedInPage(t: ExecutionContext, product: RunningProduct, page: Page, path: string, lang: string) {
  const user = await buildUser(product.knex);
  const res = await fetch(`${product.url}/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.username, password: user.password }),
  });
  t.is(res.status, 200);
  const pair = (await res.json()) as { id: number; token: string };
  await page.goto(product.url);
  await page.evaluate(
    ({ stored, language }) => {
      localStorage.setItem('ecup.lang', language);
      localStorage.setItem('ecup.id', String(stored.id));
      localStorage.setItem('ecup.token', stored.token);
    },
    { stored: pair, language: lang },
  );
  await page.goto(`${product.url}${path}`);
  return user;
}

/** The one open popover shows `title` and `message`; OK closes it and no second one follows. */
async function expectOneNotice(t: ExecutionContext, page: Page, title: string, message: string, shot: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  t.is((await dialog.getByRole('heading').innerText()).trim(), title);
  t.is((await dialog.locator('.MuiDialogContentText-root').innerText()).trim(), message);
  await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
  t.is(await page.getByRole('dialog').count(), 0, 'the message shows once');
}

test.serial(
  'a player back after 31 days sees "Your session has ended. Please sign in again." and the sign-in',
  async (t) => {
    const { product, browser } = t.context;
    const page = await newDesktopPage(browser);
    t.teardown(() => page.close());
    const user = await signedInPage(t, product, page, '/', 'en');
    await page.getByRole('button', { name: `Account menu for ${user.username}` }).waitFor();

    await advanceClock(product, 31 * DAY);
    await page.reload();
    await expectOneNotice(t, page, 'Signed out', MESSAGES.sessionExpired, 'session-ended-desktop-en');
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    t.is(await page.evaluate(() => localStorage.getItem('ecup.token')), null, 'the ended pair is forgotten');
    t.is(await page.getByRole('button', { name: `Account menu for ${user.username}` }).count(), 0);
  },
);

test.serial('a player whose session ends while on settings is signed out with the message in Swedish', async (t) => {
  const { product, browser } = t.context;
  const page = await newPhonePage(browser);
  t.teardown(() => page.close());
  await signedInPage(t, product, page, '/settings', 'sv');
  const firstName = page.getByLabel('Förnamn');
  await firstName.waitFor();
  // The settings page has finished its own first calls (the team names' look-ups) before the session ends.
  await page.waitForLoadState('networkidle');

  await advanceClock(product, 31 * DAY);
  await firstName.fill('Kalle');
  await page.getByRole('button', { name: 'Spara personuppgifter' }).click();
  await expectOneNotice(t, page, 'Utloggad', 'Din session har avslutats. Logga in igen.', 'session-ended-phone-sv');
  t.is(await page.evaluate(() => localStorage.getItem('ecup.token')), null, 'the ended pair is forgotten');
  const heading = page.getByRole('heading', { name: 'Du måste logga in för att se den här sidan' });
  await heading.waitFor();
  const box = await heading.boundingBox();
  t.true(box !== null && box.y >= 0 && box.y < page.viewportSize()!.height, 'the sign-in is in view, not a blank page');
  await page.getByRole('button', { name: 'Logga in' }).first().waitFor();
  await screenshot(page, 'session-ended-phone-sv-after');
});

test.serial('a console left unused for 13 hours returns to its login page with the message', async (t) => {
  const { product, browser } = t.context;
  const page = await newDesktopPage(browser);
  t.teardown(() => page.close());
  const editor = await buildUser(product.knex, { permissions: PERMISSIONS.canPublishNews });
  await page.goto(`${product.url}/admin/news`);
  await page.getByLabel('Username').fill(editor.username);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').waitFor({ state: 'detached' });
  t.is(await page.getByText(MESSAGES.sessionExpired).count(), 0, 'no message on a fresh sign-in');

  await advanceClock(product, 13 * 60 * 60 * 1000);
  await page.goto(`${product.url}/admin/news`);
  await page.getByLabel('Username').waitFor();
  const notice = page.getByRole('status').filter({ hasText: MESSAGES.sessionExpired });
  await notice.waitFor();
  await screenshot(page, 'session-ended-console');
  t.is(await page.getByRole('button', { name: 'Sign in' }).count(), 1);
  t.is(new URL(page.url()).pathname, '/admin/login');
  t.is(await page.evaluate(() => localStorage.getItem('ecup.admin.token')), null, 'the ended pair is forgotten');

  // Signing in again opens the console; the message does not come back.
  await page.getByLabel('Username').fill(editor.username);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').waitFor({ state: 'detached' });
  t.is(await page.getByText(MESSAGES.sessionExpired).count(), 0);
});
