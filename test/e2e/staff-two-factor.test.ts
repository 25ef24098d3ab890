import type { ExecutionContext } from 'ava';
import { Secret } from 'otpauth';
import type { Page } from 'playwright-core';
import { createSession } from '@ecup/db';
import { hashRecoveryCode } from '@ecup/security';
import { MESSAGES, PERMISSIONS, RESULT_ENTRY_DELAY_MS } from '@ecup/domain';
import { expectPopover, newDesktopPage, newPhonePage, screenshot } from '../helpers/browser.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import type { RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';
import { totpCode, wrongTotpCode } from '../helpers/totp.ts';

/**
 * Staff with two-factor sign-in on sign in to the player app with their code (docs/decisions.md#permissions): the form asks for it
 * only then, a wrong one says so, and the session has the moderator's view of any game (chat as admin, scores,
 * evidence).
 */
const test = e2eTest('staff-two-factor');

/** The code an authenticator app shows for `secret` now, `offsetMs` from then. */
const codeFor = (secret: string, offsetMs = 0) => totpCode(secret, Date.now() + offsetMs);
const wrongCodeFor = (secret: string) => wrongTotpCode(secret, Date.now());

/** A moderator (canResolveConflicts) with two-factor sign-in on and one recovery code. */
async function moderatorWithTotp(product: RunningProduct, recoveryCode: string) {
  const secret = new Secret({ size: 20 }).base32;
  const user = await buildUser(product.knex, {
    permissions: PERMISSIONS.canResolveConflicts,
    totp_enabled: true,
    totp_secret: secret,
  });
  await product
    .knex('recovery_codes')
    .insert({ user_id: user.id, code_hash: hashRecoveryCode(recoveryCode), created_at: new Date() });
  return { user, secret };
}

/** Posts a form as a signed-in player (sessions made directly: sign-in has limits of its own per address). */
async function postAs(product: RunningProduct, pair: { id: number; token: string }, path: string, fields: object) {
  const res = await fetch(`${product.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${pair.id}:${pair.token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])),
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
}

/** A game of two other players in conflict: 2-0 submitted and protested, a YouTube link as evidence, a chat line. */
async function gameInConflict(product: RunningProduct) {
  const [a, b] = await Promise.all([buildUser(product.knex), buildUser(product.knex)]);
  const [pairA, pairB] = await Promise.all(
    [a, b].map(async (user) => {
      const session = await createSession(product.knex, { user_id: user.id, ip: null, user_agent: null });
      return { id: user.id, token: session.result.token };
    }),
  );
  const id = await buildGame(product.knex, {
    user_1_id: a.id,
    user_2_id: b.id,
    created_at: new Date(Date.now() - RESULT_ENTRY_DELAY_MS - 60_000),
  });
  await postAs(product, pairA!, '/game/submit', { game_id: id, score_1: 2, score_2: 0 });
  await postAs(product, pairB!, '/game/escalate', { game_id: id });
  await postAs(product, pairB!, '/game/upload_evidence', { game_id: id, youtube_id: 'https://youtu.be/9bZkp7q19f0' });
  await postAs(product, pairA!, '/game/chat/send_message', { game_id: id, message: 'It was 2-0.' });
  return { id, a, b };
}

/** The moderator's view of the game: the score as submitted, the evidence, the result form, chat styled admin. */
async function expectModeratorView(t: ExecutionContext, page: Page, url: string, gameId: number, line: string) {
  await page.goto(`${url}/game/${gameId}`);
  await page.locator('[data-status="Conflict"], [data-status="Konflikt"]').waitFor();
  t.is(await page.locator('[data-score]').getAttribute('data-score'), '2-0');
  await page.locator('[data-evidence]').first().waitFor();
  t.is(await page.locator('[data-evidence]').count(), 1);
  await page.getByRole('button', { name: /^(Save result|Spara resultat)$/ }).waitFor();
  await page.locator('[data-message-body]', { hasText: 'It was 2-0.' }).waitFor();
  await page.getByRole('textbox', { name: /Message|Meddelande/ }).fill(line);
  await page.getByRole('button', { name: /^(Send|Skicka)$/ }).click();
  await page.locator('[data-admin] [data-message-body]', { hasText: line }).waitFor();
}

test('a moderator with two-factor on signs in at / with the code, after a wrong one, and sees the moderator view of a game', async (t) => {
  const { product, browser } = t.context;
  const { user, secret } = await moderatorWithTotp(product, 'aaaabbbbcccc');
  const game = await gameInConflict(product);
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await page.goto(`${product.url}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#dropdown-username').fill(user.username);
  await page.locator('#dropdown-password').fill(user.password);
  t.is(await page.locator('#dropdown-code').count(), 0, 'no code field before the server asks for it');
  await page.locator('#dropdown-password').press('Enter');

  const code = page.getByLabel('Code from your authenticator app');
  await code.waitFor();
  t.true(await code.evaluate((field) => field === document.activeElement), 'the code field takes the focus');
  t.true(await page.locator('#dropdown-username').isDisabled());
  t.is(await page.getByRole('dialog').count(), 0, 'asking for the code is not an error');
  await screenshot(page, 'sign-in-code-desktop-en');

  await code.fill(wrongCodeFor(secret));
  await code.press('Enter');
  await expectPopover(t, page, MESSAGES.loginErrorTitle, MESSAGES.secondFactorInvalid);
  t.is(await code.inputValue(), '');
  t.is(await page.getByRole('button', { name: `Account menu for ${user.username}` }).count(), 0);

  await code.fill(codeFor(secret));
  await code.press('Enter');
  await page.getByRole('button', { name: `Account menu for ${user.username}` }).waitFor();
  await expectModeratorView(t, page, product.url, game.id, 'A moderator is looking at this game.');
  await screenshot(page, 'game-moderator-desktop-en');
});

test('an ordinary player signs in with the password alone: no code field, one call', async (t) => {
  const { product, browser } = t.context;
  const player = await buildUser(product.knex);
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  const logins: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/user/login') logins.push(request.postData() ?? '');
  });
  await page.goto(`${product.url}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#dropdown-username').fill(player.username);
  await page.locator('#dropdown-password').fill(player.password);
  await page.locator('#dropdown-password').press('Enter');
  await page.getByRole('button', { name: `Account menu for ${player.username}` }).waitFor();
  t.is(logins.length, 1);
  t.false(logins[0]!.includes('code'));
  t.is(await page.locator('#dropdown-code').count(), 0);
});

test('at 375 px in Swedish: a wrong code is explained in Swedish, a recovery code signs in, the game shows the moderator view', async (t) => {
  const { product, browser } = t.context;
  const { user, secret } = await moderatorWithTotp(product, 'ddddeeeeffff');
  const game = await gameInConflict(product);
  const phone = await newPhonePage(browser);
  t.teardown(() => phone.context().close());
  await phone.goto(`${product.url}/`);
  await phone.evaluate(() => localStorage.setItem('ecup.lang', 'sv'));
  await phone.goto(`${product.url}/`);
  await phone.getByRole('button', { name: 'Meny' }).click();
  await phone.locator('#inline-username').fill(user.username);
  await phone.locator('#inline-password').fill(user.password);
  await phone.locator('#inline-password').press('Enter');

  const code = phone.getByLabel('Kod från din autentiseringsapp');
  await code.waitFor();
  t.true(await phone.getByText('Tappat telefonen? Ange en av dina återställningskoder i stället.').isVisible());
  const fits = await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  t.true(fits, 'no sideways scrolling at 375 px');
  await screenshot(phone, 'sign-in-code-phone-sv');
  await code.fill(wrongCodeFor(secret));
  await code.press('Enter');
  await expectPopover(t, phone, 'Inloggningsfel', 'Koden är inte giltig. Försök igen.');

  await code.fill('dddd-eeee-ffff');
  await code.press('Enter');
  await phone.getByRole('button', { name: 'Meny' }).click();
  await phone.locator('#nav-bar').getByRole('button', { name: 'Logga ut' }).waitFor();
  await expectModeratorView(t, phone, product.url, game.id, 'En moderator tittar på matchen.');
  await screenshot(phone, 'game-moderator-phone-sv');
});
