import {
  TROPHY_POOL_SIZE,
  countdownSeconds,
  huntTimers,
  publicIdentity,
  type HeldTrophyPayload,
  type HuntSeason,
  type IdentityViewer,
  type TrophyHolderPayload,
  type TrophyStatsResponse,
} from '@ecup/domain';
import type { TrophyHolderRow } from '../queries/trophies.ts';

/** The signed-in player's part of the stats. */
export interface MyTrophies {
  trophies: HeldTrophyPayload[];
  secured_trophies: number;
  unsecured_trophies: number;
}

/**
 * GET /trophy/get_stats (docs/product.md#entities Trophy stats, docs/product.md#calls; docs/decisions.md#trophy-hunt). Countdowns are whole seconds rounded up. Before
 * the hunt the pool shows full and the reset countdown counts to the first pool; after the end nothing is left to
 * win (0) and no reset comes (null). Without a season the hunt reads as ended. The player's fields are only there
 * when signed in, so the page can tell a visitor by their absence.
 */
export function presentTrophyStats(input: {
  season: HuntSeason | null;
  pool: { left: number; size: number } | null;
  mine: MyTrophies | null;
  now: Date;
}): TrophyStatsResponse {
  const { season, pool, mine, now } = input;
  const timers = season ? huntTimers(season, now) : null;
  const ended = timers?.ended ?? true;
  const response: TrophyStatsResponse = {
    trophies_left: ended ? 0 : (pool?.left ?? TROPHY_POOL_SIZE),
    pool_size: pool?.size ?? TROPHY_POOL_SIZE,
    trophy_reset_countdown: timers && timers.next_pool_in_ms !== null ? countdownSeconds(timers.next_pool_in_ms) : null,
    hunt_starts_in: timers ? countdownSeconds(timers.starts_in_ms) : 0,
    hunt_ends_in: timers ? countdownSeconds(timers.ends_in_ms) : 0,
    hunt_ended: ended,
    server_time_ms: now.getTime(),
  };
  if (mine) {
    response.trophies = mine.trophies;
    response.secured_trophies = mine.secured_trophies;
    response.unsecured_trophies = mine.unsecured_trophies;
  }
  return response;
}

/**
 * One holder on GET /trophy/holders: the trophy's streak and active seconds left, and whether they are online. A
 * minor's gamer tag is left out, and a visitor sees a minor as offline (docs/rules.md "What others see of a
 * player"); `timeZone` is the season's.
 */
export function presentTrophyHolder(
  row: TrophyHolderRow,
  online: boolean,
  now: Date,
  privacy: { viewer: IdentityViewer; timeZone: string },
): TrophyHolderPayload {
  const shown = publicIdentity(
    { ...row, first_name: '', last_name: '', team_name: '', team_avatar_hash: null },
    privacy.viewer,
    now,
    privacy.timeZone,
  );
  return {
    trophy_id: row.trophy_id,
    user_id: row.user_id,
    username: row.username,
    avatar_hash: row.avatar_hash,
    gamer_tag: shown.gamer_tag,
    wins: row.wins,
    time_active: countdownSeconds(row.expires_at.getTime() - now.getTime()),
    online: online && shown.show_online,
  };
}
