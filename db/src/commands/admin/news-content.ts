import { CommandRejected } from '../types.ts';
import { sanitizeNewsHtml } from '../../content/html.ts';

/**
 * News HTML as stored (sanitised on save with the allow-list, and again on output). HTML that is empty
 * once cleaned (say, only a script) is refused like an empty article.
 */
export function cleanNewsContent(html: string): string {
  const clean = sanitizeNewsHtml(html).trim();
  if (clean === '') throw new CommandRejected('invalid', 'newsContentRequired');
  return clean;
}
