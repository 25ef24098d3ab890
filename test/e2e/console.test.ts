import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { ALL_PERMISSIONS, MESSAGES, PERMISSIONS, eloChanges, formatDateTime } from '@ecup/domain';
import { newDesktopPage, waitForTakeover } from '../helpers/browser.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { e2eTest } from '../helpers/e2e.ts';
import type { RunningProduct } from '../helpers/product.ts';

/**
 * The console as a moderator meets it: every list row opens its page, every link stays in the console,
 * a conflict is settled only after a confirmation that shows what it does, and dates, toasts and the news editor
 * read as the rest of the product.
 */
const test = e2eTest('console');

const STOCKHOLM = 'Europe/Stockholm';

/** A desktop page whose browser speaks US English in Stockholm: the US locale made react-admin's dates US. */
async function stockholmPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: STOCKHOLM,
  });
  return waitForTakeover(await context.newPage());
}

/** Signs in at /admin/ with username and password, and the authenticator's code when the account has one. */
async function signIn(
  page: Page,
  product: RunningProduct,
  user: { username: string; password: string },
  secret?: string,
) {
  await page.goto(`${product.url}/admin/`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (secret) {
    const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
    await page.getByLabel('Code from your authenticator app').fill(totp.generate());
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await page.getByText('Players online').waitFor();
}

/** A holder of every permission flag, who must sign in with a second factor (docs/decisions.md#permissions). */
async function owner(product: RunningProduct) {
  const secret = new Secret({ size: 20 }).base32;
  const user = await buildUser(product.knex, { permissions: ALL_PERMISSIONS, totp_enabled: true, totp_secret: secret });
  return { user, secret };
}

/** A game in conflict: player 1 entered 3-1, player 2 protested; waiting `minutes` ago. */
async function conflictGame(product: RunningProduct, minutes = 10) {
  const one = await buildUser(product.knex);
  const two = await buildUser(product.knex);
  const id = await buildGame(product.knex, {
    user_1_id: one.id,
    user_2_id: two.id,
    created_at: new Date(Date.now() - (minutes + 20) * 60_000),
    state: 'conflict',
    conflict: true,
    score_1: 3,
    score_2: 1,
    submitted_user_id: one.id,
    submitted_at: new Date(Date.now() - minutes * 60_000),
  });
  return { id, one, two };
}

/** The console's "Something went wrong" page (react-admin's error boundary). */
const crashed = (page: Page) => page.getByText('Something went wrong').count();

test('clicking the first row of the Users and the Conflicts list opens its page, never "Something went wrong"', async (t) => {
  const { product, browser } = t.context;
  const { user, secret } = await owner(product);
  const conflict = await conflictGame(product, 5_000);
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, product, user, secret);

  // The lists whose rows open a show page (admin-web resources with `show`).
  const lists = [
    { name: 'users', detail: page.getByRole('heading', { name: 'Recent games' }) },
    { name: 'conflicts', detail: page.getByRole('region', { name: 'History against each other' }) },
  ];
  for (const list of lists) {
    await page.goto(`${product.url}/admin/${list.name}`);
    const firstRow = page.locator('tbody tr').first();
    await firstRow.waitFor();
    await firstRow.locator('td').nth(1).click();
    await page.waitForURL(/\/admin\/[a-z-]+\/\d+\/show$/);
    await list.detail.or(page.getByText('Something went wrong')).first().waitFor();
    t.is(await crashed(page), 0, `${list.name}: the first row's page shows`);
  }
  // The oldest open conflict is first in the queue; its page names both players.
  t.true(page.url().endsWith(`/admin/conflicts/${conflict.id}/show`), page.url());
  await page.getByRole('link', { name: conflict.one.username }).waitFor();
  t.deepEqual(errors, [], 'no script errors');
});

test('a crawl of every console page as a holder of every flag finds no link that leaves /admin/', async (t) => {
  const { product, browser } = t.context;
  const { user, secret } = await owner(product);
  const conflict = await conflictGame(product);
  // A finished game of the same players, so the user page lists a game and a conflict with links.
  await buildGame(product.knex, {
    user_1_id: conflict.one.id,
    user_2_id: conflict.two.id,
    created_at: new Date(Date.now() - 3 * 3_600_000),
    state: 'final',
    score_1: 2,
    score_2: 2,
  });
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await signIn(page, product, user, secret);
  const origin = new URL(product.url).origin;

  /** Every link of the page that leads out of the console in the same tab. */
  const leaks = async () => {
    const links = await page.locator('a[href]').evaluateAll((anchors) =>
      anchors.map((a) => ({
        href: (a as HTMLAnchorElement).href,
        target: a.getAttribute('target'),
        text: (a.textContent ?? '').trim().slice(0, 40),
      })),
    );
    return links
      .filter((link) => {
        const url = new URL(link.href);
        if (url.protocol === 'mailto:') return false;
        if (url.origin === origin && url.pathname.startsWith('/admin/')) return false;
        // A file (an evidence photo), a player's public profile in the player app, or another site, opened beside
        // the console.
        const beside = link.target === '_blank';
        if (url.origin === origin) return !(beside && /^\/(images|player)\//.test(url.pathname));
        return !beside;
      })
      .map((link) => `${link.text} → ${link.href}${link.target ? ` (${link.target})` : ''}`);
  };

  // The user menu's links show only while it is open.
  await page.getByRole('button', { name: 'Profile' }).click();
  const userMenu = await leaks();
  await page.keyboard.press('Escape');
  t.deepEqual(userMenu, [], 'user menu');

  // Breadth first from the dashboard, the player in conflict's page and the pages only reached by buttons; at most
  // two pages of each shape (a show page per resource, not every user).
  const queue = ['/admin/', `/admin/users/${conflict.one.id}/show`, '/admin/news/create', '/admin/ip-bans/create'];
  const seen = new Set<string>();
  const shapes = new Map<string, number>();
  const found: string[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    const shape = path.replace(/\/\d+(?=\/|$)/g, '/:id');
    if ((shapes.get(shape) ?? 0) >= 2) continue;
    seen.add(path);
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    await page.goto(`${product.url}${path}`);
    await page.waitForLoadState('networkidle');
    await page.locator('main').waitFor();
    t.is(await crashed(page), 0, `${path} shows`);
    found.push(...(await leaks()).map((leak) => `${path}: ${leak}`));
    const next = await page
      .locator('a[href]')
      .evaluateAll((anchors) =>
        anchors
          .map((a) => new URL((a as HTMLAnchorElement).href))
          .map((url) => ({ origin: url.origin, path: url.pathname })),
      );
    for (const link of next) {
      if (link.origin === origin && link.path.startsWith('/admin/') && !seen.has(link.path)) queue.push(link.path);
    }
  }
  t.deepEqual(found, [], 'every link stays in the console or opens beside it');
  // The crawl reached every screen: the menu's resources, a user, a conflict, an article and the two-factor page.
  for (const shape of [
    '/admin/',
    '/admin/users',
    '/admin/users/:id/show',
    '/admin/conflicts',
    '/admin/conflicts/:id/show',
    '/admin/news',
    '/admin/news/:id',
    '/admin/ip-bans',
    '/admin/country-stats',
    '/admin/reports',
    '/admin/trophy-winners',
    '/admin/audit-log',
    '/admin/two-factor',
  ]) {
    t.true(shapes.has(shape), `visited ${shape}`);
  }
});

test('resolving a conflict refuses 150 under the field and asks for confirmation showing both scores and Elo changes', async (t) => {
  const { product, browser } = t.context;
  const moderator = await buildUser(product.knex, { permissions: PERMISSIONS.canResolveConflicts });
  const { id, one, two } = await conflictGame(product);
  await product.knex('users').where('id', two.id).update({ elo: 1180, games_played: 45 });
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await signIn(page, product, moderator);
  await page.goto(`${product.url}/admin/conflicts/${id}/show`);
  const form = page.getByRole('form', { name: 'Resolve the conflict' });
  const first = form.getByLabel(`${one.username} (player 1) goals`);
  const second = form.getByLabel(`${two.username} (player 2) goals`);
  const submit = form.getByRole('button', { name: 'Resolve with this score' });

  await first.fill('150');
  await second.fill('2');
  t.is(await first.inputValue(), '150', 'the score is kept as typed, not cut to 15');
  await submit.click();
  await form.getByText(MESSAGES.scoreRange).waitFor();
  t.is(await page.getByRole('dialog').count(), 0, 'no confirmation for a refused score');
  t.like(await product.knex('games').where('id', id).first('state'), { state: 'conflict' });

  await first.fill('1');
  await submit.click();
  const dialog = page.getByRole('dialog', { name: `Make this the final score of match ${id}?` });
  await dialog.waitFor();
  const expected = eloChanges({ elo_1: 1000, games_1: 0, elo_2: 1180, games_2: 45, score_1: 1, score_2: 2 });
  const sign = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
  const rowOf = (name: string) => dialog.getByRole('row').filter({ hasText: name });
  t.is(
    (await rowOf(one.username).innerText()).replace(/\s+/g, ' ').trim(),
    `${one.username} 1 1000 → ${1000 + expected.change_1} (${sign(expected.change_1)})`,
  );
  t.is(
    (await rowOf(two.username).innerText()).replace(/\s+/g, ' ').trim(),
    `${two.username} 2 1180 → ${1180 + expected.change_2} (${sign(expected.change_2)})`,
  );

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  t.like(await product.knex('games').where('id', id).first('state'), { state: 'conflict' }, 'Cancel changes nothing');

  await submit.click();
  await dialog.getByRole('button', { name: 'Confirm final score' }).click();
  await page.getByText(`Solved by ${moderator.username}.`).waitFor();
  const game = await product.knex('games').where('id', id).first('state', 'score_1', 'score_2');
  t.like(game, { state: 'final', score_1: 1, score_2: 2 });
  const elo = await product.knex('users').whereIn('id', [one.id, two.id]).orderBy('id').pluck('elo');
  t.deepEqual(elo, [1000 + expected.change_1, 1180 + expected.change_2], 'the Elo the confirmation showed');
});

test('console toasts speak the product’s words: adding and removing an IP ban, saving an article', async (t) => {
  const { product, browser } = t.context;
  const admin = await buildUser(product.knex, { permissions: PERMISSIONS.canIPBan | PERMISSIONS.canPublishNews });
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await signIn(page, product, admin);

  await page.goto(`${product.url}/admin/ip-bans/create`);
  await page.getByLabel('Address or range').fill('198.51.100.0/24');
  await page.getByLabel('Reason').fill('Scripted sign-ups');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('The IP ban is added. Sign-in and sign-up from that range are refused.').waitFor();
  const row = page.getByRole('row').filter({ hasText: '198.51.100.0/24' });
  await row.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('The IP ban is removed.').waitFor();

  const article = await product.knex('news').orderBy('id', 'desc').first('id');
  await page.goto(`${product.url}/admin/news/${article!.id}`);
  await page.getByRole('textbox', { name: /^Title/ }).fill(`Updated title ${Date.now()}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Your changes to the article are saved.').waitFor();
  t.is(await page.getByText(/^Element (created|updated|deleted)/).count(), 0);
});

test('the console and the player app write a date alike, 24 h with the zone as CET/CEST; a ban reads CET, not Europe/Stockholm', async (t) => {
  const { product, browser } = t.context;
  const moderator = await buildUser(product.knex, {
    permissions: PERMISSIONS.canSeeUserProfile | PERMISSIONS.canBanUsers | PERMISSIONS.canPublishNews,
  });
  const { user: player, auth } = await signedInUser(product.knex);
  const page = await stockholmPage(browser);
  t.teardown(() => page.context().close());
  await signIn(page, product, moderator);

  // The article's publish time in the console's news list and on the player app's article page.
  const article = await product
    .knex('news')
    .where('published', true)
    .where('published_at', '<', new Date())
    .orderBy('published_at', 'desc')
    .first('id', 'title', 'published_at');
  const written = formatDateTime(new Date(article!.published_at), STOCKHOLM);
  t.regex(written, /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} CES?T$/);
  await page.goto(`${product.url}/admin/news`);
  await page.getByRole('row').filter({ hasText: article!.title }).getByText(written).waitFor();
  const reader = await stockholmPage(browser);
  t.teardown(() => reader.context().close());
  await reader.goto(`${product.url}/`);
  await reader.evaluate(() => localStorage.setItem('ecup.lang', 'en'));
  await reader.goto(`${product.url}/news/${article!.id}`);
  const iso = new Date(Math.floor(new Date(article!.published_at).getTime() / 1000) * 1000).toISOString();
  t.is(await reader.locator(`time[datetime="${iso}"]`).first().innerText(), written, 'the player app writes the same');

  // A ban: the console's user page and the player's refusal name the zone as people read it.
  await page.goto(`${product.url}/admin/users/${player.id}/show`);
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Abusive chat messages');
  await dialog.getByLabel('Days').fill('3');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Banned until' });
  await alert.waitFor();
  t.regex(await alert.innerText(), /Banned until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} CES?T\. Reason: Abusive/);
  const refused = await client(product.url).get<{ error: string }>('/user/auth', { auth });
  t.regex(refused.body.error, /^You are banned until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} CES?T\. Reason: Abusive/);
  t.notRegex(refused.body.error, /Europe\//);
  // The users list's "Signed up" is the same form, not the US '11/26/2026'.
  await page.goto(`${product.url}/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: player.username }))}`);
  const signedUp = formatDateTime(player.created_at, STOCKHOLM);
  const row = page.getByRole('row').filter({ hasText: player.username });
  await row.getByText(signedUp).waitFor();
  t.notRegex(await row.innerText(), /\d{1,2}\/\d{1,2}\/\d{4}/, 'no US date in the row');
});

test('the news editor is a writing area of many lines, not a one-line field', async (t) => {
  const { product, browser } = t.context;
  const editor = await buildUser(product.knex, { permissions: PERMISSIONS.canPublishNews });
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await signIn(page, product, editor);
  await page.goto(`${product.url}/admin/news/create`);
  const area = page.locator('[contenteditable="true"]');
  await area.waitFor();
  const box = await area.boundingBox();
  const lineHeight = await area.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
  t.true((box?.height ?? 0) >= 12 * lineHeight, `editor ${box?.height} px high, line ${lineHeight} px`);
});
