/**
 * The player app's service worker, served at /sw.js with the whole site as its scope (built by
 * web-build/service-worker.ts, which fills in the version and the list of the build's files).
 *
 * - Install: stores this version's shell (index.html, the offline page, the build's scripts, styles and fonts, the
 *   icons). A new version waits until the player chooses "Reload" in the app (the page sends `skip-waiting`).
 * - Activate: deletes the shells of older versions and takes control of the open pages.
 * - Fetch: see strategy.ts. Pages come from the network, without it from the cached shell or the offline page; the
 *   API's answers are never stored.
 * - Push: shows the server's notification; a click on it opens its page in the app.
 */
import { FALLBACK_PUSH, notificationTarget, parsePushPayload } from './push-payload.ts';
import {
  CACHE_PREFIX,
  OFFLINE_URL,
  SHELL_URL,
  SKIP_WAITING,
  STATIC_CACHE,
  STATIC_CACHE_MAX_ENTRIES,
  isStorable,
  shellCacheName,
  strategyFor,
} from './strategy.ts';
import type { ServiceWorkerScope } from './worker-types.ts';

/** A digest of everything the build wrote (filled in at build time). */
declare const __ECUP_SW_VERSION__: string;
/** The paths of the shell to store at install (filled in at build time). */
declare const __ECUP_SW_PRECACHE__: string[];

const VERSION = __ECUP_SW_VERSION__;
const PRECACHE = new Set(__ECUP_SW_PRECACHE__);
const SHELL_CACHE = shellCacheName(VERSION);
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';

const worker = self as unknown as ServiceWorkerScope;

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(SHELL_CACHE).then((cache) =>
      // Past the browser's HTTP cache, so the shell is this version's and not a copy kept from the last one.
      cache.addAll([...PRECACHE].map((path) => new Request(path, { cache: 'reload' }))),
    ),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE && name !== STATIC_CACHE)
          .map((name) => caches.delete(name)),
      );
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === SKIP_WAITING) event.waitUntil(worker.skipWaiting());
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  switch (strategyFor(request, worker.location.origin, PRECACHE)) {
    case 'precached':
      event.respondWith(fromShell(request));
      return;
    case 'static':
      event.respondWith(cacheFirst(request));
      return;
    case 'app-page':
      event.respondWith(page(request, true));
      return;
    case 'other-page':
      event.respondWith(page(request, false));
      return;
    case 'network':
      // Not answered here: the browser asks the network as if there were no worker.
      return;
  }
});

async function fromShell(request: Request): Promise<Response> {
  const cached = await caches.match(new URL(request.url).pathname, { cacheName: SHELL_CACHE });
  return cached ?? fetch(request);
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (isStorable(response)) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    await Promise.all(
      keys.slice(0, Math.max(0, keys.length - STATIC_CACHE_MAX_ENTRIES)).map((key) => cache.delete(key)),
    );
  }
  return response;
}

/** A page: the network first (never stored), then the cached shell for the app's own pages, then the offline page. */
async function page(request: Request, appPage: boolean): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = appPage ? await caches.match(SHELL_URL, { cacheName: SHELL_CACHE }) : undefined;
    if (shell) return shell;
    const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL_CACHE });
    if (offline) return offline;
    throw error;
  }
}

worker.addEventListener('push', (event) => {
  const shown = parsePushPayload(event.data?.text()) ?? FALLBACK_PUSH;
  event.waitUntil(
    worker.registration.showNotification(shown.title, {
      body: shown.body,
      tag: shown.tag,
      icon: ICON,
      badge: BADGE,
      data: { url: shown.url },
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = notificationTarget(event.notification.data, worker.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
      if (open) {
        const focused = await open.focus();
        // navigate() works only for a page this worker controls; another one gets a window of its own.
        const navigated = await focused.navigate(url).catch(() => null);
        if (navigated) return;
      }
      await worker.clients.openWindow(url);
    })(),
  );
});
