import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_TIMEOUT_MS } from '@ecup/domain';
import { trackPageChunk } from '../lib/navigation-progress.ts';

/** Thrown when a page's code could not be loaded (spec §8: a failed or slow chunk load reports a load error). */
export class ChunkLoadError extends Error {}

/** A page whose code is its own chunk: the component to render and a way to start loading it early. */
export interface LazyPage {
  Page: LazyExoticComponent<ComponentType>;
  /** Starts loading the chunk (at most once); the page renders without waiting when it has arrived. */
  preload(): Promise<unknown>;
}

/**
 * A lazily loaded page (issue: routes lazy-loaded so the first page is light). A chunk that fails, or takes longer
 * than 120 s, rejects with ChunkLoadError, which the layout's error boundary shows.
 */
export function lazyPage(load: () => Promise<{ Component: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
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
  return { Page: lazy(preload), preload };
}
