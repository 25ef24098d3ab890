import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * How long a navigation may wait on a page's code or data before the progress bar shows: long enough that
 * a fast navigation never flashes it, short enough that a slow one is never a screen that seems to do nothing.
 */
export const NAVIGATION_PROGRESS_DELAY_MS = 300;

/**
 * After the last awaited piece of a navigation arrived, how long the navigation stays open for the next one: a page
 * whose code has arrived asks for its data in the effects of its first render, a moment later.
 */
const SETTLE_MS = 100;

let chunks = 0;
let requests = 0;
let navigating = false;
let settleTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ends the navigation once nothing it waits on is left, after a short settle time. */
function settleLater() {
  clearTimeout(settleTimer);
  if (chunks > 0 || requests > 0) return;
  settleTimer = setTimeout(() => {
    navigating = false;
  }, SETTLE_MS);
}

/** Counts `work` as pending until it settles, whatever its outcome. */
function hold(kind: 'chunk' | 'request', work: Promise<unknown>) {
  if (kind === 'chunk') chunks++;
  else requests++;
  clearTimeout(settleTimer);
  notify();
  const release = () => {
    if (kind === 'chunk') chunks--;
    else requests--;
    notify();
    settleLater();
  };
  work.then(release, release);
}

/** A page's code on its way: every navigation waits for it. */
export function trackPageChunk(work: Promise<unknown>): void {
  hold('chunk', work);
}

/**
 * An API call: it counts while a navigation is open (from the moment the path changed until what it waits on has
 * arrived), so a page's first data counts and a background refresh of a settled page does not.
 */
export function trackNavigationRequest(work: Promise<unknown>): void {
  if (navigating) hold('request', work);
}

/** The path changed: the calls the new page makes for its data count until they are answered. */
export function startNavigation(): void {
  navigating = true;
  settleLater();
}

/** True while a page's code, or the data of a page just navigated to, is on its way. */
export function useNavigationPending(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => chunks > 0 || requests > 0,
    () => false,
  );
}

/** True once a navigation has waited {@link NAVIGATION_PROGRESS_DELAY_MS} and until it has what it waits on. */
export function useNavigationProgress(): boolean {
  const pending = useNavigationPending();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), NAVIGATION_PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return pending && shown;
}
