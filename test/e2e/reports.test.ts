import type { Page } from 'playwright-core';
import { MESSAGES, PERMISSIONS } from '@ecup/domain';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { e2eTest } from '../helpers/e2e.ts';
import { client, type Credentials } from '../helpers/http.ts';

/**
 * Reports and blocks as players and a moderator meet them (docs/decisions.md#minors-safety): a player reports an opponent's chat
 * line and blocks them on a phone, finds them under Blocked players; a moderator warns from the Reports queue; the
 * reporter reads "We looked at your report" and the warned player sees the warning once. A flag raised by an
 * adult's masked contact details to a minor heads the queue; its page shows the masked attempts, and a post report
 * sits in the same list.
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
  const unblockHere = phone.getByRole('button', { name: `Unblock ${reported.user.username}` });
  await unblockHere.waitFor();
  t.is(await phone.getByRole('button', { name: 'Block player' }).count(), 0, 'no second Block once blocked');
  await phone.reload();
  await unblockHere.waitFor();
  t.is(await line.count(), 0, 'after a reload the line stays hidden and the button still reads Unblock');
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
    (await product.knex('user_warnings').where('user_id', reported.user.id).first('seen_at'))!.seen_at as Date | null;
  for (let i = 0; i < 50 && (await seenAt()) === null; i++) await new Promise((r) => setTimeout(r, 100));
  t.truthy(await seenAt(), 'closing the dialog marks the warning seen');
  const answered = other.waitForResponse((response) => response.url().includes('/user/warning'));
  await other.reload();
  await answered;
  await other.getByRole('heading', { level: 1 }).first().waitFor();
  t.is(await warning.count(), 0, 'shown once');
});

/** Signs a staff member in to the console on `page`. */
async function consoleSignIn(page: Page, url: string, staff: { username: string; password: string }) {
  await page.goto(`${url}/admin/`);
  await page.getByLabel('Username').fill(staff.username);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((target) => !target.pathname.includes('/login'));
}

test('a flag for an adult who sent a minor contact details heads the queue; the moderator bans; a post report is hidden from the same list', async (t) => {
  const { product, browser } = t.context;
  const api = client(product.url);
  await product.knex('seasons').where('active', true).update({ chat_mode: 'filtered' });
  const year = new Date().getUTCFullYear();
  const adult = await signedInUser(product.knex, { birth_date: new Date(Date.UTC(year - 31, 0, 1)) });
  const child = await signedInUser(product.knex, { birth_date: new Date(Date.UTC(year - 13, 0, 1)) });
  const game = await buildGame(product.knex, {
    user_1_id: adult.user.id,
    user_2_id: child.user.id,
    created_at: new Date(Date.now() - 20 * 60_000),
  });
  const sent = await api.postJson(
    '/game/chat/send_message',
    { game_id: game, message: 'add me on snap: big_kev07' },
    { auth: adult.auth },
  );
  t.is(sent.status, 200);
  // A forum post by the child, reported by another player; made older than the flag, which still lists first.
  const thread = await api.postJson<{ id: number }>(
    '/forums/new_thread',
    { category_id: 3, title: 'Who wants a friendly?', message: 'I am rubbish at defending' },
    { auth: child.auth },
  );
  const post = (await product.knex('forum_posts').where('thread_id', thread.body.id).first('id'))!.id as number;
  const reporter = await signedInUser(product.knex);
  t.is(
    (await api.postJson('/forums/post/report', { post_id: post, reason: 'Off topic spam' }, { auth: reporter.auth }))
      .status,
    200,
  );
  await product
    .knex('reports')
    .where({ kind: 'forum', post_id: post })
    .update({ created_at: new Date(Date.now() - 3600_000) });

  // A ban needs the user page's flags wherever it is made (docs/rules.md "Staff actions and audit").
  const moderator = await buildUser(product.knex, {
    permissions: PERMISSIONS.canBanUsers | PERMISSIONS.canSeeUserProfile,
  });
  for (const [width, page] of [
    [375, await newPhonePage(browser)],
    [1280, await newDesktopPage(browser)],
  ] as const) {
    t.teardown(() => page.context().close());
    await consoleSignIn(page, product.url, moderator);
    await page.goto(`${product.url}/admin/reports`);
    const firstRow = page.locator('tbody tr').first();
    await firstRow.locator('[data-flag]').waitFor();
    t.true(
      (await firstRow.innerText()).includes('1 masked contact attempt to a minor'),
      `the flag leads at ${width} px`,
    );
    await page.screenshot({ path: `/tmp/reports-queue-${width}.png`, fullPage: true });
    if (width === 375) continue;

    await firstRow.click();
    const attempts = page.locator('[data-masked-attempts]');
    await attempts.getByText('add me on snap: big_kev07').waitFor();
    t.true((await page.locator('[data-report-player="Flagged"]').innerText()).includes('Age 31'));
    await page.screenshot({ path: `/tmp/reports-flag-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Ban' }).click();
    const ban = page.getByRole('dialog').filter({ hasText: `Ban ${adult.user.username}` });
    await ban.getByLabel('Reason').fill('Asked a child to add him on Snapchat.');
    await ban.getByRole('button', { name: 'Ban' }).click();
    await page.getByText(`${adult.user.username} is banned.`).waitFor();
    const banned = await product.knex('users').where('id', adult.user.id).first('banned_until', 'ban_reason');
    t.is(banned!.ban_reason, 'Asked a child to add him on Snapchat.');
    t.truthy(await product.knex('audit_log').where({ actor_user_id: moderator.id, action: 'user.ban' }).first());

    // The post report in the same list: its page shows the post in its thread; hiding it settles the report.
    await page.getByRole('link', { name: 'All reports' }).click();
    await page.locator('tbody tr').filter({ hasText: 'Forum post' }).first().click();
    await page.locator('[data-reported-post]').getByText('I am rubbish at defending').waitFor();
    await page.screenshot({ path: `/tmp/reports-post-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Hide post' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Hide post' }).click();
    await page.getByText('The post is hidden.').waitFor();
    const hidden = await product.knex('forum_posts').where('id', post).first('hidden_at', 'hidden_reason');
    t.truthy(hidden!.hidden_at);
    t.is(hidden!.hidden_reason, 'Off topic spam');
    t.like(await product.knex('reports').where({ kind: 'forum', post_id: post }).first(), { outcome: 'hidden' });
  }
});
