import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPage } from './app/router.tsx';
import { loadSwedish } from './i18n/i18n.tsx';
import { awaitTakeover, documentPageData } from './lib/page-data.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

void preloadPage(window.location.pathname);
const pageData = documentPageData();

if (pageData) {
  // A server-rendered page (issue 21): the app takes it over at once, each part as soon as its code and, for
  // Swedish, the messages' Swedish are here (until then the server's HTML stays, and a click on it is replayed), so
  // its first render draws exactly what the server drew.
  const { lang, zone } = pageData.payload;
  awaitTakeover();
  const translate = lang === 'sv' ? loadSwedish().catch(() => null) : null;
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
