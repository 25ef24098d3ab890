import { mkdirSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { MESSAGES, PRIZE_REASONS } from '@ecup/domain';
import type { PrizeExport } from '@ecup/db';
import { newDesktopPage, newPhonePage, startSignedIn } from '../helpers/browser.ts';
import { cli } from '../helpers/cli.ts';
import { TEST_DATABASE_SERVER } from '../helpers/db.ts';
import { e2eTest } from '../helpers/e2e.ts';
import { buildGame } from '../helpers/factories.ts';
import { linkIn, waitForMail } from '../helpers/outbox.ts';
import { waitFor } from '../helpers/poll.ts';

const test = e2eTest('guardian');

/** Set ECUP_SHOTS_DIR (for example /tmp/ecup-shots) to keep screenshots of the approval screens. */
const SHOTS_DIR = process.env.ECUP_SHOTS_DIR;
async function screenshot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

/** Opens `path` in a fresh browser with the app's language set to `lang` (the footer's choice, remembered). */
async function openIn(page: Page, url: string, lang: 'en' | 'sv') {
  await page.addInitScript((chosen) => localStorage.setItem('ecup.lang', chosen), lang);
  await page.goto(url);
}

test('a parent approves a 13-year-old from the e-mail link; the player sees it in settings and the prize export lists them as eligible', async (t) => {
  const { product, browser } = t.context;
  const year = new Date().getUTCFullYear() - 13;
  const guardian = 'mamma.lind@example.com';

  // The child signs up on a phone.
  const child = await newPhonePage(browser);
  t.teardown(() => child.context().close());
  await openIn(child, `${product.url}/register`, 'en');
  const field = (name: string) => child.locator(`#signup-${name}`);
  await field('username').fill('kid_lind');
  await field('first_name').fill('Ella');
  await field('last_name').fill('Lind');
  await field('email').fill('ella.lind@example.com');
  await field('password').fill('GoodPassword1');
  await field('repeat_password').fill('GoodPassword1');
  await field('birth_year').fill(String(year));
  await field('birth_month').selectOption('1');
  await field('birth_day').fill('2');
  await field('guardian_email').fill(guardian);
  await child.getByLabel('I have read and agree to the terms').check();
  await field('irl_team').fill('Hammarby IF');
  await field('fifa_team').fill('Real Madrid');
  await child.getByLabel('PlayStation').check();
  await child.getByLabel('PSN ID').fill('ella_psn');
  await field('country_id').selectOption({ label: 'Sweden' });
  await child.getByRole('button', { name: 'Create account' }).click();

  // The child is told where the e-mail went.
  await child.waitForURL(`${product.url}/play`);
  const notice = child.getByRole('dialog');
  await notice.getByRole('heading', { name: 'E-mail sent to your parent' }).waitFor();
  t.regex(await notice.innerText(), /We have e-mailed mamma\.lind@example\.com a link to approve your account\./);
  await screenshot(child, 'guardian-signup-notice-phone');
  await notice.getByRole('button', { name: 'OK' }).click();
  await notice.waitFor({ state: 'detached' });

  // Settings show the wait, and the prize export does not let the prize go yet.
  const minor = await product.knex('users').where({ username: 'kid_lind' }).first('id');
  const opponent = await product.knex('users').whereNot('id', minor!.id).whereNull('erased_at').first('id');
  await buildGame(product.knex, {
    user_1_id: minor!.id,
    user_2_id: opponent!.id,
    state: 'final',
    score_1: 3,
    score_2: 1,
  });
  await product.knex('users').where('id', minor!.id).update({ elo: 2500 });
  const standing = async () => (await prizeExport()).final_standings.find((row) => row.user_id === minor!.id);
  t.like(await standing(), { eligible: false, reason: PRIZE_REASONS.noGuardianApproval, guardian_confirmed: false });

  await child.goto(`${product.url}/settings`);
  const section = child.getByRole('region', { name: "Parent's or guardian's approval" });
  await section.getByText('Waiting for approval').waitFor();
  t.true(await section.getByRole('button', { name: 'Send the e-mail again' }).isVisible());
  await screenshot(child, 'guardian-settings-waiting-phone');

  // The parent opens the e-mail's link in their own browser and approves.
  const mail = await waitForMail(product.outbox, guardian);
  const link = linkIn(mail, `${product.url}/guardian/confirm/`);
  const parent = await newDesktopPage(browser);
  t.teardown(() => parent.context().close());
  await openIn(parent, link, 'en');
  await parent.getByRole('heading', { level: 1, name: "Approve Ella's account" }).waitFor();
  t.regex(await parent.locator('main').innerText(), /Ella has signed up for .+ as kid_lind/);
  t.true(await parent.locator('header').first().isVisible(), "the player app's header");
  await screenshot(parent, 'guardian-ask-desktop');
  await parent.getByRole('button', { name: 'I approve' }).click();
  await parent.getByRole('heading', { level: 1, name: 'Thank you!' }).waitFor();
  const productName = (await product.knex('seasons').where('active', true).orderBy('id', 'desc').first('product_name'))!
    .product_name as string;
  await parent.getByText(MESSAGES.guardianConfirmed('kid_lind', productName)).waitFor();
  t.is(await parent.getByText(MESSAGES.foreignOrigin).count(), 0);
  await screenshot(parent, 'guardian-done-desktop');

  // A second visit says it is done; the player is eligible in the export and sees it in settings.
  await parent.reload();
  await parent.getByRole('heading', { level: 1, name: 'Already approved' }).waitFor();
  await parent.getByText(MESSAGES.guardianAlreadyConfirmed).waitFor();
  t.like(await standing(), { eligible: true, reason: '', guardian_confirmed: true });

  await child.reload();
  await section.getByText('Approved', { exact: true }).waitFor();
  await section.getByText(/Your parent or guardian approved your account on .+\. You can receive prizes\./).waitFor();
  t.is(await section.getByRole('button', { name: 'Send the e-mail again' }).count(), 0);
  await screenshot(child, 'guardian-settings-approved-phone');

  async function prizeExport(): Promise<PrizeExport> {
    const { database } = product.knex.client.config.connection as { database: string };
    const result = await cli(['prizes:export', '--format', 'json'], {
      databaseUrl: TEST_DATABASE_SERVER.replace(/\/[^/]*$/, `/${database}`),
    });
    if (result.code !== 0) throw new Error(`prizes:export exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as PrizeExport;
  }
});

test('in Swedish, a dead link says it has expired and the player can send a new e-mail from settings', async (t) => {
  const { product, browser } = t.context;
  const year = new Date().getUTCFullYear() - 14;
  const signup = await fetch(`${product.url}/user/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: 'kid_berg',
      first_name: 'Olle',
      last_name: 'Berg',
      email: 'olle.berg@example.com',
      password: 'GoodPassword1',
      repeat_password: 'GoodPassword1',
      console: '1',
      gamer_tag: 'olle_psn',
      irl_team: 'Hammarby IF',
      fifa_team: 'Real Madrid',
      birth_year: String(year),
      birth_month: '3',
      birth_day: '9',
      country_id: '210',
      terms: '1',
      guardian_email: 'pappa.berg@example.com',
    }),
  });
  t.is(signup.status, 200);
  const pair = (await signup.json()) as { id: number; token: string };
  const firstLink = linkIn(
    await waitForMail(product.outbox, 'pappa.berg@example.com'),
    `${product.url}/guardian/confirm/`,
  );

  // The player sends the e-mail again in Swedish settings: the first link dies.
  const child = await newDesktopPage(browser);
  t.teardown(() => child.context().close());
  await startSignedIn(child, pair, 'sv');
  await child.goto(`${product.url}/settings`);
  const section = child.getByRole('region', { name: 'Förälders eller vårdnadshavares godkännande' });
  await section.getByText('Väntar på godkännande').waitFor();
  await section.getByRole('button', { name: 'Skicka e-postmeddelandet igen' }).click();
  await section.getByText('Vi har skickat e-postmeddelandet till din förälder eller vårdnadshavare igen.').waitFor();
  await screenshot(child, 'guardian-settings-resent-desktop-sv');

  const parent = await newPhonePage(browser);
  t.teardown(() => parent.context().close());
  await openIn(parent, firstLink, 'sv');
  await parent.getByRole('heading', { level: 1, name: 'Länken har gått ut eller är okänd' }).waitFor();
  await parent.getByText('Den här bekräftelselänken är ogiltig eller har gått ut.').waitFor();
  t.is(await parent.getByRole('button', { name: 'Jag godkänner' }).count(), 0);
  await screenshot(parent, 'guardian-invalid-phone-sv');

  // The newest e-mail's link works, in Swedish.
  await parent.goto(await newerLink(product.outbox, 'pappa.berg@example.com', firstLink));
  await parent.getByRole('heading', { level: 1, name: 'Godkänn Olles konto' }).waitFor();
  await screenshot(parent, 'guardian-ask-phone-sv');
  await parent.getByRole('button', { name: 'Jag godkänner' }).click();
  await parent.getByRole('heading', { level: 1, name: 'Tack!' }).waitFor();
  await parent.getByText(/Du har godkänt att kid_berg deltar i .+\. kid_berg kan nu ta emot priser\./).waitFor();
  await screenshot(parent, 'guardian-done-phone-sv');

  await child.reload();
  await section.getByText('Godkänt', { exact: true }).waitFor();
  t.is(await section.getByRole('button', { name: 'Skicka e-postmeddelandet igen' }).count(), 0);
});

test('"Send the e-mail again" is refused in words after three sends within an hour', async (t) => {
  const { product, browser } = t.context;
  const signup = await fetch(`${product.url}/user/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: 'kid_ek',
      first_name: 'Maja',
      last_name: 'Ek',
      email: 'maja.ek@example.com',
      password: 'GoodPassword1',
      repeat_password: 'GoodPassword1',
      console: '1',
      gamer_tag: 'maja_psn',
      irl_team: 'Hammarby IF',
      fifa_team: 'Real Madrid',
      birth_year: String(new Date().getUTCFullYear() - 15),
      birth_month: '6',
      birth_day: '1',
      country_id: '210',
      terms: '1',
      guardian_email: 'far.ek@example.com',
    }),
  });
  t.is(signup.status, 200);
  const pair = (await signup.json()) as { id: number; token: string };
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await startSignedIn(page, pair, 'en');
  await page.goto(`${product.url}/settings`);
  const section = page.getByRole('region', { name: "Parent's or guardian's approval" });
  const resend = section.getByRole('button', { name: 'Send the e-mail again' });
  const idle = section.locator('button[aria-busy="false"]', { hasText: 'Send the e-mail again' });
  for (let i = 0; i < 3; i++) {
    await resend.click();
    await idle.waitFor();
    await section.getByRole('status').getByText(MESSAGES.guardianMailResent).waitFor();
  }
  await resend.click();
  await section
    .getByRole('alert')
    .getByText(
      'The e-mail to your parent or guardian has been sent several times already. You can send it again in 60 minutes.',
    )
    .waitFor();
  t.is(await page.getByRole('dialog').count(), 0, 'said in the section, not in a pop-up');
  await screenshot(page, 'guardian-settings-limited-desktop');
});

/** The link of the e-mail to `to` whose link is not `old` (the one sent again). */
async function newerLink(outbox: string, to: string, old: string): Promise<string> {
  return waitFor(
    async () => {
      for (const file of (await readdir(outbox)).filter((f) => f.endsWith('.eml')).sort()) {
        const raw = (await readFile(join(outbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (!raw.includes(`To: ${to}`)) continue;
        const link = linkIn(raw, old.slice(0, old.indexOf('/guardian/confirm/') + '/guardian/confirm/'.length));
        if (link !== old) return link;
      }
      return undefined;
    },
    { what: `a second e-mail to ${to}`, timeoutMs: 15_000 },
  );
}
