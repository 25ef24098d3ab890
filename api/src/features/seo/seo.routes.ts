import Router from '@koa/router';
import { findProfile, findThread, sitemapRows } from '@ecup/db';
import { colourFor, findForumCategory, forumCategories, initialsOf } from '@ecup/domain';
import type { AppDeps, AppState } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { seasonZone } from '../../services/season.ts';
import { createCardCache, type CardContent } from './cards.ts';
import { categoryText } from './head.ts';
import { productNameOf } from './head-data.ts';
import { fixedPublicPaths, robotsTxt, sitemapEntries, sitemapXml } from './sitemap.ts';

/** How long one process serves the same sitemap ("cached briefly"); crawlers may keep it as long. */
export const SITEMAP_CACHE_MS = 5 * 60_000;
/** How long a browser or a preview service may keep a card before asking again. */
const CARD_MAX_AGE_S = 3600;

const PNG_FILE = /^(.+)\.png$/;

/**
 * Search and link previews: /sitemap.xml, /robots.txt and the generated 1200×630 preview cards of
 * topics and player profiles. `apiPaths` lists the route templates the app serves, for robots.txt.
 */
export function seoRoutes(deps: AppDeps, apiPaths: () => readonly string[]): Router<AppState> {
  const router = new Router<AppState>();
  const cards = createCardCache();
  let sitemap: { at: number; xml: string } | null = null;

  router.get('/sitemap.xml', async (ctx) => {
    const now = deps.now();
    if (!sitemap || now.getTime() - sitemap.at >= SITEMAP_CACHE_MS || now.getTime() < sitemap.at) {
      const [rows, productName] = await Promise.all([
        sitemapRows(deps.knex, now, await seasonZone(deps.knex)),
        productNameOf(deps),
      ]);
      sitemap = { at: now.getTime(), xml: sitemapXml(sitemapEntries(rows, productName), deps.config.publicUrl) };
    }
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', `public, max-age=${SITEMAP_CACHE_MS / 1000}`);
    ctx.body = sitemap.xml;
  });

  router.get('/robots.txt', async (ctx) => {
    const categories = forumCategories(await productNameOf(deps));
    const publicPaths = [
      ...fixedPublicPaths(categories),
      '/news/1',
      '/player/a',
      ...categories.map((category) => `/forums/${category.slug}/1`),
    ];
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = robotsTxt({ apiPaths: apiPaths(), publicUrl: deps.config.publicUrl, publicPaths });
  });

  /** Answers a card: cached by its content, with an ETag of that content. */
  async function sendCard(ctx: Router.RouterContext<AppState>, card: CardContent, photoId: string | null) {
    const { png, key } = await cards.get(card, photoId);
    ctx.set('Cache-Control', `public, max-age=${CARD_MAX_AGE_S}`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.etag = key;
    ctx.type = 'image/png';
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = png;
  }

  router.get('/og/thread/:file', async (ctx) => {
    const id = PNG_FILE.exec(ctx.params.file ?? '')?.[1];
    if (!id || !/^[1-9]\d{0,9}$/.test(id)) throw notFound('threadNotFound');
    const [thread, productName] = await Promise.all([findThread(deps.knex, Number(id)), productNameOf(deps)]);
    const category = thread && findForumCategory(thread.category_id, productName);
    if (!thread || !category) throw notFound('threadNotFound');
    const posts = Number(thread.reply_count) + 1;
    await sendCard(
      ctx,
      {
        productName,
        badge: categoryText(category, 'en', productName).title,
        headline: thread.title,
        lines: [posts === 1 ? '1 post' : `${posts} posts`],
      },
      null,
    );
  });

  router.get('/og/player/:file', async (ctx) => {
    const username = PNG_FILE.exec(ctx.params.file ?? '')?.[1];
    const [player, productName] = await Promise.all([
      username ? findProfile(deps.knex, username, deps.now()) : undefined,
      productNameOf(deps),
    ]);
    if (!player) throw notFound('playerNotFound');
    const photo = player.avatar_hash ? await deps.images.get('avatar_medium', player.avatar_hash) : null;
    await sendCard(
      ctx,
      {
        productName,
        badge: player.rank === null ? 'Unranked' : `Rank #${player.rank}`,
        headline: player.username,
        lines: [
          `Elo ${player.elo}`,
          `${player.games_played} games · ${player.wins} W · ${player.ties} T · ${player.losses} L`,
        ],
        avatar: { photo, initials: initialsOf(player.username), colour: colourFor(player.username) },
      },
      photo ? player.avatar_hash : null,
    );
  });

  return router;
}
