/** What end-to-end tests do with pages of the headless Chromium in harness/src/browser.ts. */
import type { ExecutionContext } from 'ava';
import type { Page } from 'playwright-core';

export * from '../../harness/src/browser.ts';

/** Makes every page load of `page` start signed in as `pair` in `lang`, as the app keeps its session. */
export async function startSignedIn(page: Page, pair: { id: number; token: string }, lang: 'en' | 'sv'): Promise<void> {
  await page.addInitScript(
    ({ id, token, lang }) => {
      localStorage.setItem('ecup.lang', lang);
      localStorage.setItem('ecup.id', String(id));
      localStorage.setItem('ecup.token', token);
    },
    { ...pair, lang },
  );
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
