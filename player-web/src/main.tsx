import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPage } from './app/router.tsx';
import { loadSwedish } from './i18n/i18n.tsx';
import { awaitTakeover, documentPageData } from './lib/page-data.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const page = preloadPage(window.location.pathname);
const pageData = documentPageData();

if (pageData) {
  // A server-rendered page (issue 21): the app takes it over in one pass once the page's code and, for Swedish, the
  // messages' Swedish are here, so its first render draws exactly what the server drew (a part left for later would
  // be drawn again from scratch as soon as anything above it changed).
  const { lang, zone } = pageData.payload;
  awaitTakeover();
  const [translate] = await Promise.all([lang === 'sv' ? loadSwedish().catch(() => null) : null, page]);
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
