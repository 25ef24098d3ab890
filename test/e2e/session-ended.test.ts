import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES, PERMISSIONS } from '@ecup/domain';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { buildUser } from '../helpers/factories.ts';
import { advanceClock, type RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * Sessions that end (docs/decisions.md#minors-safety) in the player app: a player whose session ended is signed out and told so once,
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

/** Signs a new player in through the API and stores the pair as the app does (docs/product.md#states: local storage). */
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

  // The console is closed for the night, then opened again: leave it first, so that its own requests after the
  // clock moves (which send it to the login page) cannot abort the navigation that reopens it.
  await page.goto('about:blank');
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

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0';

/** A browser of its own (`userAgent`, `width` px wide) signed in as `user` through the app's own sign-in call. */
async function deviceSignedIn(
  t: ExecutionContext,
  product: RunningProduct,
  browser: Browser,
  user: { username: string; password: string },
  options: { userAgent: string; width: number; lang: string },
) {
  const context = await browser.newContext({
    viewport: { width: options.width, height: 844 },
    userAgent: options.userAgent,
    ...(options.width < 600 ? { isMobile: true, hasTouch: true } : {}),
  });
  t.teardown(() => context.close());
  const page = await context.newPage();
  await page.goto(product.url);
  await page.evaluate(
    async ({ username, password, lang }) => {
      const answer = await fetch('/user/login', { method: 'POST', body: new URLSearchParams({ username, password }) });
      const pair = (await answer.json()) as { id: number; token: string };
      localStorage.setItem('ecup.lang', lang);
      localStorage.setItem('ecup.id', String(pair.id));
      localStorage.setItem('ecup.token', pair.token);
    },
    { username: user.username, password: user.password, lang: options.lang },
  );
  return page;
}

test.serial(
  'a player signs another browser out from "Where you\'re signed in", and that browser returns to the sign-in',
  async (t) => {
    const { product, browser } = t.context;
    const user = await buildUser(product.knex);
    const laptop = await deviceSignedIn(t, product, browser, user, {
      userAgent: WINDOWS_FIREFOX,
      width: 1280,
      lang: 'en',
    });
    await laptop.goto(`${product.url}/`);
    await laptop.getByRole('button', { name: `Account menu for ${user.username}` }).waitFor();
    const phone = await deviceSignedIn(t, product, browser, user, { userAgent: IPHONE_SAFARI, width: 390, lang: 'en' });
    await phone.goto(`${product.url}/settings`);

    const section = phone.getByRole('region', { name: "Where you're signed in" });
    const rows = section.getByRole('listitem');
    await rows.nth(1).waitFor();
    t.is(await rows.count(), 2);
    const own = rows.filter({ hasText: 'This device' });
    const other = rows.filter({ hasText: 'Firefox on Windows' });
    t.regex(await own.innerText(), /Safari on iPhone/);
    t.regex(await own.innerText(), /127\.0\.0\.x/, 'the address is shortened');
    t.notRegex(await section.innerText(), /127\.0\.0\.1\b/, 'never the whole address');
    t.regex(
      await other.innerText(),
      /First used: \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
      'dates in the British English format',
    );
    t.is(await own.getByRole('button', { name: /Sign out/ }).count(), 0, 'no sign-out on this device');
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    t.true(width <= 390, `nothing wider than the 390 px screen (${width})`);
    await section.scrollIntoViewIfNeeded();
    await screenshot(phone, 'signed-in-sessions-390');

    await other.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
    await section.getByRole('status').filter({ hasText: 'Firefox on Windows is signed out.' }).waitFor();
    await rows.filter({ hasText: 'Firefox on Windows' }).waitFor({ state: 'detached' });
    t.is(await rows.count(), 1);
    t.is(
      await section.getByRole('button', { name: 'Sign out everywhere else' }).count(),
      0,
      'nothing else to sign out',
    );
    t.truthy(await section.getByText('You are signed in on this device only.').count());

    // The laptop learns at once, through its closed live connection: signed out, with the message.
    await expectOneNotice(t, laptop, 'Signed out', MESSAGES.sessionExpired, 'signed-out-from-another-device');
    await laptop.getByRole('button', { name: 'Sign in' }).first().waitFor();
    t.is(await laptop.evaluate(() => localStorage.getItem('ecup.token')), null);
  },
);

test.serial('"Logga ut överallt annars" signs out every other browser, in Swedish', async (t) => {
  const { product, browser } = t.context;
  const user = await buildUser(product.knex);
  const options = { userAgent: WINDOWS_FIREFOX, width: 1280, lang: 'sv' };
  const others = [
    await deviceSignedIn(t, product, browser, user, options),
    await deviceSignedIn(t, product, browser, user, options),
  ];
  const phone = await deviceSignedIn(t, product, browser, user, { userAgent: IPHONE_SAFARI, width: 390, lang: 'sv' });
  await phone.goto(`${product.url}/settings`);
  const section = phone.getByRole('region', { name: 'Där du är inloggad' });
  await section.getByRole('listitem').nth(2).waitFor();
  t.regex(await section.innerText(), /Först använd: \d{1,2} \w+\.? \d{4}/, 'dates in the Swedish format');
  await section.getByRole('button', { name: 'Logga ut överallt annars' }).click();
  await section.getByRole('status').filter({ hasText: 'Du är utloggad överallt annars.' }).waitFor();
  t.is(await section.getByRole('listitem').count(), 1);
  for (const other of others) {
    // Opened again later: the app starts, finds the session ended and says so in the reader's language.
    await other.goto(`${product.url}/settings`);
    await other.getByRole('dialog').filter({ hasText: 'Din session har avslutats. Logga in igen.' }).waitFor();
  }
  await phone.reload();
  await section.getByRole('listitem').first().waitFor();
  t.regex(await section.innerText(), /Den här enheten/);
});

test.serial("a moderator who may ban sees a player's sessions in the console and signs them out", async (t) => {
  const { product, browser } = t.context;
  const player = await buildUser(product.knex);
  const playerPage = await deviceSignedIn(t, product, browser, player, {
    userAgent: IPHONE_SAFARI,
    width: 390,
    lang: 'en',
  });
  await playerPage.goto(`${product.url}/settings`);
  await playerPage
    .getByRole('region', { name: "Where you're signed in" })
    .getByText('This device', { exact: true })
    .waitFor();

  async function consoleAs(permissions: number, open = newDesktopPage) {
    const staff = await buildUser(product.knex, { permissions });
    const page = await open(browser);
    t.teardown(() => page.context().close());
    await page.goto(`${product.url}/admin/users/${player.id}/show`);
    await page.getByLabel('Username').fill(staff.username);
    await page.getByLabel('Password').fill(staff.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Username').waitFor({ state: 'detached' });
    await page.goto(`${product.url}/admin/users/${player.id}/show`);
    await page.getByRole('heading', { name: 'Ban history' }).waitFor();
    return page;
  }

  const viewer = await consoleAs(PERMISSIONS.canSeeUserProfile);
  t.is(await viewer.getByRole('heading', { name: "Where they're signed in" }).count(), 0, 'hidden without canBanUsers');
  t.is(await viewer.getByRole('button', { name: 'Sign out everywhere' }).count(), 0);

  const moderator = await consoleAs(PERMISSIONS.canSeeUserProfile | PERMISSIONS.canBanUsers);
  const table = moderator.getByRole('table', { name: 'Sessions' });
  await table.waitFor();
  t.regex(await table.innerText(), /Safari on iPhone\s+127\.0\.0\.x/);
  await screenshot(moderator, 'console-user-sessions');

  // On a phone the table drops the address and first-use columns, so each session's "Sign out" is on the screen.
  const onPhone = await consoleAs(PERMISSIONS.canSeeUserProfile | PERMISSIONS.canBanUsers, newPhonePage);
  const signOut = onPhone.getByRole('table', { name: 'Sessions' }).getByRole('button', { name: /^Sign out Safari/ });
  const box = await signOut.boundingBox();
  t.truthy(box, 'a session has its Sign out button');
  t.true(box!.x >= 0 && box!.x + box!.width <= 375, `Sign out lies within the 375 px screen (x ${box?.x})`);
  t.regex(await onPhone.getByRole('table', { name: 'Sessions' }).innerText(), /Safari on iPhone\s+127\.0\.0\.x/);
  await screenshot(onPhone, 'console-user-sessions-phone');
  await moderator.getByRole('button', { name: 'Sign out everywhere' }).click();
  await moderator.getByText(`${player.username} is signed out everywhere.`).waitFor();
  await moderator.getByText('Not signed in anywhere.').waitFor();

  await expectOneNotice(t, playerPage, 'Signed out', MESSAGES.sessionExpired, 'signed-out-by-a-moderator');
  const audit = await product.knex('audit_log').where({ action: 'user.sign_out_all', entity_id: String(player.id) });
  t.is(audit.length, 1);
});
