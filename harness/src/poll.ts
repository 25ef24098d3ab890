import { inspect } from 'node:util';

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

export interface PollOptions {
  /** What is awaited, named in the error on timeout (a function is read then, so it can count what arrived). */
  what: string | (() => string);
  timeoutMs: number;
  /** The pause between two checks. */
  intervalMs?: number;
  /** A check that throws counts as "not yet" (a server still starting) rather than failing the wait. */
  retryOnError?: boolean;
}

/**
 * Runs `check` until it gives a truthy value and returns that value. After `timeoutMs` it throws an error naming
 * `what` and the check's last value (or last error), so a failed wait says what was seen instead of only "timeout".
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { what, timeoutMs, intervalMs = 100, retryOnError = false }: PollOptions,
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let last: unknown;
    try {
      last = await check();
      if (last) return last as Truthy<T>;
    } catch (error) {
      if (!retryOnError) throw error;
      last = error;
    }
    if (Date.now() > deadline) {
      const name = typeof what === 'string' ? what : what();
      const seen = inspect(last, { depth: 2, breakLength: Infinity, maxStringLength: 500 });
      throw new Error(`${name}: not within ${timeoutMs} ms (last: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
