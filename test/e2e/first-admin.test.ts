import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { MESSAGES, PERMISSIONS } from '@ecup/domain';
import { newDesktopPage } from '../helpers/browser.ts';
import { cli } from '../helpers/cli.ts';
import { e2eTest } from '../helpers/e2e.ts';
import { buildUser } from '../helpers/factories.ts';
import type { RunningProduct } from '../helpers/product.ts';

/**
 * The first admin (docs/decisions.md#permissions): `admin:grant … all` prints a one-time enrolment link, which enrols the phone,
 * shows the recovery codes once and signs in; a recovery code signs in once; `admin:reset-2fa` after a lost phone
 * ends the console session and its fresh link enrols again.
 */
const test = e2eTest('firstadmin');

/** The operator CLI against the running product's database, printing links to the product's address. */
function operator(product: RunningProduct, ...args: string[]) {
  const { host, port, user, password, database } = product.knex.client.config.connection as {
    host: string;
    port: number;
    user: string;
    password?: string;
    database: string;
  };
  return cli(args, {
    databaseUrl: `mysql://${user}${password ? `:${password}` : ''}@${host}:${port}/${database}`,
    env: { PUBLIC_URL: product.url },
  });
}

function linkOf(stdout: string, product: RunningProduct): string {
  const line = stdout.split('\n').find((text) => text.startsWith('Enrolment link (valid 30 minutes, once): '));
  if (!line) throw new Error(`no enrolment link in:\n${stdout}`);
  const link = line.slice(line.indexOf(': ') + 2);
  if (!link.startsWith(`${product.url}/admin/enrol#token=`)) throw new Error(`unexpected link ${link}`);
  return link;
}

/** The authenticator's code for `secret` now. */
function codeFor(secret: string): string {
  return totpAt(secret, Date.now());
}

/** The authenticator's code for `secret` at `timestamp` (ms). */
function totpAt(secret: string, timestamp: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp });
}

/**
 * Opens an enrolment link and goes through it as a person would: reads the key the page shows (no QR scanning),
 * enters the account's password and the authenticator's code, saves the recovery codes and opens the console.
 * Answers the codes shown.
 */
async function enrol(page: Page, link: string, username: string, password: string): Promise<string[]> {
  await page.goto(link);
  await page.getByText(`Set up two-factor sign-in for ${username}`).waitFor();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Your password').fill(password);
  await page.getByLabel('Code').fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('heading', { name: 'Save these codes' }).waitFor();
  const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
  const open = page.getByRole('button', { name: 'Open the console' });
  if (!(await open.isDisabled())) throw new Error('the console opened before the codes were saved');
  await page.getByLabel('I have saved these codes').check();
  await open.click();
  await page.getByText('Players online').waitFor();
  return codes;
}

test('the first admin: grant, enrolment link, recovery codes, a recovery-code sign-in, a lost phone reset', async (t) => {
  const { product, browser } = t.context;
  const sara = await buildUser(product.knex);
  const page = await newDesktopPage(browser);

  const granted = await operator(product, 'admin:grant', sara.username, 'all');
  t.is(granted.code, 0, granted.stderr);
  const link = linkOf(granted.stdout, product);

  // The password alone does not enrol anyone.
  await page.goto(`${product.url}/admin/`);
  await page.getByLabel('Username').fill(sara.username);
  await page.getByLabel('Password').fill(sara.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(MESSAGES.enrolmentLinkRequired).waitFor();

  const codes = await enrol(page, link, sara.username, sara.password);
  t.is(codes.length, 10);
  for (const code of codes) t.regex(code, /^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
  t.regex(page.url(), /\/admin\/$/);

  // Sign out, then in again with a recovery code in place of the authenticator's.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByLabel('Username').fill(sara.username);
  await page.getByLabel('Password').fill(sara.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code from your authenticator app').fill(codes[0]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Players online').waitFor();

  // The link worked once.
  const reuse = await newDesktopPage(browser);
  await reuse.goto(link);
  await reuse.getByText(MESSAGES.enrolmentLinkUsed).waitFor();

  // A lost phone: the operator resets, the open console is signed out, the fresh link enrols again.
  const reset = await operator(product, 'admin:reset-2fa', sara.username);
  t.is(reset.code, 0, reset.stderr);
  t.regex(reset.stdout, /console sessions ended: 1/, 'the sign-out ended the first one');
  const fresh = linkOf(reset.stdout, product);
  // The console's next call is refused and it shows the sign-in form.
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByLabel('Username').waitFor();
  t.is(await page.getByText('Players online').count(), 0);
  const newCodes = await enrol(page, fresh, sara.username, sara.password);
  t.is(newCodes.length, 10);
  t.false(newCodes.some((code) => codes.includes(code)));
  const actions = await product
    .knex('audit_log')
    .where({ entity: 'user', entity_id: String(sara.id) })
    .orderBy('id')
    .pluck('action');
  t.deepEqual(actions, [
    'user.permissions',
    'enrolment.link_issued',
    'totp.setup',
    'totp.enable',
    'enrolment.complete',
    'totp.recovery_code_used',
    'totp.reset',
    'enrolment.link_issued',
    'totp.setup',
    'totp.enable',
    'enrolment.complete',
  ]);
});

test('a staff member turns two-factor sign-in on and off in the console, each time with the password and a code', async (t) => {
  const { product, browser } = t.context;
  const editor = await buildUser(product.knex, { permissions: PERMISSIONS.canPublishNews });
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await page.goto(`${product.url}/admin/`);
  await page.getByLabel('Username').fill(editor.username);
  await page.getByLabel('Password').fill(editor.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Username').waitFor({ state: 'detached' });

  await page.goto(`${product.url}/admin/two-factor`);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const turnOn = page.getByRole('button', { name: 'Turn on two-factor sign-in' });
  await page.getByLabel('Code').fill(codeFor(secret));
  t.true(await turnOn.isDisabled(), 'no password, no switch');
  await page.getByLabel('Your password').fill('not the password');
  await turnOn.click();
  await page.getByText(MESSAGES.wrongCurrentPassword).waitFor();
  t.false(Boolean((await product.knex('users').where('id', editor.id).first('totp_enabled'))!.totp_enabled));
  await page.getByLabel('Your password').fill(editor.password);
  await turnOn.click();
  await page.getByRole('heading', { name: 'Save these codes' }).waitFor();
  t.true(Boolean((await product.knex('users').where('id', editor.id).first('totp_enabled'))!.totp_enabled));
  await page.getByLabel('I have saved these codes').check();
  await page.getByRole('button', { name: 'Done' }).click();

  // Off again: the password and a code of the next period (each code works once).
  await page.getByLabel('Your password').fill(editor.password);
  await page.getByLabel('Code').fill(totpAt(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
  await page.getByRole('heading', { name: 'Two-factor sign-in is off' }).waitFor();
  t.false(Boolean((await product.knex('users').where('id', editor.id).first('totp_enabled'))!.totp_enabled));
});
