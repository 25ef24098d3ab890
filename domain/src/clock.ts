/**
 * The injectable clock, so tests control time. Domain rules never read the time; processes hand them `now`
 * from a Clock. Production uses the system clock; a shiftable clock, moved only through a test-only mechanism
 * that is off in production (TEST_CLOCK), lets tests reach the 12- and 15-minute marks without waiting.
 */
export interface Clock {
  now(): Date;
}

/** A clock that runs with its source but can be moved forward or set, e.g. by tests. */
export interface ShiftableClock extends Clock {
  /** Milliseconds this clock runs ahead of its source (negative when behind). */
  offsetMs(): number;
  /** Moves the clock by `ms` (forward when positive). */
  advance(ms: number): void;
  /** Sets the clock to `instant`; it keeps running from there. */
  set(instant: Date): void;
}

/** Wraps a millisecond source (`Date.now` in a process) in a clock that tests may shift. */
export function createShiftableClock(source: () => number, startOffsetMs = 0): ShiftableClock {
  let offset = startOffsetMs;
  return {
    now: () => new Date(source() + offset),
    offsetMs: () => offset,
    advance: (ms) => {
      offset += ms;
    },
    set: (instant) => {
      offset = instant.getTime() - source();
    },
  };
}
