import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { PageDataContext, useHydrating } from './page-data.ts';

/**
 * The server's clock as this browser sees it. Every deadline of the play loop is a unix-millisecond instant on the
 * server's clock, and every answer that carries one also carries `server_time_ms` (domain contract/games.ts): a
 * browser whose clock is wrong, or a server whose clock a test has moved, still counts down correctly.
 */

/**
 * The offset to add to this browser's clock to get the server's, from an answer stamped `serverTimeMs` that was
 * asked for at `sentAtMs` and arrived at `receivedAtMs` (local clock). The server stamped it somewhere in between,
 * so the midpoint is the best guess; a slow answer (several retries) is read at its arrival, because the stamp is
 * closer to the end of a long wait than to its start.
 */
export function clockOffset(serverTimeMs: number, sentAtMs: number, receivedAtMs: number): number {
  const roundTrip = receivedAtMs - sentAtMs;
  const localAtStamp = roundTrip >= 0 && roundTrip <= SLOW_ANSWER_MS ? sentAtMs + roundTrip / 2 : receivedAtMs;
  return Math.round(serverTimeMs - localAtStamp);
}

/** Answers slower than this are read at their arrival (see clockOffset). */
const SLOW_ANSWER_MS = 2_000;

let offset = 0;
const listeners = new Set<() => void>();

/** The server's current time in unix ms (this browser's clock plus the last known offset). */
export function serverNow(): number {
  return Date.now() + offset;
}

/** The last known offset of the server's clock (ms ahead of this browser). */
export function serverOffset(): number {
  return offset;
}

/**
 * Learns the server's clock from an answer's `server_time_ms`. Without `sentAtMs` (a pushed event) the stamp is
 * taken as of now; one-way latency is far below the second the countdowns show.
 */
export function syncServerClock(serverTimeMs: number, sentAtMs?: number): void {
  if (!Number.isFinite(serverTimeMs)) return;
  const received = Date.now();
  const next = clockOffset(serverTimeMs, sentAtMs ?? received, received);
  if (next === offset) return;
  offset = next;
  for (const listener of listeners) listener();
}

/** Calls `read`, then learns the server's clock from the answer's `server_time_ms`. */
export async function withServerClock<T extends { server_time_ms: number }>(read: () => Promise<T>): Promise<T> {
  const sent = Date.now();
  const answer = await read();
  syncServerClock(answer.server_time_ms, sent);
  return answer;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The server's time, re-rendered every `tickMs` while `active` (and at once when the offset changes). Countdowns
 * pass false when nothing is counting, so an idle screen does not re-render.
 */
export function useServerNow(active = true, tickMs = 1_000): number {
  const known = useSyncExternalStore(subscribe, serverOffset, serverOffset);
  // A server-rendered page's countdowns show the moment it was drawn until the app has taken it over.
  const { renderedAt } = useContext(PageDataContext);
  const hydrating = useHydrating();
  const [now, setNow] = useState(() => (hydrating && renderedAt !== undefined ? renderedAt : Date.now() + known));
  useEffect(() => {
    setNow(Date.now() + known);
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now() + serverOffset()), tickMs);
    return () => clearInterval(timer);
  }, [active, tickMs, known]);
  return now;
}
