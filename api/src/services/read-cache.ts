import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { pushesOf, type CommandEvent } from '@ecup/db';
import { encodeBody, sendEncoded, type EncodedBody } from './encoded-body.ts';

/**
 * How long a cached public read may be served (the ranking is never stale by more than a second after a
 * result). Counted from the moment the read started, so a slow read does not extend it. Tests that write past the
 * API (as another process would) move their clock this far before reading again.
 */
export const PUBLIC_READ_LIFETIME_MS = 1000;

/** Key prefixes of the cached reads, so a write drops exactly what it changes. */
export const CACHED_READS = {
  /** GET /ranking/list pages: dropped when this process makes a result final or edits one. */
  ranking: 'ranking:',
  /** GET /news/latest: dropped when this process creates, edits or deletes an article. */
  news: 'news:',
  /** GET|POST /forums/threads pages: dropped when this process adds a thread or a post, or locks a thread. */
  forumThreads: 'forum-threads:',
} as const;

/**
 * The committed events after which a cached read is stale in this process, beyond the writes that name it (other
 * processes' copies go within their second): a result made final or edited tells players their new stats,
 * so the ranking's pages go at once.
 */
const STALE_AFTER: Partial<Record<keyof typeof CACHED_READS, (events: CommandEvent[]) => boolean>> = {
  ranking: (events) => pushesOf(events).some((push) => push.event === 'stats'),
};

/** The reaction of `cache` to a committed command's events (STALE_AFTER), for the after-commit dispatcher. */
export function dropStaleReads(cache: ReadCache): (events: CommandEvent[]) => void {
  return (events) => {
    for (const [read, stale] of Object.entries(STALE_AFTER)) {
      if (stale(events)) cache.drop(CACHED_READS[read as keyof typeof CACHED_READS]);
    }
  };
}

/** Distinct reads kept at most (pages × sortings × searches; a 250-player page is some 75 KB); the oldest go first. */
export const PUBLIC_READ_MAX_ENTRIES = 200;

/**
 * A per-process cache of public reads that every visitor gets alike (the ranking's pages, the latest news, a forum
 * category's thread list). Each API process keeps its own, so no write anywhere (another API process, the worker,
 * a CLI script) is shown stale for longer than the lifetime; the process that commits a change drops the entries
 * it affects at once (`drop`), so its own clients see their write on the next call. Concurrent misses of one key
 * share one read, so an expiry under load costs one query, not one per waiting request.
 */
export interface ReadCache {
  /**
   * The value under `key`: the result of a read of it that started less than the lifetime ago (shared while still
   * in flight), else of a new `load()`. A failed read is not kept.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * The value under `key` when a read of it is fresh and has already answered, else undefined (nothing is loaded):
   * for answering a request without going through its route.
   */
  peek<T>(key: string): T | undefined;
  /** Forgets every entry whose key starts with `prefix`; a read in flight is answered to its waiters, not kept. */
  drop(prefix: string): void;
}

interface Entry {
  startedAt: number;
  value: Promise<unknown>;
  /** Whether `value` has answered, and with what (set once it has). */
  settled: boolean;
  result?: unknown;
}

/**
 * A public read as it goes on the wire: its JSON, serialised and compressed once per read (a browser always accepts
 * gzip and brotli), and the ETag naming those bytes.
 */
export interface EncodedRead {
  body: EncodedBody;
  etag: string;
}

/** Serialises and compresses a read's answer once, for every request the cache answers with it. */
export async function encodeRead(value: unknown): Promise<EncodedRead> {
  const json = Buffer.from(JSON.stringify(value));
  return { body: await encodeBody(json), etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 §13.1.2: `*`, or a list compared weakly). Evaluated
 * whatever the request's Cache-Control says: fetch() adds `no-cache` to every conditional request it is given.
 */
export function namesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers a request with a cached read: its ETag, and for a GET or HEAD whose If-None-Match names it (a client
 * asking again for the page it already has) 304 without a body, else the JSON bytes.
 */
export function answerRead(ctx: Koa.Context, read: EncodedRead): void {
  ctx.status = 200;
  ctx.set('ETag', read.etag);
  const ifNoneMatch = ctx.get('if-none-match');
  if (ifNoneMatch !== '' && (ctx.method === 'GET' || ctx.method === 'HEAD') && namesEtag(ifNoneMatch, read.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'json';
  sendEncoded(ctx, read.body);
}

/**
 * A {@link ReadCache} on the clock `now` (milliseconds; the API's clock, so tests move it). An entry whose start
 * lies in the future, after the clock was set back, counts as expired.
 */
export function createReadCache(options: { lifetimeMs: number; maxEntries: number; now: () => number }): ReadCache {
  const entries = new Map<string, Entry>();
  const fresh = (entry: Entry, now: number) => {
    const age = now - entry.startedAt;
    return age >= 0 && age < options.lifetimeMs;
  };
  /** Expired entries from the oldest end, then the oldest beyond the bound (Map order is insertion order). */
  const prune = (now: number) => {
    for (const [key, entry] of entries) {
      if (fresh(entry, now) && entries.size < options.maxEntries) break;
      entries.delete(key);
    }
  };
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const now = options.now();
      const cached = entries.get(key);
      if (cached && fresh(cached, now)) return cached.value as Promise<T>;
      entries.delete(key);
      prune(now);
      let value: Promise<T>;
      try {
        value = load();
      } catch (error) {
        value = Promise.reject(error);
      }
      const entry: Entry = { startedAt: now, value, settled: false };
      entries.set(key, entry);
      value.then(
        (result) => {
          entry.settled = true;
          entry.result = result;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    peek<T>(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry || !entry.settled || !fresh(entry, options.now())) return undefined;
      return entry.result as T;
    },
    drop(prefix: string): void {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
