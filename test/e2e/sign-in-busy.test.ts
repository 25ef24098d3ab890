import test from 'ava';
import type { Browser } from 'playwright-core';
import { hashPassword } from '@ecup/security';
import { MESSAGES } from '@ecup/domain';
import { launchBrowser, newDesktopPage } from '../helpers/browser.ts';
import { buildUser } from '../helpers/factories.ts';
import { startProduct, type RunningProduct } from '../helpers/product.ts';

// The product's own password cost, and a load balancer on loopback so that each player of the crowd signs in from an
// address of its own.
let product: RunningProduct;
let browser: Browser;
/** scrypt N=2^17 p=1: 128 MiB and the longest check of OWASP's settings, so a crowd of 40 fills the line. */
const CROWD_COST = 17;
test.before(async () => {
  [product, browser] = await Promise.all([
    startProduct('signinbusy', {
      PASSWORD_COST: String(CROWD_COST),
      TRUST_PROXY: 'on',
      TRUSTED_PROXIES: '127.0.0.1/32,::1',
    }),
    launchBrowser(),
  ]);
});
test.after.always(async () => {
  await browser?.close();
  await product?.stop();
});

const CROWD_PASSWORD = 'crowd password 1';

test("while a crowd signs in, the sign-in form shows 'Login error' with 'Many players are signing in right now'", async (t) => {
  // The player in the browser has a hash at the product's cost like the crowd's: a cheaper one would still fit in
  // a line that refuses the crowd's (the line is measured in hashing time).
  const me = await buildUser(product.knex);
  const hash = await hashPassword(CROWD_PASSWORD, CROWD_COST);
  const crowd = await Promise.all(Array.from({ length: 40 }, () => buildUser(product.knex)));
  await product
    .knex('users')
    .whereIn('id', [me.id, ...crowd.map((u) => u.id)])
    .update({ password_hash: hash });

  // Forty players keep pressing "sign in" (each from its own address), more than the hashing threads and their line
  // hold, each back 20 ms after a refusal so that a place in the line is soon taken again, until the player in the
  // browser has had an answer.
  let address = 1;
  let done = false;
  let busySeen!: () => void;
  const lineFull = new Promise<void>((resolve) => (busySeen = resolve));
  const stopAt = Date.now() + 60_000;
  const lanes = crowd.map(async (user) => {
    while (!done && Date.now() < stopAt) {
      const res = await fetch(`${product.url}/user/login`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': `198.18.0.${address++ % 250}`,
        },
        body: new URLSearchParams({ username: user.username, password: CROWD_PASSWORD }),
      });
      await res.arrayBuffer();
      if (res.status === 503) {
        busySeen();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });

  try {
    const page = await newDesktopPage(browser);
    t.teardown(() => page.context().close());
    await page.goto(product.url);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const form = page.locator('#sign-in-dropdown');
    await form.getByLabel('Username').fill(me.username);
    await form.getByLabel('Password').fill(CROWD_PASSWORD);
    await lineFull;
    await form.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const text = await dialog.innerText();
    t.true(text.includes('Login error'), text);
    t.true(text.includes(MESSAGES.hashingBusy), text);
    t.false(text.includes('Oh no!'), 'not the server-error popover');
    // Still signed out, with the typed username kept for the next try.
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    t.is(await form.getByLabel('Username').inputValue(), me.username);
  } finally {
    done = true;
    await Promise.all(lanes);
  }
});
