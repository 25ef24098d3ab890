import { MESSAGES } from '@ecup/domain';
import { newDesktopPage, startSignedIn } from '../helpers/browser.ts';
import { e2eTest } from '../helpers/e2e.ts';
import { buildUser } from '../helpers/factories.ts';
import { linkIn, waitForMail } from '../helpers/outbox.ts';

const test = e2eTest('email-change');

test('a player changes the e-mail in settings with the password, opens the link sent to the new address and sees it', async (t) => {
  const { product, browser } = t.context;
  const user = await buildUser(product.knex);
  const signIn = await fetch(`${product.url}/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  t.is(signIn.status, 200);
  const pair = (await signIn.json()) as { id: number; token: string };
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await startSignedIn(page, pair, 'en');
  await page.goto(`${product.url}/settings`);
  const section = page.getByRole('region', { name: 'Personal info' });
  const email = section.getByLabel('E-mail address');
  await email.waitFor();
  t.is(await email.inputValue(), user.email);
  t.is(await section.getByLabel('Your password').count(), 0, 'no password asked while the address stays');

  const next = `moved-${user.id}@example.net`;
  await email.fill(next);
  await section.getByLabel('Your password').fill(user.password);
  await section.getByRole('button', { name: 'Save personal info' }).click();
  await section.getByText(MESSAGES.emailChangeSent(next)).waitFor();
  t.is(await email.inputValue(), user.email, 'the field shows the address still in force');
  t.is((await product.knex('users').where('id', user.id).first('email'))!.email, user.email);

  const link = linkIn(await waitForMail(product.outbox, next), `${product.url}/email/confirm/`);
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my new address' }).click();
  await page.getByText(MESSAGES.emailChanged).waitFor();
  await page.getByRole('link', { name: 'Go to your settings' }).click();
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.waitForFunction(
    (address) => (document.querySelector('#settings-email') as HTMLInputElement | null)?.value === address,
    next,
  );
  t.is(await page.getByRole('region', { name: 'Personal info' }).getByLabel('E-mail address').inputValue(), next);
});
