import { awaitTakeover, documentPageData } from './lib/page-data.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const pageData = documentPageData();
if (pageData) awaitTakeover();
// The rest of the app's code (its theme, messages, routes and screens) is evaluated in a task of its own, after this
// one has evaluated React's: a phone's browser cannot interrupt the evaluation of one module graph, and all of it at
// once was one long task (Lighthouse: blocking time).
const { startApp } = await import('./app/start.tsx');
await startApp(container, pageData);
