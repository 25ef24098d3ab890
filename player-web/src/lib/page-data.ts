import { createContext, startTransition, useEffect, useState } from 'react';
import type { Lang } from '../i18n/dictionary.ts';

/** A GET's query as the API client sends it (without its cache-busting `_`). */
export type ReadParams = Record<string, string | number | undefined>;

/**
 * The name of a GET among a page's reads: its path and its parameters in a fixed order, so the server that read it
 * and the app that asks for it name it alike.
 */
export function readKey(path: string, params: ReadParams = {}): string {
  const entries = Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => [name, String(value)] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(entries).toString();
  return query === '' ? path : `${path}?${query}`;
}

/**
 * What a server-rendered page carries for the app that takes it over: the language and time zone it was
 * drawn in and the answers of the public reads it showed, by readKey. It travels in the page as JSON that no browser
 * runs (`<script type="application/json" id="page-data">`), so the Content-Security-Policy needs no inline script.
 */
export interface PageDataPayload {
  lang: Lang;
  zone: string;
  /** When the page was drawn (unix ms on the server's clock): the moment its countdowns show. */
  renderedAt: number;
  /** Whether it was drawn for a narrow screen (a phone's browser): lists as cards rather than tables. */
  narrow: boolean;
  reads: Record<string, unknown>;
}

/** The id of the page's data element. */
export const PAGE_DATA_ID = 'page-data';

/**
 * The answers a page was drawn with. The first render in the browser takes them as they are, so it draws what the
 * server drew; the first navigation forgets them, so every later page reads fresh data.
 */
export interface PageData {
  /** The answer to the read `key` while it is on hand, else undefined (the caller then reads it itself). */
  peek(key: string): unknown;
  /** When the page was drawn (unix ms, server's clock), for a render that must draw what the server drew. */
  renderedAt?: number;
  /** Whether the page was drawn for a narrow screen, for the same render. */
  narrow?: boolean;
}

/** No server-rendered data: every read goes to the API. */
export const NO_PAGE_DATA: PageData = { peek: () => undefined };

/** The page's data for the app's API client; `forget` (in the browser) drops it at the first navigation. */
export const PageDataContext = createContext<PageData & { forget?(): void }>(NO_PAGE_DATA);

/** The data of the server-rendered page in this document, or null for a page the app draws from scratch. */
/** Whether the page in this document was drawn for a narrow screen (null: it was not drawn on the server). */
let drawnNarrow: boolean | null = null;

/**
 * Code the drawn page's screens need to take it over as drawn (a list drawn as a table, whose code is loaded apart),
 * which start.tsx awaits before hydrating: a part whose code is missing stays the server's HTML, and an update that
 * reaches it before its code has arrived (the next rows of a list) could be held back.
 */
const neededCode: Promise<unknown>[] = [];

/** Registers code the drawn page needs before the app takes it over, when it was drawn wide (a table). */
export function neededWhenDrawnWide(load: () => Promise<unknown>): void {
  if (drawnNarrow === false && !takenOver) neededCode.push(load().catch(() => undefined));
}

/** What {@link neededWhenDrawnWide} registered, once all of it has arrived. */
export function codeNeededToTakeOver(): Promise<unknown> {
  return Promise.all(neededCode);
}

export function documentPageData(): (PageData & { payload: PageDataPayload; forget(): void }) | null {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return null;
  let payload: PageDataPayload;
  try {
    payload = JSON.parse(element.textContent) as PageDataPayload;
  } catch {
    return null;
  }
  drawnNarrow = payload.narrow;
  let reads: Record<string, unknown> | null = payload.reads;
  return {
    payload,
    renderedAt: payload.renderedAt,
    narrow: payload.narrow,
    peek: (key) => (reads && Object.hasOwn(reads, key) ? reads[key] : undefined),
    forget: () => {
      reads = null;
    },
  };
}

/**
 * The server's reads for one render: answers it has, and the keys the render asked for that it has not read yet
 * (`missed`), which the server reads before it renders again.
 */
export function serverPageData(
  reads: Record<string, unknown>,
  failed: ReadonlySet<string>,
  renderedAt: number,
  narrow: boolean,
) {
  const missed = new Set<string>();
  const data: PageData = {
    renderedAt,
    narrow,
    peek: (key) => {
      if (Object.hasOwn(reads, key)) return reads[key];
      if (!failed.has(key)) missed.add(key);
      return undefined;
    },
  };
  return { data, missed };
}

/** Whether this code runs in the server's render (the server build has no window). */
const onServer = typeof window === 'undefined';

/**
 * Whether a render now is the server's or one over the server's HTML before the app has taken it over: for a
 * component's first state, which must then be what the server drew.
 */
export function drawingOverServerHtml(): boolean {
  return onServer || !takenOver;
}

/**
 * Whether this render is the server's or the browser's first one over the server's HTML (hydration): such a render
 * must draw exactly what the server drew, so it leaves out what only the browser knows (the screen's width, the
 * reader's time zone), and React renders again with those right after, as a transition: in slices between which
 * the browser answers the reader, not in one long task.
 */
export function useHydrating(): boolean {
  const [hydrating, setHydrating] = useState(drawingOverServerHtml);
  useEffect(() => {
    if (hydrating) startTransition(() => setHydrating(false));
  }, [hydrating]);
  return hydrating;
}

/**
 * The answer a screen was drawn with on the server (`peek`: the API client's `peek` of its first read), taken once
 * when the screen first renders, and only by a render over the server's HTML: a screen that shows later (after a
 * sign-in, on another page) reads its own, so a signed-in reader never keeps a visitor's answer.
 */
export function useDrawn<T>(peek: () => T | undefined): T | undefined {
  const [drawn] = useState(() => (drawingOverServerHtml() ? peek() : undefined));
  return drawn;
}

/**
 * Whether the app has taken the whole server-rendered page over (its first page hydrated), or draws from scratch.
 * Until then nothing above the page may change what it draws (the language, the time zone, the session): React would
 * give up hydrating the page and draw it again, reading everything anew. main.tsx sets it false for a drawn page.
 */
let takenOver = true;
const takeoverListeners = new Set<() => void>();

/** A server-rendered page is being taken over (main.tsx, before hydrating). */
export function awaitTakeover(): void {
  takenOver = false;
}

/** The first page has hydrated (the layout's first effect). */
export function markTakenOver(): void {
  if (takenOver) return;
  takenOver = true;
  for (const listener of takeoverListeners) listener();
}

/**
 * Whether the app has taken the server-rendered page over (true at once for a page it draws itself). What changes
 * then (the reader's zone and language, their session) is drawn as a transition, in slices.
 */
export function usePageTakenOver(): boolean {
  const [taken, setTaken] = useState(() => !onServer && takenOver);
  useEffect(() => {
    if (taken) return;
    const listener = () => startTransition(() => setTaken(true));
    if (takenOver) {
      listener();
      return;
    }
    takeoverListeners.add(listener);
    return () => {
      takeoverListeners.delete(listener);
    };
  }, [taken]);
  return taken;
}
