import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useDrawn } from './page-data.ts';

/** One read's state on a screen: before its first answer, its answer, or its failure. */
export type ReadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/**
 * A screen's read: `load` runs when the screen shows and again when `deps` change or `retry` is called; an answer
 * to an older question is dropped. `drawn` is the answer the server-rendered page was drawn with (the API client's
 * `peek`), taken once at the start: the screen starts with it and reads nothing more until `deps` change, so its
 * first render in the browser is the server's.
 */
export function useRead<T>(
  drawn: () => T | undefined,
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): ReadState<T> & { retry(): void } {
  const data = useDrawn(drawn);
  const [state, setState] = useState<ReadState<T>>(() =>
    data === undefined ? { status: 'loading' } : { status: 'ready', data },
  );
  const [attempt, setAttempt] = useState(0);
  /** Whether the state still holds the server's answer, which the first run of the effect keeps. */
  const keepDrawn = useRef(state.status === 'ready');

  useEffect(() => {
    if (keepDrawn.current) {
      keepDrawn.current = false;
      return;
    }
    const controller = new AbortController();
    setState((current) => (current.status === 'loading' ? current : { status: 'loading' }));
    load(controller.signal)
      .then((data) => {
        if (!controller.signal.aborted) startTransition(() => setState({ status: 'ready', data }));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      });
    return () => controller.abort();
    // `load` is the caller's function for `deps`: a new function alone is not a new question.
  }, [...deps, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
