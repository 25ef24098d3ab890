import test from 'ava';
import type { Browser, Page, WebSocket } from 'playwright-core';
import { DEMO_ACCOUNTS } from '@ecup/db';
import { MESSAGES } from '@ecup/domain';
import { launchBrowser, newDesktopPage, newPhonePage } from '../helpers/browser.ts';
import { startProduct, type RunningProduct } from '../helpers/product.ts';

// One page at a time: fourteen pages loading at once beside the other end-to-end files starved Chromium on two cores.
let product: RunningProduct;
let browser: Browser;
test.before(async () => {
  [product, browser] = await Promise.all([startProduct('shell'), launchBrowser()]);
});
test.after.always(async () => {
  await browser?.close();
  await product?.stop();
});

const { username, password } = DEMO_ACCOUNTS.player;

async function login(): Promise<{ id: number; token: string }> {
  const res = await fetch(`${product.url}/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  return (await res.json()) as { id: number; token: string };
}

/** Opens the header's sign-in dropdown and signs in (the demo player unless another account is given). */
async function signInThroughDropdown(
  page: Page,
  account: { username: string; password: string } = { username, password },
) {
  await page.getByRole('button', { name: 'Sign in' }).click();
  const form = page.locator('#sign-in-dropdown');
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens a server-rendered page and waits until the app has taken it over: before that its buttons are the server's
 * drawing, which a click on does nothing.
 */
async function openTakenOver(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}

async function dialogText(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog.innerText();
}

test.serial('signs in through the desktop dropdown, shows the user menu, and signs out', async (t) => {
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await page.goto(product.url);
  await signInThroughDropdown(page);
  const form = page.locator('#sign-in-dropdown');
  const menuButton = page.getByRole('button', { name: `Account menu for ${username}` });
  await menuButton.waitFor();
  t.false(await form.isVisible(), 'the dropdown closes');
  t.is(await page.getByRole('link', { name: 'Sign up' }).count(), 0, 'Sign up only when signed out');
  const stored = await page.evaluate(() => [localStorage.getItem('ecup.id'), localStorage.getItem('ecup.token')]);
  t.regex(stored[1] ?? '', /^[0-9a-f]{64}$/);

  await menuButton.click();
  t.true(await page.getByRole('menuitem', { name: 'Settings' }).isVisible());
  t.is(await page.getByRole('menuitem', { name: 'Admin' }).count(), 0, 'no Admin link for a player');
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  t.deepEqual(await page.evaluate(() => localStorage.getItem('ecup.token')), null);
  const revoked = await fetch(`${product.url}/user/auth`, {
    headers: { Authorization: `Bearer ${stored[0]}:${stored[1]}` },
  });
  t.is(revoked.status, 401, 'the session ended on the server too');
});

test.serial('a signed-in player connects to socket.io by WebSocket at once, without long-polling first', async (t) => {
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  const polls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/socket.io/')) polls.push(request.url());
  });
  const opened = new Promise<WebSocket>((resolve) =>
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) resolve(ws);
    }),
  );
  await page.goto(product.url);
  await signInThroughDropdown(page);
  const socket = await opened;
  t.regex(new URL(socket.url()).search, /[?&]transport=websocket(&|$)/);
  await socket.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40'));
  t.deepEqual(polls, [], 'no long-polling request');
});

test.serial('where WebSockets are refused, the app connects to socket.io by long-polling instead', async (t) => {
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  // A network that refuses WebSockets, as the page sees it: every socket.io WebSocket fails with an error.
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const refused = { count: 0 };
    Object.assign(window, { refusedWebSockets: refused });
    window.WebSocket = function (this: unknown, url: string | URL, protocols?: string | string[]) {
      if (!String(url).includes('/socket.io/')) return new Native(url, protocols);
      refused.count++;
      const socket = Object.assign(new EventTarget(), {
        url: String(url),
        readyState: 0,
        binaryType: 'blob',
        send() {},
        close() {},
        onerror: null as ((event: Event) => void) | null,
        onclose: null as ((event: CloseEvent) => void) | null,
      });
      setTimeout(() => {
        socket.readyState = 3;
        const error = new Event('error');
        socket.onerror?.(error);
        socket.dispatchEvent(error);
        const close = new CloseEvent('close', { code: 1006 });
        socket.onclose?.(close);
        socket.dispatchEvent(close);
      }, 10);
      return socket;
    } as unknown as typeof WebSocket;
    Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  });
  const connected = page.waitForResponse(async (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/socket.io/' || url.searchParams.get('transport') !== 'polling') return false;
    return (await response.text().catch(() => '')).includes('40{"sid"');
  });
  await page.goto(product.url);
  await signInThroughDropdown(page);
  await connected;
  const refused = await page.evaluate(
    () => (window as unknown as { refusedWebSockets: { count: number } }).refusedWebSockets.count,
  );
  t.true(refused >= 1, 'a WebSocket was tried first');
});

test.serial('an admin sees the Admin link to /admin/conflicts', async (t) => {
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await page.goto(product.url);
  await signInThroughDropdown(page, DEMO_ACCOUNTS.admin);
  await page.getByRole('button', { name: `Account menu for ${DEMO_ACCOUNTS.admin.username}` }).click();
  t.is(await page.getByRole('menuitem', { name: 'Admin' }).getAttribute('href'), '/admin/conflicts');
});

test.serial('signs in through the inline form in the nav bar at 375 px', async (t) => {
  const page = await newPhonePage(browser);
  t.teardown(() => page.context().close());
  await openTakenOver(page, product.url);
  t.is(await page.getByRole('button', { name: 'Sign in', exact: true }).count(), 0, 'no dropdown button on a phone');
  await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.locator('#nav-bar');
  await nav.getByLabel('Username').fill(username);
  await nav.getByLabel('Password').fill(password);
  await nav.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForFunction(() => localStorage.getItem('ecup.token') !== null);
  await page.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('button', { name: 'Sign out' }).waitFor();
  t.true(await nav.getByRole('link', { name: 'Settings' }).isVisible());
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 375));
});

test.serial(
  "'Sign in to play' puts the cursor in Username, but not once the player has moved to Password",
  async (t) => {
    const page = await newDesktopPage(browser);
    t.teardown(() => page.context().close());
    const activeId = () => page.evaluate(() => document.activeElement?.id ?? '');
    await page.goto(`${product.url}/play`);
    await page.getByRole('button', { name: MESSAGES.signInToPlay }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'dropdown-username');

    // A fast player (or a password manager) is already in Password when the dropdown has finished opening.
    await page.goto(`${product.url}/play`);
    await page.getByRole('button', { name: MESSAGES.signInToPlay }).click();
    await page.locator('#dropdown-username').fill(username);
    await page.locator('#dropdown-password').focus();
    await page.waitForTimeout(1_000);
    t.is(await activeId(), 'dropdown-password', 'the cursor stays where the player put it');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
  },
);

test.serial(
  "a wrong password shows 'Login error' with the server's message, and the typed username stays",
  async (t) => {
    const page = await newDesktopPage(browser);
    t.teardown(() => page.context().close());
    await openTakenOver(page, product.url);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const form = page.locator('#sign-in-dropdown');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Sign in' }).click();
    const text = await dialogText(page);
    t.true(text.includes('Login error'));
    t.true(text.includes(MESSAGES.wrongCredentials));
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    t.is(await form.getByLabel('Username').inputValue(), username);
  },
);

test.serial("an empty username shows 'You must enter your username.' without calling the API", async (t) => {
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  let calls = 0;
  await page.route('**/user/login', (route) => {
    calls++;
    return route.continue();
  });
  await page.goto(product.url);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#sign-in-dropdown').getByRole('button', { name: 'Sign in' }).click();
  t.true((await dialogText(page)).includes('You must enter your username.'));
  t.is(calls, 0);
});

test.serial('a stored session signs in at start; /auth/{id}/{token} shows "Signing in..." and goes to /', async (t) => {
  const pair = await login();
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/user/auth', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${product.url}/auth/${pair.id}/${pair.token}`);
  await page.getByText('Signing in...').first().waitFor();
  release();
  await page.waitForURL(`${product.url}/`);
  await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
  await page.unroute('**/user/auth');
  await page.reload();
  const menu = page.getByRole('button', { name: `Account menu for ${username}` });
  await menu.waitFor();
  t.true(await menu.isVisible(), 'still signed in after a reload');
});

test.serial('stored credentials that no longer work are cleared, the visitor is anonymous and told once', async (t) => {
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await page.goto(product.url);
  await page.evaluate(() => {
    localStorage.setItem('ecup.id', '2');
    localStorage.setItem('ecup.token', 'f'.repeat(64));
  });
  await page.reload();
  // A session the server no longer knows has ended (docs/decisions.md#minors-safety): one "Signed out" popover says so. While it is
  // open the modal hides the page behind it from assistive technology, so the header is checked after it closes.
  t.true((await dialogText(page)).includes(MESSAGES.sessionExpired));
  await page.waitForFunction(() => localStorage.getItem('ecup.token') === null);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  t.is(await page.getByRole('dialog').count(), 0, 'the message shows once');
});

test.serial('an unknown path redirects to /', async (t) => {
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await page.goto(`${product.url}/no/such/page`);
  await page.waitForURL(`${product.url}/`);
  t.is(new URL(page.url()).pathname, '/');
  await page.goto(`${product.url}/playing/now`);
  await page.waitForURL(`${product.url}/`);
  t.is(new URL(page.url()).pathname, '/');
});

test.serial('a call failing with 500 is retried and then shows the "Oh no!" popover', async (t) => {
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  let calls = 0;
  await page.route('**/season/current**', (route) => {
    calls++;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"Something went wrong on our end."}',
    });
  });
  // A screen the app draws itself (public pages come drawn, with the season in them).
  await page.goto(`${product.url}/play`);
  const text = await dialogText(page);
  t.true(text.includes(MESSAGES.serverErrorPopover));
  t.is(calls, 3, 'the first call and two retries');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  t.regex(await page.title(), / – eCup$/, 'the app still shows, with the default product name');
});

test.serial('the language switch in the footer turns the app Swedish and is remembered', async (t) => {
  const page = await newDesktopPage(browser);
  t.teardown(() => page.context().close());
  await openTakenOver(page, product.url);
  await page.getByLabel('Language').selectOption({ label: 'Svenska' });
  await page.getByRole('button', { name: 'Logga in' }).waitFor();
  await page.reload();
  await page.getByRole('button', { name: 'Logga in' }).waitFor();
  t.is(await page.evaluate(() => document.documentElement.lang), 'sv');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page.locator('#sign-in-dropdown').getByRole('button', { name: 'Logga in' }).click();
  t.true((await dialogText(page)).includes('Inloggningsfel'));
});

test.serial(
  'the console at /admin/ is served by the same product, compressed, and asks a signed-out visitor to sign in',
  async (t) => {
    const page = await newDesktopPage(browser);
    t.teardown(() => page.context().close());
    const scripts: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      if (/\/admin\/assets\/.+\.js$/.test(new URL(response.url()).pathname))
        scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
    });
    await page.goto(`${product.url}/admin/`);
    await page.getByRole('heading', { level: 1, name: 'eCup' }).waitFor();
    t.true(await page.getByText('Admin console', { exact: true }).isVisible());
    t.true(await page.getByLabel('Username').isVisible());
    await page.waitForFunction(() => document.title === 'eCup admin console');
    // The console's first load is one large script: the build's brotli or gzip copy goes to the browser.
    t.true(scripts.length > 0, 'the console loaded its script');
    for (const script of scripts)
      t.true(['br', 'gzip'].includes(script.encoding ?? ''), `${script.url}: ${script.encoding}`);
  },
);

test.serial('the rules and terms pages show their sections, titled "Rules – eCup" and "Terms – eCup"', async (t) => {
  const page = await newPhonePage(browser);
  t.teardown(() => page.context().close());
  await page.goto(`${product.url}/rules`);
  await page.getByRole('heading', { level: 1, name: 'eCup rules' }).waitFor();
  t.is(await page.title(), 'Rules – eCup');
  for (const section of ['The tournament', 'Reporting the result', 'Conflicts', 'Fair play', 'FAQ']) {
    t.true(
      (await page.getByRole('heading', { level: 2 }).allInnerTexts()).some((h) => h.includes(section)),
      section,
    );
  }
  t.true(await page.evaluate(() => document.documentElement.scrollWidth <= 375));
  await page.goto(`${product.url}/terms`);
  await page.getByRole('heading', { level: 1, name: 'eCup terms and conditions' }).waitFor();
  t.is(await page.title(), 'Terms – eCup');
});
