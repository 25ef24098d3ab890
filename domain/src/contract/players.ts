import type { ConsoleId } from '../constants.ts';
import type { TeamPayload } from './accounts.ts';
import type { PastSeasonEntry } from './seasons.ts';

/**
 * A player's public page (GET /player/get) and their own game history (GET /user/history). A profile never carries
 * the e-mail address, the birth date or the age.
 */

/** A game's state as the history names it (the games table's states). */
export const HISTORY_STATES = ['playing', 'submitted', 'conflict', 'dropped', 'final'] as const;
export type HistoryState = (typeof HISTORY_STATES)[number];

/** One of a player's games, from that player's side. */
export interface PlayerGameEntry {
  game_id: number;
  state: HistoryState;
  opponent: { id: number; username: string; avatar_hash: string | null };
  /** The player's and the opponent's goals; null while no score is in. */
  score_own: number | null;
  score_opponent: number | null;
  /** The player's rating change by this game; null until the game is final. */
  elo_change: number | null;
  /** True when the game went to a conflict (solved or not). */
  conflict: boolean;
  /** When the game was made final, else when it started (ISO 8601). */
  at: string;
}

/** One point of a player's rating over the season: the rating after a final game. */
export interface EloPoint {
  game_id: number;
  at: string;
  elo: number;
}

/** GET /players/get?username= (the page is /player/{username}) */
export interface PlayerProfilePayload {
  id: number;
  username: string;
  /** Null when hidden (docs/rules.md "What others see of a player"): a minor's, or an adult's choice. */
  first_name: string | null;
  last_name: string | null;
  avatar_hash: string | null;
  country: { code: string; name: string } | null;
  /** The real-life team (IRL; null for a minor) and the team played with in the game. */
  team: TeamPayload | null;
  fifa_team_name: string;
  console: ConsoleId;
  /** Null for a minor. */
  gamer_tag: string | null;
  elo: number;
  /** The place in the Elo ranking; null while the player is not ranked (no game yet, or banned). */
  rank: number | null;
  games_played: number;
  wins: number;
  ties: number;
  losses: number;
  scored_goals: number;
  conceded_goals: number;
  secured_trophies: number;
  forum_post_count: number;
  /** The rating at the start of the season (the first point of the chart). */
  season_start_elo: number;
  /** The rating after each final game of the current season, oldest first. */
  elo_history: EloPoint[];
  /** The last 20 final games, newest first. */
  games: PlayerGameEntry[];
  /** Finished seasons the player played in, newest first: final place and Elo. */
  past_seasons: PastSeasonEntry[];
}

/** GET /user/history?state=&start=&amount= */
export interface PlayerHistoryResponse {
  games: PlayerGameEntry[];
  total: number;
}

/** Sort orders of the country and club tables. */
export const GROUP_RANKING_SORTS = ['average_elo', 'players', 'games', 'secured_trophies'] as const;
export type GroupRankingSort = (typeof GROUP_RANKING_SORTS)[number];

/** One row of the country or club table: the ranked players who share a country or a real-life team. */
export interface GroupRankingEntry {
  /** The place by the asked order in the whole table (kept under a search). */
  rank: number;
  /** The country's ISO code (countries) or the team's name (clubs). */
  key: string;
  /** The country's or the team's name. */
  name: string;
  players: number;
  average_elo: number;
  /** Games played by its players (a game between two of them counts for both). */
  games: number;
  secured_trophies: number;
  best_player: { username: string; elo: number; avatar_hash: string | null };
}

/** What a group table groups by, and the API call that reads it (the pages are /ranking/countries and /ranking/clubs). */
export const GROUP_RANKING_CALLS = { countries: '/ranking/country_list', clubs: '/ranking/club_list' } as const;
export type PlayerGroup = keyof typeof GROUP_RANKING_CALLS;

/** GET /ranking/country_list and GET /ranking/club_list */
export interface GroupRankingResponse {
  rows: GroupRankingEntry[];
  total: number;
}
