import { findProfile, findPublishedArticle, findThread, postPage, profileIndexable } from '@ecup/db';
import { PRODUCT_NAME_DEFAULT } from '@ecup/domain';
import type { AppDeps } from '../../context.ts';
import { currentSeason } from '../../services/season.ts';
import { buildHead, publicPageOf, type PageData, type PageHead, type PublicPage } from './head.ts';
import type { PageLanguage } from './language.ts';

/** The season's product name (docs/product.md#what-it-does), or the default before a season exists. */
export async function productNameOf(deps: Pick<AppDeps, 'knex'>): Promise<string> {
  return (await currentSeason(deps.knex))?.product_name || PRODUCT_NAME_DEFAULT;
}

/** The article, topic or player a page names, read with the same queries as the API's own calls. */
export async function loadPageData(deps: Pick<AppDeps, 'knex' | 'now'>, page: PublicPage): Promise<PageData> {
  switch (page.kind) {
    case 'news': {
      const article = page.id === null ? undefined : await findPublishedArticle(deps.knex, deps.now(), page.id);
      return { kind: 'news', article: article ?? null };
    }
    case 'thread': {
      const thread = page.id === null ? undefined : await findThread(deps.knex, page.id);
      if (!thread) return { kind: 'thread', thread: null };
      const { rows } = await postPage(deps.knex, {
        thread_id: thread.id,
        reply_count: Number(thread.reply_count),
        start: 0,
        amount: 1,
        withHidden: false,
      });
      // A topic whose every post is hidden shows visitors nothing: it is previewed like a missing one.
      const first = rows[0];
      return {
        kind: 'thread',
        thread: first
          ? { id: thread.id, title: thread.title, category_id: thread.category_id, first_post: first.message }
          : null,
      };
    }
    case 'player': {
      const now = deps.now();
      const player = await findProfile(deps.knex, page.username, now);
      return { kind: 'player', player: player ? { ...player, indexable: profileIndexable(player, now) } : null };
    }
    default:
      return { kind: 'none' };
  }
}

/**
 * The head of the public page at `path` in `lang`, or null when the path is not a public page. Server
 * rendering and the app shell both take their head from here.
 */
export async function headFor(
  deps: Pick<AppDeps, 'knex' | 'now' | 'config'>,
  path: string,
  lang: PageLanguage,
): Promise<{ head: PageHead; productName: string } | null> {
  const productName = await productNameOf(deps);
  const page = publicPageOf(path, productName);
  if (!page) return null;
  const data = await loadPageData(deps, page);
  return { head: buildHead(page, data, { lang, productName, publicUrl: deps.config.publicUrl }), productName };
}
