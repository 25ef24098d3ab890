import anyTest, { type TestFn } from 'ava';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startProduct, type RunningProduct } from './product.ts';

/** What every test of an end-to-end file gets: the running product and one Chromium. */
export interface E2EContext {
  product: RunningProduct;
  browser: Browser;
}

/**
 * The test function of an end-to-end file: the whole product (`npm start` on its own database, with `env`) and a
 * headless Chromium, started once before the file's tests and stopped after them.
 */
export function e2eTest(label: string, env: NodeJS.ProcessEnv = {}): TestFn<E2EContext> {
  const test = anyTest as TestFn<E2EContext>;
  test.before(async (t) => {
    t.timeout(180_000);
    const product = await startProduct(label, env);
    const browser = await launchBrowser().catch(async (error: unknown) => {
      await product.stop();
      throw error;
    });
    t.context = { product, browser };
  });
  test.after.always(async (t) => {
    await t.context.browser?.close();
    await t.context.product?.stop();
  });
  return test;
}
