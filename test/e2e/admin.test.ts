import type { Page } from 'playwright-core';
import { PERMISSIONS, MESSAGES } from '@ecup/domain';
import { newDesktopPage } from '../helpers/browser.ts';
import { buildUser } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client } from '../helpers/http.ts';
import { e2eTest } from '../helpers/e2e.ts';
import type { RunningProduct } from '../helpers/product.ts';

/**
 * The admin console (issue 7) against the whole product: staff sign in at /admin/ with their player account (no
 * second factor unless they turned it on or hold every flag) and see only the tools their flags allow.
 */
const test = e2eTest('admin');

async function signInToConsole(page: Page, product: RunningProduct, username: string, password: string) {
  await page.goto(`${product.url}/admin/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A call with the console's own session, from inside the page (the console keeps it under its own keys). */
function consoleFetch(page: Page, path: string) {
  return page.evaluate(async (target) => {
    const auth = `Bearer ${localStorage.getItem('ecup.admin.id')}:${localStorage.getItem('ecup.admin.token')}`;
    const res = await fetch(target, { headers: { Authorization: auth } });
    return { status: res.status, body: (await res.json()) as { error?: string } };
  }, path);
}

test('staff without canPublishNews see no News menu and get 403 from the news API', async (t) => {
  const { product, browser } = t.context;
  const moderator = await buildUser(product.knex, { permissions: PERMISSIONS.canBanUsers });
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await signInToConsole(page, product, moderator.username, moderator.password);
  await page.getByRole('menuitem', { name: 'Forum reports' }).waitFor();
  t.is(await page.getByRole('menuitem', { name: 'News' }).count(), 0, 'no News in the menu');
  t.is(await page.getByRole('menuitem', { name: 'Users' }).count(), 0, 'no Users without canSeeUserProfile');
  const news = await consoleFetch(page, '/admin/api/news');
  t.is(news.status, 403);
  t.is(news.body.error, MESSAGES.noPermission);
});

test('a moderator bans a player from the user page; the player’s next request is refused with the reason', async (t) => {
  const { product, browser } = t.context;
  const moderator = await buildUser(product.knex, {
    permissions: PERMISSIONS.canSeeUserProfile | PERMISSIONS.canBanUsers,
  });
  const { user: player, auth } = await signedInUser(product.knex);
  const api = client(product.url);
  t.is((await api.get('/user/auth', { auth })).status, 200, 'the player is signed in before the ban');

  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await signInToConsole(page, product, moderator.username, moderator.password);
  await page.getByRole('menuitem', { name: 'Users' }).waitFor();
  // The spec's admin user page address opens the user's profile.
  await page.goto(`${product.url}/admin/user/${player.id}`);
  await page.getByText(player.username).first().waitFor();
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Abusive chat messages');
  await dialog.getByLabel('Days').fill('3');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await page.getByText(`${player.username} is banned.`).waitFor();

  const refused = await api.get<{ error: string }>('/user/auth', { auth });
  t.is(refused.status, 403);
  t.regex(refused.body.error, /^You are banned until .+\. Reason: Abusive chat messages$/);
  const audit = await product.knex('audit_log').where({ actor_user_id: moderator.id }).select('action');
  t.true(audit.length > 0, 'the ban is in the audit log');
});
