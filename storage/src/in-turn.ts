/**
 * A limit on how many pieces of heavy work (image re-encoding) run at once in this process:
 * `inTurn(work)` starts `work` when one of `slots` is free; the rest wait in the order they came. Each piece still
 * costs what it did; only how many share the CPU, memory and libuv's thread pool at one time changes.
 */
export function createTurns(slots: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running < slots) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
