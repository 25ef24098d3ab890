/**
 * Payloads of the trophy hunt (docs/product.md#entities Trophy stats, docs/product.md#calls /trophy/get_stats; docs/decisions.md#trophy-hunt). Countdowns are whole
 * seconds as in the spec (`trophy_reset_countdown`, `time_active`); answers also carry `server_time_ms` so the page
 * ticks on the server's clock.
 */

/** One unsecured trophy the signed-in player holds (docs/product.md#entities: id, wins, time_active). */
export interface HeldTrophyPayload {
  id: number;
  /** Wins in a row so far (0-2; three secure it). */
  wins: number;
  /** Seconds of its 2-day active window left. */
  time_active: number;
}

/**
 * GET /trophy/get_stats. For everyone: the pool and the timers. `trophy_reset_countdown` is null when no further
 * reset comes before the hunt ends (before the hunt starts it counts down to the first pool); `hunt_ends_in` is 0
 * once it has ended (`hunt_ended` true). For a signed-in player also their held trophies and counts (absent when
 * signed out).
 */
export interface TrophyStatsResponse {
  trophies_left: number;
  pool_size: number;
  trophy_reset_countdown: number | null;
  /** Seconds until the hunt starts (with the qualifiers); 0 once it has. Always sent by the API. */
  hunt_starts_in?: number;
  hunt_ends_in: number;
  hunt_ended: boolean;
  server_time_ms: number;
  trophies?: HeldTrophyPayload[];
  secured_trophies?: number;
  unsecured_trophies?: number;
}

/** One current holder of an unsecured trophy (the live list of whom to beat). */
export interface TrophyHolderPayload {
  trophy_id: number;
  user_id: number;
  username: string;
  avatar_hash: string | null;
  /** Null for a minor (docs/rules.md "What others see of a player"). */
  gamer_tag: string | null;
  /** Wins in a row so far (0-2). */
  wins: number;
  /** Seconds of the trophy's active window left. */
  time_active: number;
  online: boolean;
}

/** GET /trophy/holders: every current holder, the closest to securing first. */
export interface TrophyHoldersResponse {
  holders: TrophyHolderPayload[];
  server_time_ms: number;
}
