import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES, MIN_AGE_YEARS } from '@ecup/domain';
import { newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { e2eTest } from '../helpers/e2e.ts';
import { FIXED_MESSAGES_SV as SPEC_MESSAGES_SV } from '../../player-web/src/i18n/messages-sv.ts';

/** Set ECUP_SHOTS_DIR (for example /tmp/ecup-shots) to keep a screenshot of the sign-up screens. */
const SHOTS_DIR = process.env.ECUP_SHOTS_DIR;

const test = e2eTest('signup');

async function screenshot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** A phone 390 px wide reading Swedish (the app follows the browser's language until one is chosen). */
async function newSwedishPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'sv-SE',
  });
  return context.newPage();
}

/** A PNG made on the fly, as a player's photo would be. */
function png(colour = '#2fbf5e'): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 96, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** Asserts the one open popover is titled `title` with `message`, then closes it with its button. */
async function expectPopover(t: ExecutionContext, page: Page, title: string, message: string, ok = 'OK') {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  t.is(await dialog.count(), 1, 'one popover, not one per mistake');
  t.is((await dialog.getByRole('heading').innerText()).trim(), title, message);
  t.is((await dialog.locator('.MuiDialogContentText-root').innerText()).trim(), message);
  await dialog.getByRole('button', { name: ok }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The messages shown under the form's fields, top to bottom in the form's reading order. */
function fieldMessages(page: Page): Promise<string[]> {
  return page
    .locator('form .MuiFormHelperText-root.Mui-error')
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.trim()));
}

/** The message under one field (the helper text MUI ties to the input), or '' when it shows its hint. */
async function messageUnder(page: Page, id: string): Promise<string> {
  const helper = page.locator(`#${id}-helper-text.Mui-error`);
  return (await helper.count()) === 0 ? '' : (await helper.innerText()).trim();
}

/** The sign-up API, for an account whose username a child then finds taken. */
async function signUpThroughApi(url: string, username: string): Promise<void> {
  const res = await fetch(`${url}/user/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      username,
      first_name: 'Taken',
      last_name: 'Name',
      email: `${username}@example.com`,
      password: 'a good password',
      console: 1,
      gamer_tag: `${username}_psn`,
      irl_team: 'Hammarby IF',
      fifa_team: 'Real Madrid',
      birth_year: 1998,
      birth_month: 3,
      birth_day: 9,
      country_id: 210,
      terms: 1,
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up of ${username} answered ${res.status}: ${await res.text()}`);
}

test("a new player sees every mistake at once under its field in the form's order, the first in the Error popover, then signs up and lands on /play", async (t) => {
  const { product, browser } = t.context;
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await signUpThroughApi(product.url, 'e2e_taken');
  await page.goto(`${product.url}/register`);
  await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
  const field = (name: string) => page.locator(`#signup-${name}`);
  const submit = () => page.getByRole('button', { name: 'Create account' }).click();

  // The birth-year hint is this year's: up to the year of those turning 12 now, so a 13-year-old fits in it.
  const year = new Date().getUTCFullYear();
  t.is(
    (await page.locator('#signup-birth_year-helper-text').innerText()).trim(),
    `${year - 109}–${year - MIN_AGE_YEARS}`,
  );
  t.is(await page.getByText('1910–2007').count(), 0);

  // One press on an empty form: the first mistake in the popover, every field's mistake under it.
  await submit();
  await expectPopover(t, page, MESSAGES.errorTitle, MESSAGES.usernameTooShort);
  await t.notThrowsAsync(
    page.waitForFunction(() => document.activeElement?.id === 'signup-username', null, { polling: 100 }),
    'focus goes to the first field with a mistake',
  );
  t.deepEqual(await fieldMessages(page), [
    MESSAGES.usernameTooShort,
    MESSAGES.invalidEmail,
    MESSAGES.passwordTooShort,
    MESSAGES.consoleRequired,
    MESSAGES.psnIdTooShort,
    MESSAGES.firstNameTooShort,
    MESSAGES.lastNameTooShort,
    `${MESSAGES.invalidBirthYear} ${MESSAGES.invalidBirthMonth} ${MESSAGES.invalidBirthDay}`,
    MESSAGES.countryRequired,
    MESSAGES.teamsRequired,
    MESSAGES.teamsRequired,
    MESSAGES.mustAgreeToTerms,
  ]);
  t.is(await messageUnder(page, 'signup-username'), MESSAGES.usernameTooShort);
  t.is(await messageUnder(page, 'signup-fifa_team'), MESSAGES.teamsRequired);
  t.is(await field('username').getAttribute('aria-invalid'), 'true');
  t.is(
    await page.getByRole('checkbox', { name: 'I have read and agree to the terms' }).getAttribute('aria-invalid'),
    'true',
  );
  t.regex(
    (await page
      .getByRole('checkbox', { name: 'I have read and agree to the terms' })
      .getAttribute('aria-describedby')) ?? '',
    /signup-terms-error/,
  );
  await screenshot(page, 'register-errors-desktop-en');

  // Fixing a field takes its message away at once; the others stay.
  await field('username').fill('e2e_taken');
  t.is(await messageUnder(page, 'signup-username'), '');
  t.is(await messageUnder(page, 'signup-email'), MESSAGES.invalidEmail);

  // A second round with a few fields fixed and new mistakes: still all at once, in the form's order.
  await field('email').fill('e2e_signup@example.com');
  await field('password').fill('GoodPassword1');
  await field('repeat_password').fill('GoodPassword2');
  await page.getByLabel('Xbox', { exact: true }).check();
  await page.getByText(MESSAGES.playstationOnly).waitFor();
  await page.getByLabel('Xbox Live Gamertag').fill('Alva.Box');
  await field('first_name').fill('Alva');
  await field('last_name').fill('Lind');
  await field('birth_year').fill(String(year - 10));
  await field('birth_month').selectOption('2');
  await field('birth_day').fill('30');
  await submit();
  await expectPopover(t, page, MESSAGES.errorTitle, MESSAGES.passwordMismatch);
  t.deepEqual(await fieldMessages(page), [
    MESSAGES.passwordMismatch,
    MESSAGES.playstationOnly,
    MESSAGES.xboxGamertagIllegal,
    MESSAGES.invalidBirthDay,
    MESSAGES.countryRequired,
    MESSAGES.teamsRequired,
    MESSAGES.teamsRequired,
    MESSAGES.mustAgreeToTerms,
  ]);
  t.is(await field('birth_day').getAttribute('aria-describedby'), 'signup-birth_day-helper-text signup-birth-error');

  // Ten years old: the guardian field appears, and the age floor shows under the birth date.
  await field('repeat_password').fill('GoodPassword1');
  await page.getByLabel('PlayStation').check();
  await page.getByLabel('PSN ID').fill('alva_psn-1');
  await field('birth_day').fill('14');
  await field('guardian_email').waitFor();
  await field('country_id').selectOption({ label: 'Sweden' });
  await field('irl_team').fill('Hammar');
  await page.getByRole('option', { name: 'Hammarby IF' }).click();
  await field('fifa_team').fill('Real Madrid');
  await page.getByLabel('I have read and agree to the terms').check();
  await submit();
  await expectPopover(t, page, MESSAGES.errorTitle, MESSAGES.tooYoung);
  t.deepEqual(await fieldMessages(page), [MESSAGES.tooYoung]);

  // Fifteen: a guardian's e-mail is asked under its field.
  await field('birth_year').fill(String(year - 15));
  await submit();
  await expectPopover(t, page, MESSAGES.errorTitle, MESSAGES.guardianEmailRequired);
  t.is(await messageUnder(page, 'signup-guardian_email'), MESSAGES.guardianEmailRequired);

  // An adult after all; the username is taken, which only the server knows: its message shows under the field.
  await field('birth_year').fill('1995');
  await field('guardian_email').waitFor({ state: 'detached' });
  await field('user_photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png() });
  await page.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
  await submit();
  await expectPopover(t, page, MESSAGES.errorTitle, MESSAGES.usernameTaken);
  t.deepEqual(await fieldMessages(page), [MESSAGES.usernameTaken]);
  t.is(await messageUnder(page, 'signup-username'), MESSAGES.usernameTaken);
  await t.notThrowsAsync(
    page.waitForFunction(() => document.activeElement?.id === 'signup-username', null, { polling: 100 }),
    'focus goes to the taken username',
  );

  // Everything typed stayed through all of it.
  t.is(await field('first_name').inputValue(), 'Alva');
  t.is(await field('fifa_team').inputValue(), 'Real Madrid');

  await field('username').fill('e2e_signup');
  await submit();
  await page.waitForURL(`${product.url}/play`);
  await page.getByRole('button', { name: 'Account menu for e2e_signup' }).waitFor();
  const row = await product.knex('users').where({ username: 'e2e_signup' }).first();
  t.like(row, {
    first_name: 'Alva',
    last_name: 'Lind',
    email: 'e2e_signup@example.com',
    console: 1,
    gamer_tag: 'alva_psn-1',
    team_name: 'Hammarby IF',
    fifa_team_name: 'Real Madrid',
    guardian_email: null,
  });
  t.truthy(row!.avatar_hash, 'the profile photo was stored');
});

test("on a phone in Swedish the mistakes show under the fields in Swedish, and the birth-year hint is this year's", async (t) => {
  const { product, browser } = t.context;
  const page = await newSwedishPhonePage(browser);
  t.teardown(() => page.context().close());
  await page.goto(`${product.url}/register`);
  await page.getByRole('heading', { level: 1, name: 'Registrera dig' }).waitFor();
  const year = new Date().getUTCFullYear();
  t.is(
    (await page.locator('#signup-birth_year-helper-text').innerText()).trim(),
    `${year - 109}–${year - MIN_AGE_YEARS}`,
  );
  await page.locator('#signup-username').fill('e2e_sv');
  await page.locator('#signup-email').fill('e2e_sv@example.com');
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expectPopover(t, page, SPEC_MESSAGES_SV.errorTitle, SPEC_MESSAGES_SV.passwordTooShort);
  const messages = await fieldMessages(page);
  t.is(messages[0], SPEC_MESSAGES_SV.passwordTooShort);
  t.is(messages.at(-1), SPEC_MESSAGES_SV.mustAgreeToTerms);
  t.true(messages.includes(SPEC_MESSAGES_SV.countryRequired));
  t.false(messages.includes(MESSAGES.countryRequired), 'no English message');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  t.true(overflow <= 0, `the form with its messages is ${overflow}px wider than the phone`);
  await screenshot(page, 'register-errors-phone-sv');
});

for (const { name, open, form } of [
  { name: 'phone', open: newPhonePage, form: '#inline-username' },
  { name: 'laptop', open: newDesktopPage, form: '#dropdown-username' },
]) {
  test(`'Already have an account?' on the sign-up page is a Sign in button that opens the sign-in form on a ${name}`, async (t) => {
    const { product, browser } = t.context;
    const page = await open(browser);
    t.teardown(() => page.context().close());
    await page.goto(`${product.url}/register`);
    await page.getByRole('heading', { level: 1, name: 'Sign up' }).waitFor();
    t.is(await page.getByText('Sign in at the top of the page').count(), 0);
    await page.getByText('Already have an account?').waitFor();
    await page.locator('#main').getByRole('button', { name: 'Sign in' }).click();
    await page.locator(form).waitFor({ state: 'visible' });
    // The form's username field has the focus, ready to type.
    await page.waitForFunction((id) => document.activeElement?.id === id, form.slice(1), { polling: 100 });
    await screenshot(page, `register-sign-in-opened-${name}`);
  });
}
