import type { ExecutionContext } from 'ava';
import type { Page } from 'playwright-core';
import { MESSAGES, PERMISSIONS, rateGame } from '@ecup/domain';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { buildUser, pngImage } from '../helpers/factories.ts';
import { advanceClock, type RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * The play loop in Chromium against the whole product with a test clock (TEST_CLOCK=on): queue, match, accept or
 * decline, chat, the result form at 12 minutes, verify, protest, evidence, a moderator's result and the conflict
 * list. The tests share one matchmaking queue and one server clock, so they run one after another.
 */
const test = e2eTest('play', { TEST_CLOCK: 'on' });

interface Player {
  id: number;
  username: string;
  password: string;
}

async function newPlayer(product: RunningProduct, permissions = 0): Promise<Player> {
  const user = await buildUser(product.knex, { permissions });
  return { id: user.id, username: user.username, password: user.password };
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * Opens /play signed out and signs in through the header's form ('Sign in to play' opens it: the dropdown on a
 * laptop, the inline form in the nav bar on a phone).
 */
async function signInOnPlay(page: Page, product: RunningProduct, player: Player) {
  await page.goto(`${product.url}/play`);
  await page.getByRole('button', { name: MESSAGES.signInToPlay }).click();
  const prefix = isPhone(page) ? 'inline' : 'dropdown';
  await page.locator(`#${prefix}-username`).fill(player.username);
  await page.locator(`#${prefix}-password`).fill(player.password);
  await page.locator(`#${prefix}-password`).press('Enter');
  await page.getByRole('button', { name: MESSAGES.startMatchmaking }).waitFor();
}

/** Both enter the queue, the first one first; both see the match card. */
async function queueAndMatch(t: ExecutionContext, first: Page, second: Page) {
  await first.getByRole('button', { name: MESSAGES.startMatchmaking }).click();
  await first.getByRole('heading', { name: 'Looking for an opponent…' }).waitFor();
  t.regex(await first.locator('[data-queue-timer]').innerText(), /^\d\d:\d\d$/);
  await second.getByRole('button', { name: MESSAGES.startMatchmaking }).click();
  for (const page of [first, second]) {
    await page.getByRole('heading', { name: 'Match found!' }).waitFor();
    await page.getByRole('button', { name: 'Accept' }).waitFor();
  }
  t.regex((await first.getByRole('timer').getAttribute('aria-label')) ?? '', /^\d+ seconds left to accept$/);
}

/** Both accept; both land on the game screen; answers the game id. */
async function acceptBoth(t: ExecutionContext, first: Page, second: Page, secondName: string): Promise<number> {
  await first.getByRole('button', { name: 'Accept' }).click();
  await first.getByText(`You accepted. Waiting for ${secondName}…`).waitFor();
  // The opponent's acceptance arrives by push: the second player sees it on the first player's card.
  await second.locator('[data-accepted="true"]').waitFor();
  await second.getByRole('button', { name: 'Accept' }).click();
  await first.waitForURL(/\/game\/\d+$/);
  await second.waitForURL(/\/game\/\d+$/);
  const id = Number(new URL(first.url()).pathname.split('/').pop());
  t.is(Number(new URL(second.url()).pathname.split('/').pop()), id, 'both are in the same game');
  for (const page of [first, second]) await page.getByRole('heading', { level: 1, name: `Game #${id}` }).waitFor();
  return id;
}

/** Moves the clock to the result form and reads the game again on both screens. */
async function openResultForm(product: RunningProduct, pages: Page[]) {
  for (const page of pages) await page.getByText('Result entry opens in').waitFor();
  await advanceClock(product, 720_000);
  for (const page of pages) {
    await page.reload();
    await page.locator('[data-result-form]').waitFor();
  }
}

/** Asserts the app's popover (title, text), then closes it with OK; a dialog underneath (upload) stays. */
async function closePopover(t: ExecutionContext, page: Page, title: string, content: string) {
  const dialog = page.locator('[role="dialog"][aria-labelledby^="popover-"]');
  await dialog.waitFor();
  t.is((await dialog.getByRole('heading').innerText()).trim(), title);
  t.is((await dialog.locator('.MuiDialogContentText-root').innerText()).trim(), content);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Waits until the server has the page's player in matchmaking state `state` (read with the page's own session). */
async function waitForQueueState(page: Page, state: string) {
  await page.waitForFunction(async (wanted) => {
    const res = await fetch('/matchmaking/status', {
      headers: { Authorization: `Bearer ${localStorage.getItem('ecup.id')}:${localStorage.getItem('ecup.token')}` },
    });
    return ((await res.json()) as { state: string }).state === wanted;
  }, state);
}

const closeAll = (...pages: Page[]) => Promise.all(pages.map((page) => page.context().close()));

test.serial(
  'a player declines: the other is back in the queue with the timer reset, the decliner is out',
  async (t) => {
    const { product, browser } = t.context;
    const [carl, dana] = await Promise.all([newPlayer(product), newPlayer(product)]);
    const c = await newDesktopPage(browser);
    const d = await newPhonePage(browser);
    t.teardown(() => closeAll(c, d));
    await signInOnPlay(c, product, carl);
    await signInOnPlay(d, product, dana);

    await queueAndMatch(t, c, d);
    await c.getByRole('button', { name: 'Accept' }).click();
    // Dana declines once Carl's acceptance has reached her, as a player would see it.
    await d.locator('[data-accepted="true"]').waitFor();
    await d.getByRole('button', { name: 'Decline' }).click();

    await d.getByRole('alert').getByText('You declined the match and left the queue.').waitFor();
    await d.getByRole('button', { name: MESSAGES.startMatchmaking }).waitFor();
    await c
      .getByRole('alert')
      .getByText(`${dana.username} didn't accept the match. You are back in the queue.`)
      .waitFor();
    await c.getByRole('heading', { name: 'Looking for an opponent…' }).waitFor();
    t.regex(await c.locator('[data-queue-timer]').innerText(), /^00:0\d$/, 'the queue timer starts again');

    await c.getByRole('button', { name: 'Leave the queue' }).click();
    await c.getByRole('button', { name: MESSAGES.startMatchmaking }).waitFor();
    await waitForQueueState(c, 'idle');
    const match = await product.knex('matches').where({ user_1_id: carl.id }).orWhere({ user_2_id: carl.id }).first();
    t.like(match, { state: 'declined', declined_user_id: dana.id }, 'the match is closed as declined by Dana');
  },
);

test.serial('nobody answers: when the 30 s run out both players leave the queue', async (t) => {
  const { product, browser } = t.context;
  const [erik, fia] = await Promise.all([newPlayer(product), newPlayer(product)]);
  const e = await newDesktopPage(browser);
  const f = await newDesktopPage(browser);
  t.teardown(() => closeAll(e, f));
  await signInOnPlay(e, product, erik);
  await signInOnPlay(f, product, fia);

  // Leaving the play screen while queued leaves the queue (docs/product.md#states).
  await e.getByRole('button', { name: MESSAGES.startMatchmaking }).click();
  await e.getByRole('heading', { name: 'Looking for an opponent…' }).waitFor();
  await e.getByRole('banner').getByRole('link', { name: 'News' }).click();
  await e.waitForURL('**/news');
  await waitForQueueState(e, 'idle');
  await e.getByRole('banner').getByRole('link', { name: "Let's play" }).click();

  await queueAndMatch(t, e, f);
  // Past the 30 s window and the 2 s grace; the server clears the match and tells both.
  await advanceClock(product, 33_000);
  for (const page of [e, f]) {
    await page.getByRole('alert').getByText("You didn't accept in time, so you have left the queue.").waitFor();
    await page.getByRole('button', { name: MESSAGES.startMatchmaking }).waitFor();
  }
  const matches = await product
    .knex('matches')
    .whereIn('user_1_id', [erik.id, fia.id])
    .orWhereIn('user_2_id', [erik.id, fia.id])
    .select('state');
  t.deepEqual(
    matches.map((m) => m.state),
    ['expired'],
  );
  t.deepEqual(await product.knex('queue_entries').whereIn('user_id', [erik.id, fia.id]).select('id'), []);
});

test.serial(
  'match, accept, chat, submit at 12 minutes, verify: both see the result, the Elo and the ranking',
  async (t) => {
    const { product, browser } = t.context;
    const [alva, bo] = await Promise.all([newPlayer(product), newPlayer(product)]);
    const a = await newDesktopPage(browser);
    const b = await newPhonePage(browser);
    t.teardown(() => closeAll(a, b));
    await signInOnPlay(a, product, alva);
    await signInOnPlay(b, product, bo);
    t.is(await a.title(), "Let's play – eCup");

    await queueAndMatch(t, a, b);
    const gameId = await acceptBoth(t, a, b, bo.username);
    t.is(await a.title(), `Game #${gameId} – eCup`);

    // Chat both ways; an empty message is not sent.
    const box = (page: Page) => page.getByRole('textbox', { name: 'Message' });
    await box(a).fill('   ');
    t.true(await a.getByRole('button', { name: 'Send' }).isDisabled());
    await box(a).fill('Hi! I send the invite.');
    await a.getByRole('button', { name: 'Send' }).click();
    await b.locator('[data-message-body]', { hasText: 'Hi! I send the invite.' }).waitFor();
    t.true(await a.getByRole('button', { name: 'Send' }).isDisabled(), 'Send rests after a message went through');
    await box(b).fill('Ready when you are');
    await b.getByRole('button', { name: 'Send' }).click();
    await a.locator('[data-message-body]', { hasText: 'Ready when you are' }).waitFor();

    // The form opens 12 minutes after the start; a score out of range is refused with the spec's message.
    await openResultForm(product, [a, b]);
    await a.getByLabel('Your score').fill('3');
    await a.getByRole('button', { name: 'Submit result' }).click();
    await closePopover(t, a, MESSAGES.errorTitle, MESSAGES.scoreRange);
    await a.getByLabel(`${bo.username}'s score`).fill('1');
    await a.getByRole('button', { name: 'Submit result' }).click();
    await a.locator('[data-status="Unverified"]').waitFor();

    // The opponent sees the score from their side and verifies it.
    await b.getByText(`${alva.username} reported 1–3 (your goals first). Is that right?`).waitFor();
    await b.getByRole('button', { name: 'Verify' }).click();
    for (const page of [a, b]) await page.locator('[data-status="Verified"]').waitFor();
    // The verify answers the game without its chat: the verifier's page keeps the lines it showed.
    t.deepEqual(await b.locator('[data-message-body]').allInnerTexts(), [
      'Hi! I send the invite.',
      'Ready when you are',
    ]);

    const game = await product.knex('games').where({ id: gameId }).first();
    const alvaIsFirst = game!.user_1_id === alva.id;
    t.deepEqual([game!.score_1, game!.score_2], alvaIsFirst ? [3, 1] : [1, 3], 'the wire is in game order');

    const rated = rateGame({ elo_1: 1000, games_1: 0, elo_2: 1000, games_2: 0, score_1: 3, score_2: 1 });
    const change = rated.elo_1 - 1000;
    await a.locator(`[data-elo-change="+${change}"]`).waitFor();
    await b.locator(`[data-elo-change="\u2212${change}"]`).waitFor();
    const number = (n: number) => new Intl.NumberFormat('en-GB').format(n);
    t.is(await a.locator(`[data-player="${alva.username}"] dd`).first().innerText(), number(rated.elo_1));

    // The `stats` event refreshed the signed-in player: the play screen's own card, reached without a page load,
    // has the new Elo and record.
    await a.getByRole('banner').getByRole('link', { name: "Let's play" }).click();
    await a.getByRole('button', { name: MESSAGES.startMatchmaking }).waitFor();
    const card = a.locator(`[data-player="${alva.username}"] dd`);
    t.deepEqual(await card.allInnerTexts(), [number(rated.elo_1), '1', '0', '0']);

    // The ranking shows both players' new numbers.
    for (const [page, player, elo] of [
      [a, alva, rated.elo_1],
      [b, bo, rated.elo_2],
    ] as const) {
      await page.goto(`${product.url}/ranking`);
      await page.getByLabel('Search players').fill(player.username);
      const entry = page.locator(isPhone(page) ? 'ol > li' : 'tbody tr', { hasText: player.username });
      await entry.waitFor();
      await page.waitForFunction(
        ([name, text]) =>
          [...document.querySelectorAll('ol > li, tbody tr')].some(
            (row) => row.textContent?.includes(name) && row.textContent.includes(text),
          ),
        [player.username, number(elo)] as const,
      );
      t.true((await entry.innerText()).includes(number(elo)));
    }
  },
);

test.serial('a protested game: evidence, a moderator sets the result, the conflict list says Solved', async (t) => {
  const { product, browser } = t.context;
  const [gus, hedda, moderator] = await Promise.all([
    newPlayer(product),
    newPlayer(product),
    newPlayer(product, PERMISSIONS.canResolveConflicts),
  ]);
  const g = await newDesktopPage(browser);
  const h = await newDesktopPage(browser);
  const m = await newDesktopPage(browser);
  t.teardown(() => closeAll(g, h, m));
  await signInOnPlay(g, product, gus);
  await signInOnPlay(h, product, hedda);
  await queueAndMatch(t, g, h);
  const gameId = await acceptBoth(t, g, h, hedda.username);
  await openResultForm(product, [g, h]);

  await g.getByLabel('Your score').fill('2');
  await g.getByLabel(`${hedda.username}'s score`).fill('1');
  await g.getByRole('button', { name: 'Submit result' }).click();
  await h.getByRole('button', { name: 'Protest' }).click();
  await h.getByRole('dialog').getByRole('button', { name: 'Protest' }).click();
  for (const page of [g, h]) await page.locator('[data-status="Conflict"]').waitFor();

  // Evidence: a bad link is refused with the spec's message, a YouTube link goes through.
  await g.getByRole('button', { name: 'Upload evidence' }).click();
  await g.getByLabel('YouTube link').fill('https://example.com/watch?v=abc');
  await g.getByRole('dialog').getByRole('button', { name: 'Upload', exact: true }).click();
  await closePopover(t, g, MESSAGES.errorTitle, MESSAGES.invalidYoutubeLink);
  await g.getByLabel('YouTube link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await g.getByRole('dialog').getByRole('button', { name: 'Upload', exact: true }).click();
  await closePopover(t, g, 'Evidence', MESSAGES.evidenceUploaded);
  await h.locator('[data-evidence]').first().waitFor();

  // The moderator signs in, opens the game, sees the evidence and the edit form; new evidence is announced.
  await m.goto(`${product.url}/`);
  await m.getByRole('button', { name: 'Sign in' }).click();
  await m.locator('#dropdown-username').fill(moderator.username);
  await m.locator('#dropdown-password').fill(moderator.password);
  await m.locator('#dropdown-password').press('Enter');
  await m.getByRole('button', { name: `Account menu for ${moderator.username}` }).waitFor();
  await m.goto(`${product.url}/game/${gameId}`);
  await m.getByRole('heading', { name: 'Set the result' }).waitFor();
  t.is(await m.locator('[data-evidence]').count(), 1);
  await m.getByRole('textbox', { name: 'Message' }).fill('I am looking at your game now.');
  await m.getByRole('button', { name: 'Send' }).click();
  await g.locator('[data-admin] [data-message-body]', { hasText: 'I am looking at your game now.' }).waitFor();

  await h.getByRole('button', { name: 'Upload evidence' }).click();
  await h.getByLabel('YouTube link').fill('https://youtu.be/9bZkp7q19f0');
  await h.getByRole('dialog').getByRole('button', { name: 'Upload', exact: true }).click();
  await closePopover(t, h, 'Evidence', MESSAGES.evidenceUploaded);
  await closePopover(t, m, MESSAGES.newEvidenceTitle, MESSAGES.newEvidence(hedda.username));
  await m.locator('[data-evidence]').nth(1).waitFor();

  // A photo: the game page draws its smaller copy and links to the photo as uploaded.
  await g.getByRole('button', { name: 'Upload evidence' }).click();
  await g
    .getByRole('dialog')
    .getByLabel('Choose a photo')
    .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: await pngImage(1600, 900) });
  await g.getByRole('dialog').getByRole('button', { name: 'Upload', exact: true }).click();
  await closePopover(t, g, 'Evidence', MESSAGES.evidenceUploaded);
  await closePopover(t, m, MESSAGES.newEvidenceTitle, MESSAGES.newEvidence(gus.username));
  const photo = h.locator('[data-evidence] img');
  await photo.waitFor();
  t.regex((await photo.getAttribute('src')) ?? '', /^\/images\/evidence_thumb\/[0-9a-f]{2}\/[0-9a-f]{32}\.jpg$/);
  t.regex((await h.locator('[data-evidence] a:has(img)').getAttribute('href')) ?? '', /^\/images\/evidence\//);
  t.is(await photo.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)), 640);

  // The moderator's form names each player, so it reads the same whoever is user 1.
  await m.getByLabel(`${gus.username}'s score`).fill('1');
  await m.getByLabel(`${hedda.username}'s score`).fill('2');
  await m.getByRole('button', { name: 'Save result' }).click();
  await closePopover(t, m, 'Set the result', MESSAGES.resultSaved);
  for (const page of [g, h, m]) await page.locator('[data-status="Confirmed"]').waitFor();
  t.is(await g.locator('[data-score]').getAttribute('data-score'), '1-2', "Gus's own goals first");
  t.is(await h.locator('[data-score]').getAttribute('data-score'), '2-1');

  for (const page of [m, g]) {
    await page.goto(`${product.url}/conflicts`);
    const row = page.locator(`[data-conflict="${gameId}"]`);
    await row.waitFor();
    t.true((await row.innerText()).includes(MESSAGES.statusSolved));
    t.is(await row.getByRole('link', { name: `Open game ${gameId}` }).getAttribute('href'), `/game/${gameId}`);
  }
  t.is(await m.title(), 'Conflicts – eCup');
});
