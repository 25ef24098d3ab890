import type { ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '@ecup/domain';

/** Thrown when a page's code could not be loaded (spec §8: a failed or slow chunk load reports a load error). */
export class ChunkLoadError extends Error {}

/**
 * A lazily loaded route (issue: routes lazy-loaded so the first page is light). A chunk that fails, or takes longer
 * than 120 s, rejects with ChunkLoadError; the route's error element shows it.
 */
export function lazyRoute(load: () => Promise<{ Component: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const module = await Promise.race([
        load(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_TIMEOUT_MS);
        }),
      ]);
      return { Component: module.Component };
    } catch (error) {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(String(error));
    } finally {
      clearTimeout(timer);
    }
  };
}
