import { findForumCategory, forumCategories, parsePositiveInt, type ForumCategory } from '@ecup/domain';
import type { PageLanguage } from './language.ts';
import { seoWord, type SeoWord } from './words.ts';

/**
 * The public pages of docs/product.md#screens-and-routes that crawlers and link previews see. Anything else (the play screen,
 * settings, a game, conflicts, sign-in links) is not public and keeps the app shell's own head.
 */
export type PublicPage =
  | { kind: 'home' | 'ranking' | 'countries' | 'clubs' | 'forums' | 'rules' | 'terms' | 'trophyhunt' }
  /** `id` undefined: the newest article (/news); null: an address that can name no article. */
  | { kind: 'news'; id: number | undefined | null }
  | { kind: 'category'; category: ForumCategory }
  | { kind: 'thread'; category: ForumCategory; id: number | null }
  | { kind: 'player'; username: string };

const FIXED_PAGES: Record<string, PublicPage> = {
  '/': { kind: 'home' },
  '/home': { kind: 'home' },
  '/ranking': { kind: 'ranking' },
  '/ranking/countries': { kind: 'countries' },
  '/ranking/clubs': { kind: 'clubs' },
  '/forums': { kind: 'forums' },
  '/rules': { kind: 'rules' },
  '/terms': { kind: 'terms' },
  '/trophyhunt': { kind: 'trophyhunt' },
};

/**
 * The query parameters each public page reads (the `useSearchParams` of its screens): the ranking's sorting and
 * search (features/ranking, components/ranking/ranking-search.tsx) and the country and club tables' (features/groups).
 * No other page reads its query. A page is drawn, and its drawing kept, for its path and these alone, so a parameter
 * no page reads (a tracking tag, a cache-buster) neither changes the page nor makes it drawn again.
 */
const PAGE_QUERY: Partial<Record<PublicPage['kind'], readonly string[]>> = {
  ranking: ['sort', 'search'],
  countries: ['sort', 'search'],
  clubs: ['sort', 'search'],
};

/** The query parameters the public page at `path` reads (none for most). */
export function pageQueryOf(path: string): readonly string[] {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const fixed = FIXED_PAGES[trimmed];
  return (fixed && PAGE_QUERY[fixed.kind]) ?? [];
}

/** The word in the thread position that opens the new-topic form: a signed-in screen, not a public page. */
const NEW_THREAD = 'new_thread';

function segment(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The public page a path shows (the player app's routes), or null when the path is not a public page. */
export function publicPageOf(path: string, productName: string): PublicPage | null {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const fixed = FIXED_PAGES[trimmed];
  if (fixed) return fixed;
  const parts = trimmed.split('/').slice(1);
  if (parts[0] === 'news' && parts.length <= 2) {
    if (parts.length === 1) return { kind: 'news', id: undefined };
    return { kind: 'news', id: /^[1-9]\d{0,9}$/.test(parts[1]!) ? (parsePositiveInt(parts[1]) ?? null) : null };
  }
  if (parts[0] === 'player' && parts.length === 2) {
    const username = segment(parts[1]!);
    return username ? { kind: 'player', username } : null;
  }
  if (parts[0] === 'forums' && (parts.length === 2 || parts.length === 3)) {
    const slug = segment(parts[1]!);
    const category = slug === null ? undefined : findForumCategory(slug, productName);
    if (!category) return null;
    if (parts.length === 2) return { kind: 'category', category };
    if (parts[2] === NEW_THREAD) return null;
    return { kind: 'thread', category, id: /^[1-9]\d{0,9}$/.test(parts[2]!) ? Number(parts[2]) : null };
  }
  return null;
}

/** What a page's preview needs from the database (loaded by head-data.ts); null: the page names nothing that exists. */
export type PageData =
  | { kind: 'none' }
  | {
      kind: 'news';
      article: { id: number; title: string; excerpt: string; image_hash: string | null; published_at: Date } | null;
    }
  | { kind: 'thread'; thread: { id: number; title: string; category_id: number; first_post: string } | null }
  | {
      kind: 'player';
      player: {
        username: string;
        /** False for a minor's page: kept out of search (docs/rules.md "What others see of a player"). */
        indexable: boolean;
        elo: number;
        games_played: number;
        wins: number;
        ties: number;
        losses: number;
        rank: number | null;
      } | null;
    };

/** One page's head: what the browser tab, search results and link previews show. */
export interface PageHead {
  lang: PageLanguage;
  /** The full title, as the player app sets it: "{title} – {product}", or the product alone. */
  title: string;
  description: string;
  /** The page's absolute address (PUBLIC_URL and the page's own path). */
  canonical: string;
  /** The absolute address of the preview image. */
  image: string;
  /** Whether the image is a large one (1200×630 or an article picture): a large Twitter card. */
  largeImage: boolean;
  type: 'website' | 'article' | 'profile';
  /** False for an address that names nothing (an unknown article, topic or player): kept out of search results. */
  indexable: boolean;
  /**
   * True for a page that exists but must stay out of search results (a minor's profile, docs/rules.md "What others
   * see of a player"): robots `noindex` and an `X-Robots-Tag` header, yet answered 200.
   */
  noindex?: boolean;
  /** The article's publishing time, for article:published_time. */
  publishedAt?: Date;
}

export interface HeadContext {
  lang: PageLanguage;
  productName: string;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
}

/** The site's own picture, for pages without a picture of their own. */
export const SITE_IMAGE = '/icons/icon-512.png';

/** Where a stored image is served (docs/product.md#entities). */
export function storedImagePath(kind: 'news', hash: string): string {
  return `/images/${kind}/${hash.slice(0, 2)}/${hash}.jpg`;
}

/** The generated preview cards' addresses (seo.routes.ts). */
export const cardPath = {
  thread: (id: number) => `/og/thread/${id}.png`,
  player: (username: string) => `/og/player/${encodeURIComponent(username)}.png`,
};

const DESCRIPTION_MAX = 160;

/** Plain text of at most DESCRIPTION_MAX characters: whitespace collapsed, cut at a word with an ellipsis. */
export function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const CATEGORY_WORDS: Record<number, { title?: SeoWord; description: SeoWord }> = {
  0: { description: 'category0Description' },
  1: { description: 'category1Description' },
  2: { title: 'category2Title', description: 'category2Description' },
  3: { title: 'category3Title', description: 'category3Description' },
};

/** A forum category's title and description in the page's language (as the app's category-text.ts shows them). */
export function categoryText(
  category: ForumCategory,
  lang: PageLanguage,
  productName: string,
): { title: string; description: string } {
  const words = CATEGORY_WORDS[category.id];
  if (!words) return { title: category.title, description: category.description };
  return {
    title: words.title ? seoWord(lang, words.title) : category.title,
    description: seoWord(lang, words.description, { product: productName }),
  };
}

function slugOf(categoryId: number, productName: string): string | undefined {
  return forumCategories(productName).find((c) => c.id === categoryId)?.slug;
}

/**
 * The head of a public page from its data (pure: no I/O). An address that names nothing gets its section's title,
 * the site's picture and `indexable: false`, never an error.
 */
export function buildHead(page: PublicPage, data: PageData, context: HeadContext): PageHead {
  const { lang, productName, publicUrl } = context;
  const product = { product: productName };
  const word = (key: SeoWord, params: Record<string, string | number> = {}) => seoWord(lang, key, params);
  const absolute = (path: string) => `${publicUrl}${path}`;
  const head = (
    title: string | null,
    description: string,
    path: string,
    extra: Partial<Omit<PageHead, 'lang' | 'title' | 'description' | 'canonical'>> = {},
  ): PageHead => ({
    lang,
    title: title ? `${title} – ${productName}` : productName,
    description,
    canonical: absolute(path),
    image: absolute(SITE_IMAGE),
    largeImage: false,
    type: 'website',
    indexable: true,
    ...extra,
  });

  switch (page.kind) {
    case 'home':
      return head(null, word('homeDescription'), '/');
    case 'ranking':
      return head(word('rankingTitle'), word('rankingDescription', product), '/ranking');
    case 'countries':
      return head(word('countriesTitle'), word('countriesDescription'), '/ranking/countries');
    case 'clubs':
      return head(word('clubsTitle'), word('clubsDescription'), '/ranking/clubs');
    case 'forums':
      return head(word('forumsTitle'), word('forumsDescription', product), '/forums');
    case 'rules':
      return head(word('rulesTitle'), word('rulesDescription', product), '/rules');
    case 'terms':
      return head(word('termsTitle'), word('termsDescription', product), '/terms');
    case 'trophyhunt':
      return head(word('trophyTitle'), word('trophyDescription'), '/trophyhunt');
    case 'category': {
      const text = categoryText(page.category, lang, productName);
      return head(text.title, text.description, `/forums/${page.category.slug}`);
    }
    case 'news': {
      const article = data.kind === 'news' ? data.article : null;
      if (!article) {
        return head(word('newsTitle'), word('newsDescription', product), '/news', { indexable: page.id === undefined });
      }
      return head(article.title, summary(article.excerpt) || word('newsDescription', product), `/news/${article.id}`, {
        type: 'article',
        publishedAt: article.published_at,
        ...(article.image_hash
          ? { image: absolute(storedImagePath('news', article.image_hash)), largeImage: true }
          : {}),
      });
    }
    case 'thread': {
      const thread = data.kind === 'thread' ? data.thread : null;
      const slug = thread ? slugOf(thread.category_id, productName) : undefined;
      if (!thread || !slug) {
        const text = categoryText(page.category, lang, productName);
        return head(text.title, text.description, `/forums/${page.category.slug}`, { indexable: false });
      }
      const category = findForumCategory(thread.category_id, productName)!;
      return head(
        thread.title,
        summary(thread.first_post) ||
          word('threadDescription', { category: categoryText(category, lang, productName).title }),
        `/forums/${slug}/${thread.id}`,
        { type: 'article', image: absolute(cardPath.thread(thread.id)), largeImage: true },
      );
    }
    case 'player': {
      const player = data.kind === 'player' ? data.player : null;
      if (!player) {
        return head(page.username, word('playerUnknown', product), `/player/${encodeURIComponent(page.username)}`, {
          indexable: false,
        });
      }
      const description = word('playerDescription', {
        name: player.username,
        product: productName,
        elo: player.elo,
        games: player.games_played,
        wins: player.wins,
        ties: player.ties,
        losses: player.losses,
      });
      return head(
        word('playerTitle', { name: player.username }),
        player.rank === null ? description : `${word('playerRanked', { rank: player.rank })}. ${description}`,
        `/player/${encodeURIComponent(player.username)}`,
        {
          type: 'profile',
          image: absolute(cardPath.player(player.username)),
          largeImage: true,
          ...(player.indexable ? {} : { noindex: true }),
        },
      );
    }
  }
}

/** Text made safe inside an HTML attribute or element. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const OG_LOCALE: Record<PageLanguage, string> = { en: 'en_GB', sv: 'sv_SE' };

/** The head's tags as HTML, one of each: title, description, canonical link, Open Graph and Twitter card. */
export function renderHead(head: PageHead, siteName: string): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...(head.indexable && !head.noindex ? [] : [meta('name', 'robots', 'noindex')]),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:locale', OG_LOCALE[head.lang]),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    ...(head.publishedAt ? [meta('property', 'article:published_time', head.publishedAt.toISOString())] : []),
    meta('name', 'twitter:card', head.largeImage ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
  ];
  return tags.join('\n    ');
}

/**
 * The app shell with this head: the shell's own title and description give way (each tag appears once), the
 * tags go at the end of <head>, and <html lang> names the page's language.
 */
export function injectHead(html: string, head: PageHead, siteName: string): string {
  const withoutDefaults = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<html([^>]*)\slang="[^"]*"/i, `<html$1 lang="${head.lang}"`);
  const at = withoutDefaults.search(/<\/head>/i);
  if (at < 0) return withoutDefaults;
  return `${withoutDefaults.slice(0, at)}  ${renderHead(head, siteName)}\n  ${withoutDefaults.slice(at)}`;
}
