import type { ExecutionContext } from 'ava';
import type { Page } from 'playwright-core';
import { createSession } from '@ecup/db';
import { MESSAGES, PERMISSIONS, type ForumNewPostResponse } from '@ecup/domain';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads.ts';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { buildUser, signupFields } from '../helpers/factories.ts';
import type { RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * The forum screens against the whole product (`npm start` with the demo seed: 6 threads per category). Tests run
 * at once, so each one that counts threads works in a category of its own.
 */
const test = e2eTest('forums');

interface Pair {
  id: number;
  token: string;
}

/** A player made by the factory, signed in through POST /user/login as the app does. */
async function loggedInPlayer(product: RunningProduct): Promise<Pair & { username: string }> {
  const user = await buildUser(product.knex);
  const res = await fetch(`${product.url}/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.username, password: user.password }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return { ...((await res.json()) as Pair), username: user.username };
}

/** A player created through POST /user/signup (the answer is the new session). */
async function signedUpPlayer(product: RunningProduct): Promise<Pair & { username: string }> {
  const fields = signupFields();
  const res = await fetch(`${product.url}/user/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return { ...((await res.json()) as Pair), username: fields.username! };
}

/** A factory user with a session made directly (sign-in has limits of its own per address). */
async function sessionFor(product: RunningProduct, permissions = 0): Promise<Pair & { username: string }> {
  const user = await buildUser(product.knex, { permissions });
  const session = await createSession(product.knex, { user_id: user.id, ip: null, user_agent: null });
  return { id: user.id, token: session.result.token, username: user.username };
}

async function apiPost<T>(product: RunningProduct, path: string, pair: Pair, fields: Record<string, string | number>) {
  const res = await fetch(`${product.url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${pair.id}:${pair.token}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const newThread = (product: RunningProduct, pair: Pair, category_id: number, title: string, message: string) =>
  apiPost<{ id: number }>(product, '/forums/new_thread', pair, { category_id, title, message }).then((a) => a.id);

const newPost = (product: RunningProduct, pair: Pair, thread_id: number, message: string) =>
  apiPost<ForumNewPostResponse>(product, '/forums/new_post', pair, { thread_id, message });

async function slugOf(product: RunningProduct, id: number): Promise<string> {
  return (await product.knex('forum_categories').where({ id }).first('slug'))!.slug as string;
}

/** Opens `path` signed in with `pair`, the way the app keeps a session (docs/product.md#states: local storage). */
async function openSignedIn(page: Page, url: string, path: string, pair: Pair | null) {
  await page.goto(url);
  await page.evaluate((stored) => {
    if (stored) {
      localStorage.setItem('ecup.id', String(stored.id));
      localStorage.setItem('ecup.token', stored.token);
    } else {
      localStorage.removeItem('ecup.id');
      localStorage.removeItem('ecup.token');
    }
  }, pair);
  await page.goto(`${url}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/** The "Ongoing conversations" count of a category on /forums. */
async function categoryCount(page: Page, slug: string): Promise<number> {
  const count = page.locator(`[data-category="${slug}"] [data-count]`);
  await page.waitForFunction(
    (s) => /\d/.test(document.querySelector(`[data-category="${s}"] [data-count]`)?.textContent ?? ''),
    slug,
  );
  return Number((await count.innerText()).replace(/\D/g, ''));
}

async function noSidewaysScroll(t: ExecutionContext, page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  t.true(overflow <= 0, `${what} is ${overflow}px wider than the viewport`);
}

/** Asserts the open popover is 'Error' with `message`, then closes it with OK. */
async function expectError(t: ExecutionContext, page: Page, message: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  t.is((await dialog.getByRole('heading').innerText()).trim(), MESSAGES.errorTitle);
  t.is((await dialog.locator('.MuiDialogContentText-root').innerText()).trim(), message);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const posts = (page: Page) => page.locator('article[data-post]');
const postBy = (page: Page, username: string) => posts(page).filter({ hasText: `@${username}` });

test('a player adds a topic and another replies: counts rise, the reply shows for both with lifetime counts', async (t) => {
  const { product, browser } = t.context;
  const slug = await slugOf(product, 0);
  const [first, second] = await Promise.all([loggedInPlayer(product), signedUpPlayer(product)]);
  const page = await newDesktopPage(browser);
  const other = await newDesktopPage(browser);
  t.teardown(() => Promise.all([page.context().close(), other.context().close()]));

  await openSignedIn(page, product.url, '/forums', first);
  t.is(await page.title(), 'Forums – eCup');
  const before = await categoryCount(page, slug);

  // Category list → thread list → new topic.
  await page.locator(`[data-category="${slug}"] a`).click();
  await page.getByRole('heading', { level: 1, name: 'Gothia Cup' }).waitFor();
  t.is(await page.title(), 'Gothia Cup – eCup');
  await page.getByRole('link', { name: 'Add a topic' }).click();
  await page.waitForURL(`**/forums/${slug}/new_thread`);
  t.is(await page.getByLabel('Title').getAttribute('maxlength'), '100');
  t.is(await page.getByLabel('Message').getAttribute('maxlength'), '10000');

  // The validator speaks first, and what was typed stays.
  await page.getByLabel('Title').fill('Hi');
  await page.getByLabel('Message').fill('Who is going to Gothia this summer?');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectError(t, page, MESSAGES.titleTooShort);
  t.is(await page.getByLabel('Message').inputValue(), 'Who is going to Gothia this summer?');

  await page.getByLabel('Title').fill('Travelling to Gothia together');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('heading', { level: 1, name: 'Travelling to Gothia together' }).waitFor();
  const threadId = Number(new URL(page.url()).pathname.split('/').pop());
  t.true(threadId > 0, 'the new thread opens at its own address');
  t.is(await page.title(), 'Travelling to Gothia together – eCup');
  t.is(await posts(page).count(), 1);
  t.is(await postBy(page, first.username).locator('[data-lifetime]').innerText(), '1 post');
  t.is(await postBy(page, first.username).locator('[data-role]').innerText(), 'MEMBER');

  await page.getByRole('link', { name: 'Back to Gothia Cup' }).click();
  await page.getByRole('link', { name: 'All forums' }).click();
  t.is(await categoryCount(page, slug), before + 1, 'the category count rose by one');

  // The second player replies; an empty reply is refused first with the spec's message.
  await openSignedIn(other, product.url, `/forums/${slug}/${threadId}`, second);
  await other.getByRole('button', { name: 'New reply' }).click();
  const box = other.getByRole('textbox', { name: 'Message' });
  t.is(await box.getAttribute('maxlength'), '5000');
  await box.fill('  ');
  await other.getByRole('button', { name: 'Post reply' }).click();
  await expectError(t, other, MESSAGES.messageTooShort);
  await box.fill('Count me in!\nMy dad can drive.');
  await other.getByRole('button', { name: 'Post reply' }).click();
  await postBy(other, second.username).waitFor();
  t.is(await box.count(), 0, 'the form closes');
  t.is(await posts(other).count(), 2, 'the reply is appended');
  t.is(await postBy(other, second.username).locator('[data-post-body]').innerText(), 'Count me in!\nMy dad can drive.');
  t.is(await postBy(other, second.username).locator('[data-lifetime]').innerText(), '1 post');

  // The first player sees it after a reload and answers; their lifetime count updates on their first post too.
  await page.goto(`${product.url}/forums/${slug}/${threadId}`);
  await postBy(page, second.username).waitFor();
  await page.getByRole('button', { name: 'New reply' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Great, see you there.');
  await page.getByRole('button', { name: 'Post reply' }).click();
  await posts(page).nth(2).waitFor();
  t.deepEqual(await postBy(page, first.username).locator('[data-lifetime]').allInnerTexts(), ['2 posts', '2 posts']);

  // The thread list shows two replies and the author.
  await page.goto(`${product.url}/forums/${slug}`);
  const row = page.locator(`[data-thread="${threadId}"]`);
  await row.waitFor();
  t.is(await row.locator('[data-replies]').innerText(), '2');
  t.true((await row.innerText()).includes(`@${first.username}`));
  t.regex(await row.innerText(), /less than an hour ago/);
});

test('a visitor who is not signed in reads a thread but gets no reply form, and cannot open the topic form', async (t) => {
  const { product, browser } = t.context;
  const thread = await product.knex('forum_threads').orderBy('id').first('id', 'title', 'category_id');
  const slug = await slugOf(product, thread!.category_id);
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());

  await openSignedIn(page, product.url, `/forums/${slug}/${thread!.id}`, null);
  t.is(await page.getByRole('heading', { level: 1 }).innerText(), thread!.title);
  await posts(page).first().waitFor();
  t.true((await posts(page).count()) >= 1);
  t.is(await page.getByRole('button', { name: 'New reply' }).count(), 0);
  t.is(await page.getByRole('textbox', { name: 'Message' }).count(), 0);
  t.is(await page.getByRole('button', { name: 'Report' }).count(), 0);
  t.true(await page.getByRole('button', { name: 'Sign in to reply' }).isVisible());

  await page.goto(`${product.url}/forums/${slug}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  t.is(await page.getByRole('link', { name: 'Add a topic' }).count(), 0);

  await page.goto(`${product.url}/forums/${slug}/new_thread`);
  await page.waitForURL(`${product.url}/`);
  t.is(new URL(page.url()).pathname, '/', 'the new-topic page sends signed-out visitors home');
});

test('an unknown category shows a not-found state with a way back to the forums', async (t) => {
  const { product, browser } = t.context;
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await openSignedIn(page, product.url, '/forums/no_such_forum', null);
  t.is(await page.getByRole('heading', { level: 1 }).innerText(), 'That forum does not exist.');
  await page.getByRole('link', { name: 'Go to the forums' }).click();
  await page.getByRole('heading', { level: 1, name: 'Forums' }).waitFor();
  t.is(await page.locator('[data-category]').count(), 4);
});

test("searches: a title hit and 'No threads found in search!', a post hit and 'No posts found in search!'", async (t) => {
  const { product, browser } = t.context;
  const player = await sessionFor(product);
  const threadId = await newThread(product, player, 3, 'Quokka formation ideas', 'Try a 4-3-3 with a false nine.');
  await newPost(product, player, threadId, 'Or a back three with wing backs.');
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());

  await openSignedIn(page, product.url, '/forums/general_discussion', null);
  const rows = page.locator('[data-thread]');
  await rows.first().waitFor();
  await page.getByLabel('Search topics').fill('quokka');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('1 topic found').waitFor();
  t.is(await rows.count(), 1);
  t.is(await rows.first().getAttribute('data-thread'), String(threadId));

  await page.getByLabel('Search topics').fill('zzqqxx nothing');
  await page.getByText(MESSAGES.noThreadsFound, { exact: true }).waitFor();
  t.is(await rows.count(), 0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await rows.nth(1).waitFor();
  t.is(await page.getByText(MESSAGES.noThreadsFound).count(), 0, 'an empty search clears the result');

  await page.goto(`${product.url}/forums/general_discussion/${threadId}`);
  await posts(page).nth(1).waitFor();
  await page.getByLabel('Search this topic').fill('wing backs');
  await page.getByText('1 post found').waitFor();
  t.is(await posts(page).count(), 1);
  t.is(await posts(page).first().locator('[data-post-body]').innerText(), 'Or a back three with wing backs.');

  await page.getByLabel('Search this topic').fill('zzqqxx');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText(MESSAGES.noPostsFound, { exact: true }).waitFor();
  t.is(await posts(page).count(), 0);
  await page.getByLabel('Search this topic').fill('');
  await posts(page).nth(1).waitFor();
  t.is(await page.getByText(MESSAGES.noPostsFound).count(), 0);
});

test('at 375 px a player finds a category, adds a topic, replies and searches without sideways scrolling', async (t) => {
  const { product, browser } = t.context;
  const slug = await slugOf(product, 2);
  const player = await loggedInPlayer(product);
  const page = await newPhonePage(browser);
  t.teardown(() => page.context().close());

  await openSignedIn(page, product.url, '/forums', player);
  const before = await categoryCount(page, slug);
  await noSidewaysScroll(t, page, 'the category list');

  await page.locator(`[data-category="${slug}"] a`).click();
  const cards = page.getByRole('list', { name: 'Topics in Coca-Cola Trophy hunt' }).getByRole('listitem');
  await cards.first().waitFor();
  t.is(await page.locator('table').count(), 0, 'rows are cards below 600 px');
  t.regex(await cards.first().innerText(), /@\S+[\s\S]*(repl(y|ies))[\s\S]*ago/);
  await noSidewaysScroll(t, page, 'the thread list');

  await page.getByRole('link', { name: 'Add a topic' }).click();
  await page.getByLabel('Title').fill('Securing trophies on a phone');
  await page.getByLabel('Message').fill('Any tips for keeping three wins in a row?');
  await noSidewaysScroll(t, page, 'the new-topic form');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('heading', { level: 1, name: 'Securing trophies on a phone' }).waitFor();

  await page.getByRole('button', { name: 'New reply' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Play early in the week.');
  await page.getByRole('button', { name: 'Post reply' }).click();
  await posts(page).nth(1).waitFor();
  t.deepEqual(await posts(page).locator('[data-lifetime]').allInnerTexts(), ['2 posts', '2 posts']);
  await noSidewaysScroll(t, page, 'the thread');

  await page.getByLabel('Search this topic').fill('zzqqxx');
  await page.getByText(MESSAGES.noPostsFound, { exact: true }).waitFor();
  await noSidewaysScroll(t, page, 'the thread search');

  await page.goto(`${product.url}/forums`);
  t.is(await categoryCount(page, slug), before + 1);
});

test('staff lock a topic and hide a post with a reason; players report posts and see no hidden ones', async (t) => {
  const { product, browser } = t.context;
  const slug = await slugOf(product, 1);
  const [moderator, author, reader] = await Promise.all([
    sessionFor(product, PERMISSIONS.canBanUsers),
    sessionFor(product),
    sessionFor(product),
  ]);
  const threadId = await newThread(product, author, 1, 'Moderation check', 'The opening post.');
  await newPost(product, author, threadId, 'A rude reply that staff will hide.');
  const staffPage = await newDesktopPage(browser);
  const playerPage = await newDesktopPage(browser);
  t.teardown(() => Promise.all([staffPage.context().close(), playerPage.context().close()]));

  // A player reports the author's post and is thanked; their own posts have no Report.
  await openSignedIn(playerPage, product.url, `/forums/${slug}/${threadId}`, reader);
  await posts(playerPage).nth(1).waitFor();
  t.is(await playerPage.getByRole('button', { name: 'Lock topic' }).count(), 0);
  t.is(await playerPage.getByRole('button', { name: 'Hide' }).count(), 0);
  await posts(playerPage).nth(1).getByRole('button', { name: 'Report' }).click();
  const ask = playerPage.getByRole('dialog', { name: 'Report this post' });
  await ask.getByLabel('Reason').fill('Rude words');
  await ask.getByRole('button', { name: 'Send' }).click();
  const thanks = playerPage.getByRole('dialog').filter({ hasText: MESSAGES.postReported });
  await thanks.waitFor();
  await thanks.getByRole('button', { name: 'OK' }).click();

  // Staff hide the reply (a reason is asked), then lock the topic.
  await openSignedIn(staffPage, product.url, `/forums/${slug}/${threadId}`, moderator);
  await posts(staffPage).nth(1).waitFor();
  await posts(staffPage).nth(1).getByRole('button', { name: 'Hide' }).click();
  const hide = staffPage.getByRole('dialog', { name: 'Hide this post' });
  await hide.getByLabel('Reason').fill('Rude to other players');
  await hide.getByRole('button', { name: 'Send' }).click();
  await staffPage.getByText('Hidden from players. Reason: Rude to other players').waitFor();
  t.true(await posts(staffPage).nth(1).getByRole('button', { name: 'Show' }).isVisible());

  await staffPage.getByRole('button', { name: 'Lock topic' }).click();
  await staffPage.getByRole('button', { name: 'Unlock' }).waitFor();
  t.true(await staffPage.getByText('This topic is locked.').first().isVisible());
  t.is(await staffPage.getByRole('button', { name: 'New reply' }).count(), 0);

  // Staff still see the hidden post after a reload; players do not, and get no reply form on a locked topic.
  await staffPage.reload();
  await staffPage.getByText('Hidden from players. Reason: Rude to other players').waitFor();
  await playerPage.reload();
  await posts(playerPage).first().waitFor();
  await playerPage.locator('[data-locked-notice]').waitFor();
  t.is(await posts(playerPage).count(), 1, 'the hidden post is gone for players');
  t.is(await playerPage.getByRole('button', { name: 'New reply' }).count(), 0);

  // Unlocking opens the topic for replies again.
  await staffPage.getByRole('button', { name: 'Unlock' }).click();
  await staffPage.getByRole('button', { name: 'Lock topic' }).waitFor();
  await playerPage.reload();
  const reply = playerPage.getByRole('button', { name: 'New reply' });
  await reply.waitFor();
  t.true(await reply.isVisible(), 'replies are open again after unlocking');
});

test('stored XSS: every payload as a topic title and as a reply renders as text, with no dialog and no markup', async (t) => {
  t.timeout(240_000);
  const { product, browser } = t.context;
  const slug = await slugOf(product, 1);
  // Each payload costs two posts (the topic and a reply): keep every player under the forum posting limit.
  const perPlayer = 5;
  const players = await Promise.all(
    Array.from({ length: Math.ceil(XSS_PAYLOADS.length / perPlayer) }, () => sessionFor(product)),
  );
  // What must render as text is what was stored: the safety filter masks a payload's link or address parts
  // (docs/rules.md "Forum titles and posts") before anything is drawn.
  const threads: { id: number; title: string; reply: string }[] = [];
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    const player = players[Math.floor(i / perPlayer)]!;
    const id = await newThread(product, player, 1, payload, `XSS check ${i}`);
    await newPost(product, player, id, payload);
    const { title } = (await product.knex('forum_threads').where('id', id).first('title'))!;
    const { message } = (await product
      .knex('forum_posts')
      .where('thread_id', id)
      .orderBy('id', 'desc')
      .first('message'))!;
    threads.push({ id, title, reply: message });
  }

  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs++;
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => (window as unknown as { __xssHit?: boolean }).__xssHit,
      set: () => {
        (window as unknown as { __xssHit?: boolean }).__xssHit = true;
      },
    });
  });
  const xssHit = () => page.evaluate(() => (window as unknown as { __xssHit?: boolean }).__xssHit === true);

  // Every title in the thread list.
  await openSignedIn(page, product.url, `/forums/${slug}`, null);
  await page.getByRole('button', { name: 'Show 100 more topics' }).click();
  await page.locator(`[data-thread="${threads[0]!.id}"]`).waitFor();
  // The first topics come drawn by the server, and HTML's text cannot carry U+0000 or CR LF (the browser's parser
  // drops the one and makes the other LF).
  const shown = (text: string | null) => (text ?? '').replaceAll('\u0000', '').replace(/\r\n?/g, '\n');
  for (const { id, title } of threads) {
    const link = page.locator(`[data-thread="${id}"] a`).first();
    t.is(shown(await link.textContent()), shown(title), `title ${id} is its stored text as text`);
    t.true(await link.isVisible());
  }
  const listMarkup = await page
    .locator('[data-thread] script, [data-thread] img, [data-thread] svg:not(.MuiSvgIcon-root), [data-thread] iframe')
    .count();
  t.is(listMarkup, 0, 'no markup inside the thread rows');

  // Every thread page: the title as the heading, the reply as a post body (drawn by the server too).
  for (const { id, title, reply } of threads) {
    await page.goto(`${product.url}/forums/${slug}/${id}`);
    const body = posts(page).nth(1).locator('[data-post-body]');
    await body.waitFor();
    t.is(shown(await page.getByRole('heading', { level: 1 }).textContent()), shown(title), `heading of ${id}`);
    t.is(shown(await body.textContent()), shown(reply), `reply of ${id}`);
    t.true(await body.isVisible());
    t.is(await page.locator('[data-post-body] *').count(), 0, `no elements inside the post bodies of ${id}`);
    t.is(
      await page
        .locator('main script, main iframe, main img[onerror], main svg:not(.MuiSvgIcon-root), main object, main embed')
        .count(),
      0,
    );
  }

  t.is(dialogs, 0, 'no dialog opened');
  t.false(await xssHit(), 'window.__xss was never set');
});
