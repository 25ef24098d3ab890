/**
 * Builds the player app's offline page (/offline.html, which the service worker shows for a page it cannot load)
 * from its template and the head of the app's index.html: the meta tags, icons, title and boot-screen styles are
 * written once, in index.html, and the template holds only what the offline page adds (its styles and body).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What stands between `<head>` and `</head>` of a page. */
function headOf(html: string, file: string): string {
  const match = /<head>([\s\S]*?)<\/head>/.exec(html);
  if (!match) throw new Error(`${file} has no <head>`);
  return match[1]!;
}

/** The offline page: the template with index.html's head before the template's own. */
export function offlinePageHtml(indexHtml: string, template: string): string {
  if (!template.includes('<head>')) throw new Error('the offline page template has no <head>');
  const shared = headOf(indexHtml, 'index.html').trimEnd();
  return template.replace('<head>', `<head>${shared}`);
}

/** The plugin: `template` is the offline page's source; the output's `fileName` defaults to offline.html. */
export function offlinePage(options: { template: string; fileName?: string }): Plugin {
  const fileName = options.fileName ?? 'offline.html';
  let root = '';
  return {
    name: 'ecup-offline-page',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const [indexHtml, template] = await Promise.all([
        readFile(path.join(root, 'index.html'), 'utf8'),
        readFile(options.template, 'utf8'),
      ]);
      this.emitFile({ type: 'asset', fileName, source: offlinePageHtml(indexHtml, template) });
    },
  };
}
