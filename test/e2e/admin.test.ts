import type { Page } from 'playwright-core';
import { PERMISSIONS, MESSAGES } from '@ecup/domain';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { buildGame, buildUser, pngImage } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client } from '../helpers/http.ts';
import { e2eTest } from '../helpers/e2e.ts';
import type { RunningProduct } from '../helpers/product.ts';

/**
 * The admin console against the whole product: staff sign in at /admin/ with their player account (no
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
  await page.getByRole('menuitem', { name: 'Reports', exact: true }).waitFor();
  t.is(await page.getByRole('menuitem', { name: 'News' }).count(), 0, 'no News in the menu');
  t.is(await page.getByRole('menuitem', { name: 'Users' }).count(), 0, 'no Users without canSeeUserProfile');
  const news = await consoleFetch(page, '/admin/api/news');
  t.is(news.status, 403);
  t.is(news.body.error, MESSAGES.noPermission);
});

test('on a 375 px phone the console’s user list and user page fit the screen; tables scroll inside', async (t) => {
  const { product, browser } = t.context;
  const moderator = await buildUser(product.knex, { permissions: PERMISSIONS.canSeeUserProfile });
  const player = await buildUser(product.knex);
  const page = await newPhonePage(browser);
  t.teardown(() => page.context().close());
  await signInToConsole(page, product, moderator.username, moderator.password);
  await page.getByRole('heading', { name: 'Dashboard' }).or(page.getByText('Players online')).first().waitFor();
  for (const path of ['/admin/users', `/admin/user/${player.id}`]) {
    await page.goto(`${product.url}${path}`);
    await page.getByText(player.username).first().waitFor();
    t.is(await page.evaluate(() => document.documentElement.scrollWidth), 375, `${path} is no wider than the phone`);
  }
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

test('a moderator resolves a conflict with evidence in /admin/conflicts; the players see Solved and their new Elo', async (t) => {
  const { product, browser } = t.context;
  const api = client(product.url);
  const moderator = await buildUser(product.knex, { permissions: PERMISSIONS.canResolveConflicts });
  const home = await signedInUser(product.knex);
  const away = await signedInUser(product.knex);
  // A game that started 20 minutes ago: the result form is open (docs/product.md#states: after 12 minutes).
  const gameId = await buildGame(product.knex, {
    user_1_id: home.user.id,
    user_2_id: away.user.id,
    created_at: new Date(Date.now() - 20 * 60_000),
  });
  const call = async (path: string, fields: Record<string, string | number>, auth: typeof home.auth) => {
    const res = await api.postJson(path, { game_id: gameId, ...fields }, { auth });
    t.is(res.status, 200, `${path}: ${JSON.stringify(res.body)}`);
  };
  await call('/game/chat/send_message', { message: 'I won 3-1, verify please' }, home.auth);
  await call('/game/submit', { score_1: 3, score_2: 1 }, home.auth);
  await call('/game/chat/send_message', { message: 'No, it ended 1-3. Video and photo uploaded.' }, away.auth);
  await call('/game/upload_evidence', { youtube_id: 'https://youtu.be/dQw4w9WgXcQ' }, away.auth);
  const photo = await api.postMultipart(
    '/game/upload_evidence',
    { game_id: String(gameId) },
    { photo: { data: await pngImage(64, 48, '#d03030'), name: 'final-whistle.png', type: 'image/png' } },
    { auth: away.auth },
  );
  t.is(photo.status, 200);
  await call('/game/escalate', {}, away.auth);
  const eloBefore = await product.knex('users').whereIn('id', [home.user.id, away.user.id]).orderBy('id').pluck('elo');

  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await signInToConsole(page, product, moderator.username, moderator.password);
  await page.getByRole('menuitem', { name: 'Conflicts' }).waitFor();
  await page.goto(`${product.url}/admin/conflicts`);
  const row = page.getByRole('row').filter({ hasText: home.user.username }).filter({ hasText: away.user.username });
  await row.getByText('Conflict').waitFor();
  await row.getByRole('button', { name: 'Claim' }).click();
  await row.getByText(moderator.username).waitFor();
  await row.getByRole('cell', { name: String(gameId), exact: true }).click();

  // The conflict page: both players' claims, the chat transcript, the image inline and the video embedded.
  await page
    .getByRole('region', { name: 'Chat (2)' })
    .getByText('No, it ended 1-3. Video and photo uploaded.')
    .waitFor();
  const evidence = page.getByRole('region', { name: 'Evidence (2)' });
  await evidence.locator('img').first().waitFor();
  t.is(await evidence.locator('img').count(), 1, 'the photo is shown inline');
  t.regex(
    (await evidence.locator('iframe').getAttribute('src')) ?? '',
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ/,
    'the video is embedded',
  );
  const resolve = page.getByRole('form', { name: 'Resolve the conflict' });
  await resolve.getByLabel(`${home.user.username} (player 1) goals`).fill('1');
  await resolve.getByLabel(`${away.user.username} (player 2) goals`).fill('3');
  await resolve.getByRole('button', { name: 'Resolve with this score' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm final score' }).click();
  await page.getByText(`Solved by ${moderator.username}.`).waitFor();

  const eloAfter = await product.knex('users').whereIn('id', [home.user.id, away.user.id]).orderBy('id').pluck('elo');
  t.true(eloAfter[0]! < eloBefore[0]! && eloAfter[1]! > eloBefore[1]!, 'the winner gains and the loser loses Elo');

  // The away player's /conflicts lists the game as Solved, and the game page shows the new Elo on the cards.
  const player = await newDesktopPage(browser);
  t.teardown(() => player.context().close());
  await player.goto(`${product.url}/`);
  await player.evaluate((pair) => {
    localStorage.setItem('ecup.lang', 'en');
    localStorage.setItem('ecup.id', String(pair.id));
    localStorage.setItem('ecup.token', pair.token);
  }, away.auth);
  await player.goto(`${product.url}/conflicts`);
  const entry = player.getByRole('row').filter({ hasText: home.user.username });
  await entry.getByText(MESSAGES.statusSolved).waitFor();
  await entry.getByRole('link', { name: new RegExp(String(gameId)) }).click();
  await player.waitForURL(`**/game/${gameId}`);
  const cards = player.locator('main');
  await cards.getByText(new Intl.NumberFormat('en').format(eloAfter[1]!), { exact: true }).first().waitFor();
  await cards.getByText(new Intl.NumberFormat('en').format(eloAfter[0]!), { exact: true }).first().waitFor();
  t.not(eloAfter[1], eloBefore[1]);
});

test('an editor publishes a news article with an image; it is the first article on the player home page', async (t) => {
  const { product, browser } = t.context;
  const editor = await buildUser(product.knex, { permissions: PERMISSIONS.canPublishNews });
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await signInToConsole(page, product, editor.username, editor.password);
  await page.getByRole('menuitem', { name: 'News' }).click();
  await page.getByRole('link', { name: 'New article' }).click();
  await page.waitForURL('**/admin/news/create');

  const title = `Week 3 qualifiers are open ${Date.now()}`;
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Tournament' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'stadium.png', mimeType: 'image/png', buffer: await pngImage(320, 180, '#1060c0') });
  await page.getByRole('img', { name: 'stadium.png' }).waitFor();
  const content = page.locator('[contenteditable="true"]');
  await content.click();
  await content.pressSequentially('Sixteen places in the finals are waiting. Good luck, everyone!');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { name: 'Edit article' }).or(page.getByText('Edit article')).first().waitFor();

  const stored = await product.knex('news').where({ title }).first('id', 'image_hash', 'content');
  t.truthy(stored?.image_hash, 'the image is stored with the article');
  t.regex(String(stored?.content), /<p>Sixteen places in the finals are waiting\. Good luck, everyone!<\/p>/);

  const home = await newDesktopPage(browser);
  t.teardown(() => home.context().close());
  await home.goto(`${product.url}/`);
  const first = home.getByRole('region', { name: 'Latest news' }).getByRole('article').first();
  await first.getByText(title).waitFor();
  t.is(await first.getByRole('link').first().getAttribute('href'), `/news/${stored!.id}`);
  const image = first.locator('img');
  t.regex((await image.first().getAttribute('src')) ?? '', new RegExp(String(stored!.image_hash)));
  t.true(await image.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'image loads');
});
