import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type Koa from 'koa';
import { inject } from 'light-my-request';
import type { AppDeps } from '../context.ts';
import { createReadCache, type ReadCache } from '../services/read-cache.ts';
import { encodeBody, sendEncoded, type EncodedBody } from '../services/encoded-body.ts';
import { cachedAnswerWriter } from '../middleware/cached-answer.ts';
import { headFor } from '../features/seo/head-data.ts';
import { injectHead, pageQueryOf } from '../features/seo/head.ts';
import { pageLanguage, type PageLanguage } from '../features/seo/language.ts';
import { createRenderThreads, type RenderThreads } from './render-threads.ts';

/** What the player app's server build (player-web/src/entry-server.tsx) offers the API. */
interface Renderer {
  render(
    url: string,
    lang: PageLanguage,
    reads: Record<string, unknown>,
    failed: ReadonlySet<string>,
    renderedAt: number,
    narrow: boolean,
  ): Promise<{ html: string; styles: string; renderedAt: number; missed: string[]; errors: string[] }>;
  pageDataJson(payload: {
    lang: PageLanguage;
    zone: string;
    renderedAt: number;
    narrow: boolean;
    reads: Record<string, unknown>;
  }): string;
  PAGE_DATA_ID: string;
  pageZone(reads: Record<string, unknown>): string;
}

/**
 * How long a rendered page is served again (under a second per language). It holds nothing of one reader:
 * every page is drawn as a visitor sees it, and a signed-in reader's own parts fill in once the app has taken over.
 */
export const RENDERED_PAGE_LIFETIME_MS = 900;
/** Rendered pages kept at most (addresses × languages); the oldest go first. */
export const RENDERED_PAGE_MAX_ENTRIES = 100;
/** Renders of one page at most: each may name reads the previous one could not know it needed (a screen below one). */
const MAX_PASSES = 4;

/**
 * The address a page is drawn for: its path and, of its query, only the parameters the page reads (the first value
 * of each, in a fixed order). Any other address of the same page is drawn alike, so it shares the drawing: a stream
 * of `?x=<random>` costs one draw a second, not one each.
 */
export function drawnAddress(path: string, query: string): string {
  if (query === '') return path;
  const names = pageQueryOf(path);
  if (names.length === 0) return path;
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const text = kept.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** Thrown by a draw refused because RENDER_LIMIT pages are being drawn: the request gets the app shell. */
class DrawingBusy extends Error {}

/** A rendered page as it goes on the wire, in each encoding a browser may accept. */
interface RenderedPage extends EncodedBody {
  /** 404 when the page names something that does not exist (an unknown article, topic or player). */
  status: number;
  /** A page that must stay out of search results (a minor's profile): sent with `X-Robots-Tag: noindex`. */
  noindex: boolean;
}

/** Answers a public GET inside the process, as the API would answer a visitor: status and JSON. */
export type InternalRead = (url: string) => Promise<{ status: number; body: unknown }>;

/** A read through `handler` (the API's public routes, without the request log), never over the network. */
export function internalReads(handler: (req: never, res: never) => void): InternalRead {
  return async (url) => {
    const response = await inject(handler as Parameters<typeof inject>[0], {
      method: 'GET',
      url,
      headers: { accept: 'application/json' },
      remoteAddress: '127.0.0.1',
    });
    let body: unknown = null;
    try {
      body = JSON.parse(response.payload);
    } catch {
      // Not JSON: the read failed.
    }
    return { status: response.statusCode, body };
  };
}

/**
 * The player app's server build in `dir`, or null when it has not been built: its module here, for the page's data
 * and zone (a few microseconds), and its renders on up to `threads` threads of their own.
 */
async function loadRenderer(dir: string, threads: number): Promise<{ app: Renderer; threads: RenderThreads } | null> {
  const entry = path.join(dir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  const url = pathToFileURL(entry).href;
  return { app: (await import(url)) as Renderer, threads: createRenderThreads(url, threads) };
}

/**
 * Render threads per process: one per drawing at once, but no more than the cores less the event loop's (at least
 * one); a drawing beyond waits for a thread.
 */
const renderThreadsFor = (renderLimit: number) => Math.max(1, Math.min(renderLimit, availableParallelism() - 1));

/**
 * The public pages drawn on the server: the app shell's index.html with the page's head, MUI's styles,
 * the page's markup in the app's root and the answers it was drawn with as JSON the app takes over. Anything else
 * (a signed-in screen, a path that is no public page) gets the shell as it is. Without the server build (only the
 * browser's was built) public pages get their head alone.
 *
 * A render takes 100 to 300 ms of CPU: it runs on a render thread of lower priority than the event loop, and at most
 * `config.renderLimit` drawings run at once: a request that would start another gets the shell as it is, which the
 * browser draws itself (docs/operations.md "Drawn pages"). A request for a page drawn less than a second ago, or
 * being drawn, shares that drawing whatever the limit.
 */
export function serverRenderedPages(
  deps: Pick<AppDeps, 'knex' | 'now' | 'config' | 'log' | 'metrics'>,
  read: InternalRead,
): { page: PageAnswer; fresh: Koa.Middleware } {
  const distSsr = path.join(path.dirname(deps.config.playerWebDist), 'dist-ssr');
  let renderer: Promise<{ app: Renderer; threads: RenderThreads } | null> | undefined;
  const pages: ReadCache = createReadCache({
    lifetimeMs: RENDERED_PAGE_LIFETIME_MS,
    maxEntries: RENDERED_PAGE_MAX_ENTRIES,
    now: () => deps.now().getTime(),
  });

  /** The reads each recently drawn address needed (at most RENDERED_PAGE_MAX_ENTRIES addresses, the oldest go). */
  const pageReads = new Map<string, string[]>();
  const remember = (url: string, keys: string[]) => {
    pageReads.delete(url);
    pageReads.set(url, keys);
    if (pageReads.size > RENDERED_PAGE_MAX_ENTRIES) pageReads.delete(pageReads.keys().next().value!);
  };

  async function draw(
    shell: string,
    url: string,
    lang: PageLanguage,
    narrow: boolean,
    pathname: string,
  ): Promise<RenderedPage | null> {
    const found = await headFor(deps, pathname, lang);
    if (!found) return null;
    const withHead = injectHead(shell, found.head, found.productName);
    renderer ??= loadRenderer(distSsr, renderThreadsFor(deps.config.renderLimit));
    const loaded = await renderer;
    let html = withHead;
    if (loaded) {
      const { app, threads } = loaded;
      const reads: Record<string, unknown> = {};
      const failed = new Set<string>();
      const readAll = (keys: readonly string[]) =>
        Promise.all(
          keys.map(async (key) => {
            const answer = await read(key);
            if (answer.status === 200) reads[key] = answer.body;
            else failed.add(key);
          }),
        );
      // The reads this address asked for last time, read first: the page usually renders once.
      await readAll(pageReads.get(url) ?? []);
      const render = () =>
        threads.render({ url, lang, reads, failed: [...failed], renderedAt: deps.now().getTime(), narrow });
      let page = await render();
      for (let pass = 1; pass < MAX_PASSES && page.missed.length > 0; pass++) {
        await readAll(page.missed);
        page = await render();
      }
      remember(url, [...Object.keys(reads), ...failed]);
      for (const error of page.errors) deps.log.warn(`server rendering ${url}: ${error}`);
      html = composePage(withHead, {
        markup: page.html,
        styles: page.styles,
        data: `<script type="application/json" id="${app.PAGE_DATA_ID}">${app.pageDataJson({ lang, zone: app.pageZone(reads), renderedAt: page.renderedAt, narrow, reads })}</script>`,
      });
    }
    return {
      ...(await encodeBody(Buffer.from(html))),
      status: found.head.indexable ? 200 : 404,
      noindex: found.head.noindex === true,
    };
  }

  /** A drawn page's key: what it depends on beside its address. */
  const keyOf = (address: string, lang: PageLanguage, narrow: boolean) =>
    `${lang}:${narrow ? 'narrow' : 'wide'}:${address}`;

  /** Draws running now (each from its first read to its encoded bytes). */
  let drawing = 0;

  /** serveApp's `page`: the page at the request's address, answered from the rendered pages while fresh. */
  const page: PageAnswer = async (ctx, shell) => {
    ctx.vary('Cookie');
    ctx.vary('Accept-Language');
    ctx.vary('User-Agent');
    const lang = pageLanguage(ctx);
    const narrow = isPhone(ctx.get('user-agent'));
    const address = drawnAddress(ctx.path, ctx.querystring);
    let drawn: RenderedPage | null;
    try {
      // The cache calls this only when no drawing of the key is fresh or under way, and at once, so the count is
      // checked and raised in one step.
      drawn = await pages.get(keyOf(address, lang, narrow), async () => {
        if (drawing >= deps.config.renderLimit) throw new DrawingBusy();
        drawing++;
        try {
          const page = await draw(await shell(), address, lang, narrow, ctx.path);
          if (page) deps.metrics.pages.inc({ answer: 'drawn' });
          return page;
        } finally {
          drawing--;
        }
      });
    } catch (error) {
      if (!(error instanceof DrawingBusy)) throw error;
      deps.metrics.pages.inc({ answer: 'shell' });
      return false;
    }
    if (!drawn) return false;
    ctx.status = drawn.status;
    ctx.type = 'html';
    if (drawn.noindex) ctx.set('X-Robots-Tag', 'noindex');
    sendEncoded(ctx, drawn);
    return true;
  };

  // What serveApp answers a drawn page with besides the headers every answer has.
  const pageHeaders = ['Cache-Control', 'no-cache', 'Vary', 'Accept-Encoding, Cookie, Accept-Language, User-Agent'];
  const write = cachedAnswerWriter(deps);
  /**
   * A drawn page still fresh, answered first, before the request log and the routes, which would only come to the
   * same bytes (as `cachedReads` answers public reads). A request with credentials goes the whole way (a bad pair
   * is a 401 whatever it asks for).
   */
  const fresh: Koa.Middleware = async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const address = drawnAddress(ctx.path, ctx.querystring);
    if (!pageReads.has(address) || ctx.req.headers.authorization) return next();
    const started = process.hrtime.bigint();
    const drawn = pages.peek<RenderedPage | null>(keyOf(address, pageLanguage(ctx), isPhone(ctx.get('user-agent'))));
    if (!drawn) return next();
    write(
      ctx,
      {
        status: drawn.status,
        headers: drawn.noindex ? [...pageHeaders, 'X-Robots-Tag', 'noindex'] : pageHeaders,
        body: { encoded: drawn, type: 'text/html; charset=utf-8' },
      },
      { route: drawn.status < 400 ? '(static)' : '(unmatched)', started },
    );
  };
  return { page, fresh };
}

/** serveApp's `page` option: answers a page of the player app, or false to have the shell sent as it is. */
export type PageAnswer = (ctx: Koa.Context, shell: () => Promise<string>) => Promise<boolean>;

/**
 * Whether a browser is a phone's, by its User-Agent (Chromium, Safari and Firefox on phones say "Mobi"; Android
 * tablets say "Android" without it and get the wide page): its lists are drawn as cards.
 */
export function isPhone(userAgent: string): boolean {
  return /Mobi/i.test(userAgent);
}

/** The id of the JSON naming the app's code on a drawn page, which /boot.js loads once the page has painted. */
export const APP_CODE_ID = 'app-code';
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The shell with the rendered page: styles at the end of the head, markup in the root, the page's data after it.
 * The app's code (the entry module Vite writes into the head and the modules it preloads) is named in JSON instead,
 * and /boot.js fetches it once the page has painted: the drawn page shows while a slow phone line is still bringing
 * the code, rather than after it, as a script in the head would make it.
 */
export function composePage(shell: string, page: { markup: string; styles: string; data: string }): string {
  const root = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  const preload = [...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const code =
    entry === undefined
      ? ''
      : `<script type="application/json" id="${APP_CODE_ID}">${JSON.stringify({ entry, preload })}</script>`;
  const withStyles = shell
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `${page.styles}</head>`);
  if (!root.test(withStyles)) throw new Error('index.html has no <div id="root"> with the boot screen');
  return withStyles.replace(root, () => `<div id="root">${page.markup}</div>${page.data}${code}`);
}
