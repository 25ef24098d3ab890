/**
 * What the service worker does with each request, and the names it shares with the page. Pure, so the rules are
 * tested beside it (strategy.test.ts) and the worker (sw.ts) only carries them out.
 */

/** Where the worker is served; its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';
/** The message the page sends a waiting worker when the player chose to load the new version. */
export const SKIP_WAITING = 'skip-waiting';
/** The cached page the app's routes fall back to without the network. */
export const SHELL_URL = '/index.html';
/** The page shown for a page that can load neither from the network nor from the cached shell. */
export const OFFLINE_URL = '/offline.html';
/** Every cache of the worker starts with this, so a new version deletes only its own old ones. */
export const CACHE_PREFIX = 'ecup-';
/** The cache of one version's app shell: index.html, the offline page and the build's files. */
export const shellCacheName = (version: string) => `${CACHE_PREFIX}shell-${version}`;
/** Fonts and public images met while browsing, kept across versions (their addresses never change content). */
export const STATIC_CACHE = `${CACHE_PREFIX}static`;
/** How many files the static cache keeps; the oldest go first. */
export const STATIC_CACHE_MAX_ENTRIES = 120;

export type Strategy =
  /** A file of this version's shell, answered from the shell cache (the network if it is missing). */
  | 'precached'
  /** A font or public image: the static cache first, else the network, kept when its answer is immutable. */
  | 'static'
  /** A page of the player app: the network, else the cached shell, else the offline page. */
  | 'app-page'
  /** A page that is not the player app's (the console): the network, else the offline page. */
  | 'other-page'
  /** Everything else, the API's answers above all: the network only, never stored. */
  | 'network';

export interface RequestFacts {
  method: string;
  url: string;
  /** `Request.mode`: `navigate` for a page load. */
  mode: string;
}

/** Pictures anyone may see (news and team pictures); players' photos and conflict evidence are never stored. */
const PUBLIC_IMAGES = /^\/images\/(news|news_thumb|team)\//;
/** The build's fingerprinted files: fonts and pictures the app's code refers to. */
const BUILD_STATIC = /^\/assets\/.+\.(woff2?|png|jpe?g|webp|avif|gif|svg)$/;

/**
 * How the worker answers a request of a page on `origin`. Only GET requests of our own origin are ever answered from
 * a cache, and only the files of the build and public pictures are ever stored: nothing the API answers (its
 * paths sit at the root beside the app's pages: /user, /news, /game/get, ...) and nothing with a player's data.
 */
export function strategyFor(request: RequestFacts, origin: string, precached: ReadonlySet<string>): Strategy {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (request.mode === 'navigate') {
    return url.pathname === '/admin' || url.pathname.startsWith('/admin/') ? 'other-page' : 'app-page';
  }
  if (url.search === '' && precached.has(url.pathname)) return 'precached';
  if (url.search === '' && (BUILD_STATIC.test(url.pathname) || PUBLIC_IMAGES.test(url.pathname))) return 'static';
  return 'network';
}

/**
 * Whether an answer may go into the static cache: a complete answer of our own origin that says it never changes
 * (the build's hashed files and stored pictures; a missing picture's placeholder is only cached for a minute).
 */
export function isStorable(response: { status: number; type: string; headers: { get(name: string): string | null } }) {
  if (response.status !== 200 || response.type !== 'basic') return false;
  const control = response.headers.get('Cache-Control') ?? '';
  return /\bimmutable\b/.test(control) && !/\b(no-store|private)\b/.test(control);
}
