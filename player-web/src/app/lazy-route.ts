import { createElement, lazy, type ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '@ecup/domain';
import { trackPageChunk } from '../lib/navigation-progress.ts';

/** Thrown when a page's code could not be loaded (docs/product.md#errors: a failed or slow chunk load reports a load error). */
export class ChunkLoadError extends Error {}

/** A page whose code is its own chunk: the component to render and a way to start loading it early. */
export interface LazyPage {
  /** The page: its component itself once its code has arrived, else a lazy one that waits for it. */
  Page: ComponentType;
  /** Starts loading the chunk (at most once); the page renders without waiting when it has arrived. */
  preload(): Promise<unknown>;
}

/**
 * A lazily loaded page, so the first page is light. A chunk that fails, or takes longer
 * than 120 s, rejects with ChunkLoadError, which the layout's error boundary shows.
 */
export function lazyPage(load: () => Promise<{ Component: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () => {
    if (loading) return loading;
    loading = (async () => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const module = await Promise.race([
          load(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_TIMEOUT_MS);
          }),
        ]);
        loaded = module.Component;
        return { default: module.Component };
      } catch (error) {
        throw error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error));
      } finally {
        clearTimeout(timer);
      }
    })();
    trackPageChunk(loading);
    return loading;
  };
  const Lazy = lazy(preload);
  // A page whose code is already here renders at once: React's lazy would wait a turn even then, and a server-drawn
  // page taken over in two turns is drawn again from scratch as soon as anything above it changes.
  const Page = () => createElement(loaded ?? Lazy);
  return { Page, preload };
}
