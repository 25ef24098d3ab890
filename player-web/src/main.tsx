import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadPage } from './app/router.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

preloadPage(window.location.pathname);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The production build served by the API only: the dev server's modules are not the files the worker stores.
if (import.meta.env.PROD) registerServiceWorker();
