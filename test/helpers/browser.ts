/**
 * A headless Chromium for end-to-end tests. It uses the Debian `chromium` package at /usr/bin/chromium
 * (`apt-get install -y chromium`); playwright-core never downloads a browser of its own.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Launches headless Chromium with background networking, sync and updates off, so tests only see our own traffic. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A page in its own context sized like a small phone (375 × 740, touch, mobile viewport); close it with `page.context().close()`. */
export async function newPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  return context.newPage();
}

/** A page in its own context sized like a laptop screen (1280 × 800); close it with `page.context().close()`. */
export async function newDesktopPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

/**
 * Keeps a screenshot of the page as `name`.png when ECUP_SHOTS_DIR names a folder (for example /tmp/ecup-shots):
 * the whole page, or the screen while a dialog is open.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.ECUP_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: !(await page.getByRole('dialog').count()) });
}

/** Asserts the one open popover has `title` and `message`, then closes it with OK. */
export async function expectPopover(t: ExecutionContext, page: Page, title: string, message: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  t.is((await dialog.getByRole('heading').innerText()).trim(), title);
  t.is((await dialog.locator('.MuiDialogContentText-root').innerText()).trim(), message);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}
