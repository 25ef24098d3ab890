import { NEWS_EXCERPT_MAX } from '@ecup/domain';
import { htmlToText, sanitizeNewsHtml } from '../../content/html.ts';
import type { News } from '../../models/News.ts';
import { CommandRejected } from '../types.ts';

export const NEWS_FIELD_NAMES = [
  'title',
  'content',
  'excerpt',
  'category_id',
  'image_hash',
  'published',
  'published_at',
] as const;

/** The editable columns of a news row: the News model's (db/migrations/20260101000004_teams_news.ts). */
export type NewsFields = Pick<News, (typeof NEWS_FIELD_NAMES)[number]>;

/** Block ends and line breaks, after which the text of the next block starts a new word. */
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|td|th|figcaption)>|<br\s*\/?>/gi;

/** The excerpt made from an article's text when none is given: its first words, cut at a word. */
export function excerptOf(html: string): string {
  const text = htmlToText(html.replace(BLOCK_END, (end) => `${end} `));
  if (text.length <= 200) return text;
  const cut = text.slice(0, 200);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).trimEnd()}…`.slice(0, NEWS_EXCERPT_MAX);
}

/**
 * News HTML as stored (decisions §9: sanitised on save with the allow-list, and again on output). HTML that is empty
 * once cleaned (say, only a script) is refused like an empty article.
 */
export function cleanNewsContent(html: string): string {
  const clean = sanitizeNewsHtml(html).trim();
  if (clean === '') throw new CommandRejected('invalid', 'newsContentRequired');
  return clean;
}
