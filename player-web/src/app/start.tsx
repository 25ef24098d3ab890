import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadSwedish } from '../i18n/i18n.tsx';
import { codeNeededToTakeOver, type documentPageData } from '../lib/page-data.ts';
import { registerServiceWorker } from '../lib/service-worker.ts';
import { App } from './app.tsx';
import { preloadPage } from './router.tsx';

/**
 * Starts the app in `container`: over a server-rendered page (`pageData`) it takes the page over in one
 * pass once the page's code and, for Swedish, the messages' Swedish are here, so its first render draws exactly what
 * the server drew (a part left for later would be drawn again from scratch as soon as anything above it changed);
 * otherwise it draws from scratch.
 */
export async function startApp(container: HTMLElement, pageData: ReturnType<typeof documentPageData>) {
  const page = preloadPage(window.location.pathname);
  if (pageData) {
    const { lang, zone } = pageData.payload;
    const [translate] = await Promise.all([lang === 'sv' ? loadSwedish().catch(() => null) : null, page]);
    // The page's code has named what else its screens need (a table's code).
    await codeNeededToTakeOver();
    hydrateRoot(
      container,
      <StrictMode>
        <App start={{ pageData, i18n: { lang, zone, translate } }} />
      </StrictMode>,
    );
  } else {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
  // The production build served by the API only: the dev server's modules are not the files the worker stores.
  if (import.meta.env.PROD) registerServiceWorker();
}
