import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import type { Page } from 'playwright-core';
import { createSession } from '@ecup/db';
import { ALL_PERMISSIONS, MESSAGES } from '@ecup/domain';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { buildGame, buildUser, pngImage } from '../helpers/factories.ts';
import { linkIn, waitForMail } from '../helpers/outbox.ts';
import type { RunningProduct } from '../helpers/product.ts';
import { e2eTest } from '../helpers/e2e.ts';

/**
 * Feedback a player gets on the account screens, in the chat and in the forums: the reset link checked before its
 * form, a confirmation after a reset, the chat's rest counted down, teams in settings, the one password minimum,
 * the image upload after a refused file, the sign-in form, and only the staff tools a session can use.
 */
const test = e2eTest('account-feedback');

/** Set ECUP_SHOTS_DIR (for example /tmp/ecup-shots) to keep screenshots of these screens. */
const SHOTS_DIR = process.env.ECUP_SHOTS_DIR;

async function screenshot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: !(await page.getByRole('dialog').count()) });
}

interface Pair {
  id: number;
  token: string;
}

/** A factory user with a password-only session made directly (sign-in has limits of its own per address). */
async function sessionFor(product: RunningProduct, permissions = 0) {
  const user = await buildUser(product.knex, { permissions });
  const session = await createSession(product.knex, { user_id: user.id, ip: null, user_agent: null });
  return { user, pair: { id: user.id, token: session.result.token }, sessionId: session.result.session_id };
}

/** Opens `path` signed in with `pair` (docs/product.md#states: local storage) in `lang`. */
async function openSignedIn(page: Page, url: string, path: string, pair: Pair | null, lang = 'en') {
  await page.goto(url);
  await page.evaluate(
    ({ stored, language }) => {
      localStorage.setItem('ecup.lang', language);
      if (stored) {
        localStorage.setItem('ecup.id', String(stored.id));
        localStorage.setItem('ecup.token', stored.token);
      }
    },
    { stored: pair, language: lang },
  );
  await page.goto(`${url}${path}`);
}

/** Asserts the one open popover has `title` and `message`, then closes it with OK. */
async function expectPopover(t: ExecutionContext, page: Page, title: string, message: string) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  t.is((await dialog.getByRole('heading').innerText()).trim(), title);
  t.is((await dialog.locator('.MuiDialogContentText-root').innerText()).trim(), message);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Asks for a reset link by API and reads it from the outbox. */
async function resetLinkFor(product: RunningProduct, user: { username: string; email: string }): Promise<string> {
  const res = await fetch(`${product.url}/user/forgot_password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.username, email: user.email }),
  });
  if (res.status !== 200) throw new Error(`forgot_password answered ${res.status}`);
  return linkIn(await waitForMail(product.outbox, user.email), `${product.url}/resetpassword/`);
}

test("an unknown or used reset link shows 'This password reset link is invalid or has expired.' instead of the form; a reset ends with a confirmation on /", async (t) => {
  const { product, browser } = t.context;
  const user = await buildUser(product.knex);
  const link = await resetLinkFor(product, user);
  const page = await newPhonePage(browser);
  t.teardown(() => page.context().close());
  const invalidState = async () => {
    await page.getByRole('heading', { level: 1, name: 'This link cannot be used' }).waitFor();
    t.true(await page.getByText(MESSAGES.resetLinkInvalid).isVisible());
    t.is(await page.getByLabel('New password', { exact: true }).count(), 0, 'no form that can only fail');
    t.true(await page.getByRole('link', { name: 'Ask for a new link' }).isVisible());
  };

  // A link whose token is wrong: the same state as any unusable link, before anything is typed.
  await openSignedIn(page, product.url, new URL(link).pathname.replace(/[^/]+$/, 'f'.repeat(64)), null);
  await invalidState();
  await screenshot(page, 'reset-invalid-phone-en');

  // The real link shows the form, and the reset is confirmed on / once the player is signed in.
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
  t.true(await page.getByText('Your new password must have at least 8 characters.').isVisible());
  await page.getByLabel('New password', { exact: true }).fill('BrandNewPass1');
  await page.getByLabel('Repeat new password').fill('BrandNewPass1');
  await page.getByRole('button', { name: 'Update password' }).click();
  await page.waitForURL(`${product.url}/`);
  await page.getByRole('dialog').waitFor();
  await screenshot(page, 'reset-done-phone-en');
  await expectPopover(t, page, MESSAGES.done, MESSAGES.passwordResetDone);
  await page.waitForFunction((id) => localStorage.getItem('ecup.id') === id, String(user.id));

  // The used link now shows its state at once.
  await page.goto(link);
  await invalidState();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
});

test('a used reset link in Swedish shows the Swedish state; at 1280 px too', async (t) => {
  const { product, browser } = t.context;
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await openSignedIn(page, product.url, `/resetpassword/999999/1/${'a'.repeat(64)}`, null, 'sv');
  await page.getByRole('heading', { level: 1, name: 'Den här länken kan inte användas' }).waitFor();
  t.true(await page.getByText('Länken för att återställa lösenordet är ogiltig eller har gått ut.').isVisible());
  t.true(await page.getByRole('link', { name: 'Be om en ny länk' }).isVisible());
  await screenshot(page, 'reset-invalid-desktop-sv');
});

test("settings: the teams change with sign-up's messages, the new password asks 8 like sign-up, and 'Upload image' is disabled after a refused file", async (t) => {
  const { product, browser } = t.context;
  const { user, pair } = await sessionFor(product);
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await openSignedIn(page, product.url, '/settings', pair);
  await page.getByRole('heading', { level: 2, name: 'Teams' }).waitFor();

  // One password minimum: the hint says 8 and a 7-character password is refused.
  t.true(await page.getByText('At least 8 characters.', { exact: false }).isVisible());
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('1234567');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expectPopover(t, page, MESSAGES.errorTitle, MESSAGES.passwordTooShort);

  // Teams: filled in from the account, refused empty with sign-up's message, then saved.
  const irl = page.getByLabel('IRL team');
  const fifa = page.getByLabel('FIFA team');
  t.is(await irl.inputValue(), 'IFK Göteborg');
  t.is(await fifa.inputValue(), 'Real Madrid');
  await irl.fill('');
  const save = page.getByRole('button', { name: 'Save teams' });
  await save.click();
  await expectPopover(t, page, MESSAGES.errorTitle, MESSAGES.teamsRequired);
  t.is(await irl.getAttribute('aria-invalid'), 'true', 'the empty team is marked');
  await irl.fill('Hammarby IF');
  // Contact details in a team's name: only the server knows (docs/rules.md "Player text"); its message marks the FIFA team.
  await fifa.fill('snap: coach_micke');
  await save.click();
  await expectPopover(t, page, MESSAGES.errorTitle, MESSAGES.fifaTeamContactDetails);
  t.is(await fifa.getAttribute('aria-invalid'), 'true', 'the refused team is marked');
  t.is((await product.knex('users').where('id', user.id).first())!.fifa_team_name, 'Real Madrid');
  await fifa.fill('Inter');
  await save.click();
  await page.getByText(MESSAGES.teamsSaved).waitFor();
  t.like(await product.knex('users').where('id', user.id).first(), {
    team_name: 'Hammarby IF',
    fifa_team_name: 'Inter',
  });
  await screenshot(page, 'settings-teams-desktop-en');

  // Profile image: a refused file leaves nothing to upload, whether the browser or the server refuses it.
  const upload = page.getByRole('button', { name: 'Upload image' });
  const photo = page.locator('#settings-photo');
  await photo.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: await pngImage() });
  await page.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
  t.true(await upload.isEnabled());
  await photo.setInputFiles({ name: 'face.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expectPopover(t, page, MESSAGES.errorTitle, MESSAGES.photoType);
  t.true(await upload.isDisabled(), 'the earlier choice is gone with the refused file');
  t.is(await page.getByRole('img', { name: 'Preview of the chosen image' }).count(), 0);

  await photo.setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  t.true(await upload.isEnabled());
  await upload.click();
  await page.getByRole('dialog').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  t.true(await upload.isDisabled(), 'a file the server refused is not offered again');
  t.is((await product.knex('users').where('id', user.id).first())!.avatar_hash, null);

  // Swedish at 390 px: the teams section in Swedish.
  const phone = await newPhonePage(browser);
  t.teardown(() => phone.context().close());
  await openSignedIn(phone, product.url, '/settings', pair, 'sv');
  await phone.getByRole('heading', { level: 2, name: 'Lag' }).waitFor();
  t.is(await phone.getByLabel('IRL-lag').inputValue(), 'Hammarby IF');
  await screenshot(phone, 'settings-teams-phone-sv');
});

test("sign-in: Enter on 'Sign in' puts the cursor in the username field; a wrong password is emptied, the username stays", async (t) => {
  const { product, browser } = t.context;
  const user = await buildUser(product.knex);
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await openSignedIn(page, product.url, '/news', null);
  const open = page.getByRole('button', { name: 'Sign in', exact: true });
  await open.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'dropdown-username');
  t.pass('the username field has the focus');

  await page.keyboard.type(user.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expectPopover(t, page, MESSAGES.loginErrorTitle, MESSAGES.wrongCredentials);
  t.is(await page.locator('#dropdown-password').inputValue(), '', 'the wrong password is gone');
  t.is(await page.locator('#dropdown-username').inputValue(), user.username, 'the username stays');
  await page.waitForFunction(() => document.activeElement?.id === 'dropdown-password');
  await screenshot(page, 'sign-in-after-wrong-password-desktop-en');

  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Account menu for ${user.username}` }).waitFor();

  // On a phone, the inline form empties the password too.
  const phone = await newPhonePage(browser);
  t.teardown(() => phone.context().close());
  await openSignedIn(phone, product.url, '/news', null, 'sv');
  await phone.getByRole('button', { name: 'Meny' }).click();
  await phone.locator('#inline-username').fill(user.username);
  await phone.locator('#inline-password').fill('fel lösenord');
  await phone.locator('#inline-password').press('Enter');
  await expectPopover(t, phone, 'Inloggningsfel', 'Fel användarnamn eller lösenord.');
  t.is(await phone.locator('#inline-password').inputValue(), '');
  t.is(await phone.locator('#inline-username').inputValue(), user.username);
  await screenshot(phone, 'sign-in-after-wrong-password-phone-sv');
});

test("the chat's Send button is disabled and counts down 'Send in 4 s' … 'Send in 1 s' after a message, then reads 'Send' again", async (t) => {
  const { product, browser } = t.context;
  const [me, opponent] = await Promise.all([sessionFor(product), sessionFor(product)]);
  const gameId = await buildGame(product.knex, { user_1_id: me.user.id, user_2_id: opponent.user.id });
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await openSignedIn(page, product.url, `/game/${gameId}`, me.pair);
  const message = page.getByRole('textbox', { name: 'Message' });
  await message.waitFor();
  await message.fill('Hi! I send the invite.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const wait = page.locator('[data-chat-wait]');
  await wait.waitFor();
  const seen: string[] = [];
  while ((await wait.count()) > 0) {
    const label = (await wait.innerText().catch(() => '')).trim();
    if (label !== '' && seen.at(-1) !== label) {
      seen.push(label);
      t.true(await wait.isDisabled(), `${label}: disabled`);
      if (label === 'Send in 4 s') await screenshot(page, 'chat-countdown-desktop-en');
    }
    await page.waitForTimeout(100);
  }
  t.deepEqual(seen, ['Send in 4 s', 'Send in 3 s', 'Send in 2 s', 'Send in 1 s']);
  await message.fill('Ready?');
  t.true(await page.getByRole('button', { name: 'Send', exact: true }).isEnabled(), 'Send works again');

  // The opponent, on a phone in Swedish, sees the same countdown in Swedish.
  const phone = await newPhonePage(browser);
  t.teardown(() => phone.context().close());
  await openSignedIn(phone, product.url, `/game/${gameId}`, opponent.pair, 'sv');
  const reply = phone.getByRole('textbox', { name: 'Meddelande' });
  await reply.fill('Hej! Jag väntar på inbjudan.');
  await phone.getByRole('button', { name: 'Skicka', exact: true }).click();
  await phone.getByRole('button', { name: 'Skicka om 4 s' }).waitFor();
  await phone.locator('#chat-message').scrollIntoViewIfNeeded();
  await phone.screenshot({ path: SHOTS_DIR ? join(SHOTS_DIR, 'chat-countdown-phone-sv.png') : undefined });
  await phone.getByRole('button', { name: 'Skicka', exact: true }).waitFor();
});

test('a minor and an adult chat with quick messages only: "Good game!" shows as "Bra match!" for a Swedish reader', async (t) => {
  const { product, browser } = t.context;
  const [minor, adult] = await Promise.all([sessionFor(product), sessionFor(product)]);
  const year = new Date().getUTCFullYear();
  await product
    .knex('users')
    .where('id', minor.user.id)
    .update({ birth_date: new Date(Date.UTC(year - 15, 0, 1)) });
  const gameId = await buildGame(product.knex, { user_1_id: minor.user.id, user_2_id: adult.user.id });
  const phone = await newPhonePage(browser);
  const desktop = await newDesktopPage(browser);
  t.teardown(() => Promise.all([phone.context().close(), desktop.context().close()]));
  await openSignedIn(phone, product.url, `/game/${gameId}`, minor.pair);
  await openSignedIn(desktop, product.url, `/game/${gameId}`, adult.pair, 'sv');

  // Quick messages replace the message field on both screens, in each reader's language.
  await phone.getByText('A player in this game is under 18: chat with the quick messages above.').waitFor();
  await desktop.getByText('En spelare i den här matchen är under 18: chatta med snabbmeddelandena ovanför.').waitFor();
  t.is(await phone.getByRole('textbox', { name: 'Message' }).count(), 0);
  t.is(await desktop.getByRole('textbox', { name: 'Meddelande' }).count(), 0);
  const chips = phone.getByRole('group', { name: 'Quick messages' }).getByRole('button');
  t.is(await chips.count(), 10);
  t.true(
    await phone.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    'the chips wrap inside a phone screen',
  );
  await screenshot(phone, 'chat-quick-messages-phone-en');

  await phone.getByRole('button', { name: 'Good game!' }).click();
  await phone.locator('[data-message-body]', { hasText: 'Good game!' }).waitFor();
  await desktop.locator('[data-message-body]', { hasText: 'Bra match!' }).waitFor();
  t.is(await desktop.locator('[data-message-body]', { hasText: 'Good game!' }).count(), 0);
  await desktop.getByRole('button', { name: 'Tack!' }).click();
  await phone.locator('[data-message-body]', { hasText: 'Thanks!' }).waitFor();
  await screenshot(desktop, 'chat-quick-messages-desktop-sv');
});

test("staff signed in to the player app without their two-factor code see no 'Lock topic' or 'Hide'; with it they do", async (t) => {
  const { product, browser } = t.context;
  const [owner, author] = await Promise.all([sessionFor(product, ALL_PERMISSIONS), sessionFor(product)]);
  const category = (await product.knex('forum_categories').where({ id: 2 }).first('slug')) as { slug: string };
  const thread = await fetch(`${product.url}/forums/new_thread`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${author.pair.id}:${author.pair.token}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ category_id: '2', title: 'Two-factor tools check', message: 'The opening post.' }),
  });
  const threadId = ((await thread.json()) as { id: number }).id;
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await openSignedIn(page, product.url, `/forums/${category.slug}/${threadId}`, owner.pair);
  const post = page.locator('article[data-post]').first();
  await post.getByRole('button', { name: 'Report' }).waitFor();
  t.is(await page.getByRole('button', { name: 'Lock topic' }).count(), 0);
  t.is(await page.getByRole('button', { name: 'Hide' }).count(), 0);
  await screenshot(page, 'forum-staff-password-only-desktop-en');

  // The same account with a session that passed the second factor gets the tools, and they work.
  await product.knex('sessions').where('id', owner.sessionId).update({ totp_verified_at: new Date() });
  await page.reload();
  await page.getByRole('button', { name: 'Lock topic' }).click();
  await page.getByRole('button', { name: 'Unlock' }).waitFor();
  t.true(await post.getByRole('button', { name: 'Hide' }).isVisible());
});
