import type { Page } from 'playwright-core';
import { MESSAGES, PERMISSIONS } from '@ecup/domain';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { e2eTest } from '../helpers/e2e.ts';
import type { Credentials } from '../helpers/http.ts';

/**
 * Reports and blocks as players and a moderator meet them (decisions §10): a player reports an opponent's chat
 * line and blocks them on a phone, finds them under Blocked players; a moderator warns from the Reports queue; the
 * reporter reads "We looked at your report" and the warned player sees the warning once.
 */
const test = e2eTest('reports');

/** Opens `path` signed in with `pair`, the way the app keeps a session (local storage). */
async function openSignedIn(page: Page, url: string, path: string, pair: Credentials) {
  await page.goto(url);
  await page.evaluate((stored) => {
    localStorage.setItem('ecup.id', String(stored.id));
    localStorage.setItem('ecup.token', stored.token);
  }, pair);
  await page.goto(`${url}${path}`);
}

/** Closes the open popover with its OK button once it shows `text`. */
async function popoverSays(page: Page, text: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

test('a player reports a line and blocks; a moderator warns; both players see the outcome', async (t) => {
  const { product, browser } = t.context;
  const reporter = await signedInUser(product.knex);
  const reported = await signedInUser(product.knex);
  const game = await buildGame(product.knex, {
    user_1_id: reporter.user.id,
    user_2_id: reported.user.id,
    created_at: new Date(Date.now() - 60_000),
  });
  await product.knex('chat_messages').insert({
    game_id: game,
    user_id: reported.user.id,
    content: 'what is your phone number?',
    is_admin: false,
    created_at: new Date(Date.now() - 30_000),
  });

  // The reporter, on a phone: report the line, then block the opponent.
  const phone = await newPhonePage(browser);
  t.teardown(() => phone.context().close());
  await openSignedIn(phone, product.url, `/game/${game}`, reporter.auth);
  const line = phone.locator('li[data-message]').filter({ hasText: 'what is your phone number?' });
  await line.getByRole('button', { name: 'Report this message' }).click();
  const dialog = phone.getByRole('dialog').filter({ hasText: `Report a message from ${reported.user.username}` });
  await dialog.getByLabel('Asking for personal details').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await popoverSays(phone, MESSAGES.reportSent);
  const row = await product.knex('reports').where('reporter_user_id', reporter.user.id).first();
  t.like(row, { kind: 'chat', reason: 'personal_details', reported_user_id: reported.user.id });

  await phone.getByRole('button', { name: 'Block player' }).click();
  const confirm = phone.getByRole('dialog').filter({ hasText: `Block ${reported.user.username}?` });
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await popoverSays(phone, MESSAGES.playerBlocked);
  t.is(await line.count(), 0, 'the blocked player’s line is gone from the chat');
  t.true(
    await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'the game page fits the phone',
  );

  await phone.goto(`${product.url}/settings`);
  const blocked = phone.locator('[data-blocked-players]');
  await blocked.getByText(reported.user.username).waitFor();
  t.is(await phone.getByRole('button', { name: `Unblock ${reported.user.username}` }).count(), 1);

  // The moderator warns from the Reports queue.
  const moderator = await buildUser(product.knex, { permissions: PERMISSIONS.canBanUsers });
  const desk = await newDesktopPage(browser);
  t.teardown(() => desk.context().close());
  await desk.goto(`${product.url}/admin/`);
  await desk.getByLabel('Username').fill(moderator.username);
  await desk.getByLabel('Password').fill(moderator.password);
  await desk.getByRole('button', { name: 'Sign in' }).click();
  await desk.getByRole('menuitem', { name: 'Reports', exact: true }).click();
  await desk.getByText(`${reported.user.username} (`).first().click();
  const marked = desk.locator('[data-reported-line]');
  await marked.waitFor();
  t.true((await marked.innerText()).includes('what is your phone number?'), 'the reported line is marked');
  await desk.getByRole('button', { name: 'Warn' }).click();
  await desk.getByLabel('Warning').fill('Never ask other players for personal details.');
  await desk.getByRole('button', { name: 'Send warning' }).click();
  await desk.getByText(`${reported.user.username} is warned.`).waitFor();
  const audit = await product.knex('audit_log').where({ actor_user_id: moderator.id, action: 'user.warn' }).first();
  t.truthy(audit, 'the warning is in the audit log');

  // The reporter sees the report handled.
  await phone.goto(`${product.url}/conflicts`);
  await phone.getByText('We looked at your report').waitFor();

  // The warned player sees the warning once.
  const other = await newDesktopPage(browser);
  t.teardown(() => other.context().close());
  await openSignedIn(other, product.url, '/', reported.auth);
  const warning = other.getByRole('dialog').filter({ hasText: 'Never ask other players for personal details.' });
  await warning.waitFor();
  await warning.getByRole('button', { name: 'I understand' }).click();
  await warning.waitFor({ state: 'detached' });
  const seenAt = async () =>
    (await product.knex('user_warnings').where('user_id', reported.user.id).first('seen_at')).seen_at as Date | null;
  for (let i = 0; i < 50 && (await seenAt()) === null; i++) await new Promise((r) => setTimeout(r, 100));
  t.truthy(await seenAt(), 'closing the dialog marks the warning seen');
  const answered = other.waitForResponse((response) => response.url().includes('/user/warning'));
  await other.reload();
  await answered;
  await other.getByRole('heading', { level: 1 }).first().waitFor();
  t.is(await warning.count(), 0, 'shown once');
});
