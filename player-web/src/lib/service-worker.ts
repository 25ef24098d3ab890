import { useSyncExternalStore } from 'react';
import { SERVICE_WORKER_URL, SKIP_WAITING } from '../service-worker/strategy.ts';

/**
 * The page's side of the service worker (src/service-worker/sw.ts): registers it, notices a new version waiting
 * after a deploy, and on the player's word lets it take over and reloads once it has.
 */

/** How often an open app asks whether a new version was deployed (and whenever it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version of the app is installed and waits for the player to load it. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
}

/** Follows a registration's next versions: a worker that finished installing while a page is controlled waits. */
function watch(registration: ServiceWorkerRegistration) {
  const waitingIfInstalled = (worker: ServiceWorker | null) => {
    if (worker?.state === 'installed' && navigator.serviceWorker.controller) setWaiting(worker);
  };
  waitingIfInstalled(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => waitingIfInstalled(installing));
  });
}

/**
 * Registers the worker once the page has loaded (so it never competes with the first paint), and checks for a new
 * version every hour and whenever the app is shown again. Only the production build calls this: the dev server's
 * modules are not the build the worker stores.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).then(
      (registration: ServiceWorkerRegistration | undefined) => {
        // Some embedders answer a refused registration with nothing rather than an error.
        if (!registration) return;
        watch(registration);
        const check = () => void registration.update().catch(() => undefined);
        setInterval(check, UPDATE_CHECK_MS);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') check();
        });
      },
      // A browser that refuses workers (a private window, an unsupported setting) just runs the app without one.
      () => undefined,
    );
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Loads the new version: the waiting worker takes over, and the page reloads once it controls it. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  worker.postMessage({ type: SKIP_WAITING });
}
