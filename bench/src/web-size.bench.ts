/**
 * What a phone downloads to show a page of the player app: every script (and, separately, style and font) the
 * browser fetches while loading the page, with its size raw and gzipped (level 9, as a server or CDN would send it).
 * Starts the product as the README does, on its own database, and loads each page in headless Chromium.
 */
import { gzipSync } from 'node:zlib';
import { launchBrowser, newPhonePage } from '../../test/helpers/browser.ts';
import { startProduct } from '../../test/helpers/product.ts';

const PAGES = ['/', '/ranking', '/news', '/register', '/rules'];

export async function run(): Promise<void> {
  const product = await startProduct('websize');
  const browser = await launchBrowser();
  try {
    for (const path of PAGES) {
      const page = await newPhonePage(browser);
      const files: { url: string; type: string; raw: number; gzip: number }[] = [];
      page.on('response', async (response) => {
        const type = response.request().resourceType();
        if (!['script', 'stylesheet', 'font'].includes(type) || !response.ok()) return;
        const body = await response.body().catch(() => null);
        if (!body) return;
        files.push({
          url: new URL(response.url()).pathname,
          type,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
      });
      await page.goto(`${product.url}${path}`, { waitUntil: 'networkidle' });
      const sum = (type: string, key: 'raw' | 'gzip') =>
        files.filter((f) => f.type === type).reduce((total, f) => total + f[key], 0);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
      console.log(
        `${path.padEnd(10)} JS ${kb(sum('script', 'gzip'))} gzipped (${kb(sum('script', 'raw'))} raw, ${files.filter((f) => f.type === 'script').length} files)` +
          `; CSS ${kb(sum('stylesheet', 'gzip'))}; fonts ${kb(sum('font', 'raw'))}`,
      );
      if (path === '/') {
        for (const f of files.filter((file) => file.type === 'script').sort((a, b) => b.gzip - a.gzip)) {
          console.log(`           ${kb(f.gzip).padStart(9)}  ${f.url}`);
        }
      }
      await page.context().close();
    }
  } finally {
    await browser.close();
    await product.stop();
  }
}
