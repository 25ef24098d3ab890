/**
 * Pure arithmetic of the trophy hunt page (docs/product.md#screens-and-routes Trophy hunt page, docs/product.md#states Trophy; docs/decisions.md#trophy-hunt): the pool's fill
 * level, wins left to secure, and the answers' second counts turned into instants on the server's clock, so the
 * page counts down every second without asking again.
 */
import {
  TROPHY_ACTIVE_MS,
  TROPHY_POOL_SIZE,
  TROPHY_WINS_TO_SECURE,
  type TrophyHolderPayload,
  type TrophyHoldersResponse,
  type TrophyStatsResponse,
} from '@ecup/domain';

/** How full the pool is drawn: trophies left out of the pool's size, from 0 (empty) to 1 (full). */
export function poolFill(left: number, size: number = TROPHY_POOL_SIZE): number {
  if (!(size > 0) || !Number.isFinite(left)) return 0;
  return Math.min(1, Math.max(0, left / size));
}

/** docs/product.md#screens-and-routes: wins left until a held trophy is secured, 3 minus its wins in a row (never below 0). */
export function winsLeft(wins: number): number {
  return Math.max(0, TROPHY_WINS_TO_SECURE - Math.max(0, Math.floor(wins)));
}

/** A streak as the page writes it, "1/3": wins in a row so far out of the wins that secure a trophy. */
export function streakOf(wins: number): { wins: number; of: number } {
  return { wins: Math.min(TROPHY_WINS_TO_SECURE, Math.max(0, Math.floor(wins))), of: TROPHY_WINS_TO_SECURE };
}

/** The instant (server clock, unix ms) a countdown of `seconds`, read at `serverTimeMs`, reaches 0. */
export function deadlineOf(seconds: number, serverTimeMs: number): number {
  return serverTimeMs + Math.max(0, seconds) * 1000;
}

/**
 * The end of a trophy's active window. The server rounds seconds up, so a trophy taken a moment ago can read as a
 * second over the 2-day window; it never lasts longer than the window.
 */
export function windowEndOf(seconds: number, serverTimeMs: number): number {
  return deadlineOf(Math.min(seconds, TROPHY_ACTIVE_MS / 1000), serverTimeMs);
}

/** One unsecured trophy of the signed-in player, its 2-day window as an instant. */
export interface HeldTrophyView {
  id: number;
  wins: number;
  expires_at_ms: number;
}

/** The signed-in player's part of the stats. */
export interface MyTrophies {
  secured: number;
  unsecured: number;
  trophies: HeldTrophyView[];
}

/** GET /trophy/get_stats with its countdowns as instants on the server's clock. */
export interface TrophyHuntView {
  trophies_left: number;
  pool_size: number;
  hunt_ended: boolean;
  /** When the hunt starts (with the qualifiers); null once it has. */
  hunt_starts_at_ms: number | null;
  hunt_ends_at_ms: number;
  /** Null when no further reset comes before the hunt ends. */
  reset_at_ms: number | null;
  /** Null when the answer was for a visitor who is not signed in. */
  mine: MyTrophies | null;
  /** When the server answered. */
  read_at_ms: number;
}

/** Reads a stats answer into instants (the answer's `server_time_ms` plus each countdown). */
export function trophyHuntView(stats: TrophyStatsResponse): TrophyHuntView {
  const at = stats.server_time_ms;
  return {
    trophies_left: stats.trophies_left,
    pool_size: stats.pool_size > 0 ? stats.pool_size : TROPHY_POOL_SIZE,
    hunt_ended: stats.hunt_ended,
    hunt_starts_at_ms: stats.hunt_starts_in ? deadlineOf(stats.hunt_starts_in, at) : null,
    hunt_ends_at_ms: deadlineOf(stats.hunt_ends_in, at),
    reset_at_ms: stats.trophy_reset_countdown === null ? null : deadlineOf(stats.trophy_reset_countdown, at),
    mine:
      stats.trophies === undefined
        ? null
        : {
            secured: stats.secured_trophies ?? 0,
            unsecured: stats.unsecured_trophies ?? stats.trophies.length,
            trophies: stats.trophies.map((trophy) => ({
              id: trophy.id,
              wins: trophy.wins,
              expires_at_ms: windowEndOf(trophy.time_active, at),
            })),
          },
    read_at_ms: at,
  };
}

/** A current holder with the trophy's active window as an instant. */
export interface HolderView extends Omit<TrophyHolderPayload, 'time_active'> {
  expires_at_ms: number;
}

/** Reads a holders answer into instants; the server's order (closest to securing first) stays. */
export function holdersView(answer: TrophyHoldersResponse): HolderView[] {
  return answer.holders.map(({ time_active, ...holder }) => ({
    ...holder,
    expires_at_ms: windowEndOf(time_active, answer.server_time_ms),
  }));
}

/**
 * The next moment the page changes by itself: the start of the hunt, the pool reset, its end or a trophy going back
 * to the pool. The page reads the stats again then. Only moments after the answer count, so a countdown the server
 * already reports as 0 does not make the page ask again and again.
 */
export function nextChangeAt(view: TrophyHuntView, holders: readonly HolderView[] = []): number | null {
  if (view.hunt_ended) return null;
  const moments = [
    view.hunt_starts_at_ms,
    view.hunt_ends_at_ms,
    view.reset_at_ms,
    ...(view.mine?.trophies ?? []).map((trophy) => trophy.expires_at_ms),
    ...holders.map((holder) => holder.expires_at_ms),
  ].filter((at): at is number => at !== null && at > view.read_at_ms);
  return moments.length === 0 ? null : Math.min(...moments);
}
