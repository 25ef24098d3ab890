/**
 * Seasons as players read them: ratings belong to a season; a finished season keeps its final
 * standings, and its weekly round winners and trophy-hunt winners stay on its page.
 */

/** One season of GET /season/list, newest first. */
export interface SeasonListEntry {
  id: number;
  name: string;
  product_name: string;
  /** Qualifiers' start and end (Unix seconds). */
  qualifiers_start: number;
  qualifiers_end: number;
  /** True for the season the live ratings belong to (its table is the ranking). */
  current: boolean;
  /** Players with a final standing kept (0 for the current season). */
  players: number;
}

/** GET /season/list */
export interface SeasonListResponse {
  seasons: SeasonListEntry[];
}

/** A player as a season's page names them. */
export interface SeasonPlayer {
  username: string;
  country: { code: string; name: string } | null;
}

/** One row of a finished season's final top 100. */
export interface SeasonStandingEntry extends SeasonPlayer {
  rank: number;
  elo: number;
  wins: number;
  ties: number;
  losses: number;
  games_played: number;
}

/** A week's round winner (the week's biggest Elo gain, docs/rules.md "Prizes"). */
export interface SeasonRoundWinnerEntry extends SeasonPlayer {
  /** 1 for the season's first week. */
  round: number;
  /** Monday of the week in the season's zone, YYYY-MM-DD. */
  week_date: string;
  elo_gain: number;
}

/** A week's trophy-hunt winners (docs/decisions.md#trophy-hunt), in order. */
export interface SeasonTrophyWeek {
  round: number;
  week_date: string;
  winners: SeasonPlayer[];
}

/** GET /season/get?id= */
export interface SeasonPageResponse {
  season: SeasonListEntry;
  /** The final top 100; empty for the current season (its table is the ranking). */
  standings: SeasonStandingEntry[];
  round_winners: SeasonRoundWinnerEntry[];
  trophy_winners: SeasonTrophyWeek[];
}

/** A past season on a profile: the final place (null when not ranked) and Elo. */
export interface PastSeasonEntry {
  season_id: number;
  name: string;
  rank: number | null;
  elo: number;
  games_played: number;
}

/** How many final standings a season's page shows. */
export const SEASON_PAGE_STANDINGS = 100;
