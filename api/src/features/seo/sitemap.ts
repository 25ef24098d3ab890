import { forumCategories, type ForumCategory } from '@ecup/domain';
import type { SitemapRows } from '@ecup/db';

/** One address of the sitemap, with when it last changed when that is known. */
export interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

/** The public pages without ids (docs/product.md#screens-and-routes), in the order a visitor meets them. */
export function fixedPublicPaths(categories: readonly ForumCategory[]): string[] {
  return [
    '/',
    '/ranking',
    '/ranking/countries',
    '/ranking/clubs',
    '/news',
    '/forums',
    ...categories.map((category) => `/forums/${category.slug}`),
    '/rules',
    '/terms',
    '/trophyhunt',
  ];
}

/** Every address of the sitemap: the public pages, published news, visible topics, ranked players. */
export function sitemapEntries(rows: SitemapRows, productName: string): SitemapEntry[] {
  const categories = forumCategories(productName);
  const slugs = new Map<number, string>(categories.map((category) => [category.id, category.slug]));
  const entries: SitemapEntry[] = fixedPublicPaths(categories).map((path) => ({ path }));
  for (const article of rows.news) entries.push({ path: `/news/${article.id}`, lastmod: article.changed_at });
  for (const thread of rows.threads) {
    const slug = slugs.get(thread.category_id);
    if (slug) entries.push({ path: `/forums/${slug}/${thread.id}`, lastmod: thread.last_post_at });
  }
  for (const player of rows.players) entries.push({ path: `/player/${encodeURIComponent(player.username)}` });
  return entries;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The sitemaps.org XML of the entries, addresses absolute under PUBLIC_URL. */
export function sitemapXml(entries: readonly SitemapEntry[], publicUrl: string): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${new Date(entry.lastmod).toISOString()}</lastmod>` : '';
    return `  <url><loc>${escapeXml(`${publicUrl}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Player-app screens that are no crawler's business: the console, settings, games, conflicts, sign-in links. */
export const PRIVATE_PAGES = ['/admin/', '/settings', '/game/', '/conflicts', '/auth/'] as const;

/** socket.io's endpoint (api/src/realtime): an API path that is not a koa route. */
const REALTIME_PATH = '/socket.io/';

/** Files below the API's routes that crawlers may fetch: pictures, previews, and these two files. */
const CRAWLABLE_ROUTES = ['/images/', '/og/', '/sitemap.xml', '/robots.txt'];

/** The fixed part of a route template: up to its first parameter. */
function staticPrefix(template: string): string {
  const at = template.search(/[:{(*]/);
  return at < 0 ? template : template.slice(0, at);
}

/**
 * robots.txt: crawlers kept out of the private screens and the API. The API's part comes from the
 * routes the app serves (their fixed prefixes), so a new API call is listed without anyone copying it here; a
 * prefix that would also block a public page is left out.
 */
export function robotsTxt(input: {
  apiPaths: readonly string[];
  publicUrl: string;
  /** Public pages, with an example of each kind that has ids, that no Disallow may cover. */
  publicPaths: readonly string[];
}): string {
  const prefixes = new Set<string>([...PRIVATE_PAGES, REALTIME_PATH]);
  for (const template of input.apiPaths) {
    const prefix = staticPrefix(template);
    if (prefix === '' || prefix === '/') continue;
    if (CRAWLABLE_ROUTES.some((open) => prefix.startsWith(open))) continue;
    if (input.publicPaths.some((page) => page.startsWith(prefix))) continue;
    prefixes.add(prefix);
  }
  const sorted = [...prefixes].sort();
  // A prefix that ends in a slash already covers everything below it.
  const kept = sorted.filter(
    (prefix) => !sorted.some((other) => other !== prefix && other.endsWith('/') && prefix.startsWith(other)),
  );
  return [
    'User-agent: *',
    'Allow: /',
    ...kept.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${input.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
