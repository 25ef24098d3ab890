import type Koa from 'koa';
import { LANGUAGE_COOKIE } from '@ecup/domain';

export const PAGE_LANGUAGES = ['en', 'sv'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/**
 * The language a page is served in: the reader's choice in the `lang` cookie, else Swedish when the
 * browser's Accept-Language prefers it to English, else English. Server-rendered pages and link previews use this
 * one rule; answers that depend on it vary on Cookie and Accept-Language.
 */
export function pageLanguage(ctx: Pick<Koa.Context, 'cookies' | 'acceptsLanguages'>): PageLanguage {
  const chosen = ctx.cookies.get(LANGUAGE_COOKIE);
  if (chosen === 'en' || chosen === 'sv') return chosen;
  return ctx.acceptsLanguages('en', 'sv') === 'sv' ? 'sv' : 'en';
}
