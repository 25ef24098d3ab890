/**
 * The player app on the server: renders a public page to HTML with React's streaming renderer, MUI's
 * styles extracted into style tags, from the answers of the page's public reads. Built by Vite's SSR build into
 * dist-ssr/ and loaded by the API (api/src/ssr).
 *
 * The page's reads are the ones its screens ask the API client for (`peek`): a render that asks for an answer the
 * server has not read yet names it in `missed`, and the server reads those and renders again, so no list of a page's
 * reads is kept apart from the screens that make them.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { AppProviders } from './app/app.tsx';
import { AppRoutes, preloadPage } from './app/router.tsx';
import { CURRENT_SEASON } from './providers/get-current-season.ts';
import type { Lang } from './i18n/dictionary.ts';
import { loadSwedish } from './i18n/i18n.tsx';
import { serverPageData, type PageDataPayload } from './lib/page-data.ts';

export { PAGE_DATA_ID, readKey } from './lib/page-data.ts';
export type { PageDataPayload } from './lib/page-data.ts';

/**
 * The time zone a server-rendered page writes its dates in: the season's (where most of its players are), else UTC.
 * The app shows the reader's own once it has taken the page over.
 */
export function pageZone(reads: Record<string, unknown>): string {
  const season = reads[CURRENT_SEASON] as { time_zone?: unknown } | undefined;
  const zone = typeof season?.time_zone === 'string' ? season.time_zone : '';
  try {
    if (zone !== '') return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    // Not a zone this runtime knows.
  }
  return 'UTC';
}

export interface RenderedPage {
  /** The markup of the app's root element. */
  html: string;
  /** MUI's styles for that markup, as style tags for the head. */
  styles: string;
  /** When it was drawn (unix ms): the page's data carries it for the browser's first render. */
  renderedAt: number;
  /** The reads the render asked for that it was not given. */
  missed: string[];
  /**
   * What failed to render on the server: the parts it covers show their loading state, and the browser draws them
   * itself when it takes the page over.
   */
  errors: string[];
}

/** Collects a stream's output into one string. */
function collect(): { sink: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { sink, text: () => Buffer.concat(chunks).toString('utf8') };
}

/**
 * Renders `url` (path and query) in `lang` with the answers in `reads`; `failed` names reads the API refused, which
 * the page draws as it does without them; `renderedAt` is the server's time (its countdowns' moment); `narrow` says
 * whether the reader's browser is a phone's (lists as cards). Resolves once the whole page has rendered (every lazy page and screen).
 */
export async function render(
  url: string,
  lang: Lang,
  reads: Record<string, unknown>,
  failed: ReadonlySet<string> = new Set(),
  renderedAt: number = Date.now(),
  narrow = true,
): Promise<RenderedPage> {
  const [translate] = await Promise.all([
    lang === 'sv' ? loadSwedish() : null,
    preloadPage(new URL(url, 'http://page').pathname),
  ]);
  const { data, missed } = serverPageData(reads, failed, renderedAt, narrow);
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const { sink, text } = collect();
  const errors: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <CacheProvider value={cache}>
        <AppProviders start={{ pageData: data, i18n: { lang, zone: pageZone(reads), translate } }}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </CacheProvider>,
      {
        onAllReady() {
          sink.on('finish', () => resolve());
          stream.pipe(sink);
        },
        // Every boundary inline, whatever its size: React would move a large one out to the end of the page, to
        // be put in place by an inline script, which the Content-Security-Policy forbids.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onShellError: reject,
        onError(error) {
          errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
        },
      },
    );
  });
  const html = text();
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles, renderedAt, missed: [...missed], errors };
}

/** The page's data element's content: JSON that cannot end its script element early. */
export function pageDataJson(payload: PageDataPayload): string {
  return JSON.stringify(payload)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
