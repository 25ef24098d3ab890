import {
  DEFAULT_TIME_ZONE,
  SIGNED_OUT_VIEWER,
  identityVisibility,
  publicIdentity,
  type EloPoint,
  type GroupRankingEntry,
  type PastSeasonEntry,
  type PlayerGameEntry,
  type PlayerProfilePayload,
} from '@ecup/domain';
import type { GroupRankingRow, ProfileRow } from '../queries/players.ts';

/**
 * Whether a profile page may be indexed and listed in the sitemap at `now`: not a minor's (docs/rules.md "What
 * others see of a player").
 */
export function profileIndexable(row: ProfileRow, now: Date): boolean {
  return identityVisibility(row, SIGNED_OUT_VIEWER, now, row.season_time_zone ?? DEFAULT_TIME_ZONE).indexable;
}

/**
 * A player's public page (GET /player/get): the profile row, the season's ratings and the last final games. The page
 * is the same for every reader (it is cached as one), so it shows what a visitor may see (docs/rules.md "What others
 * see of a player"); staff read the rest in the console.
 */
export function presentProfile(
  row: ProfileRow,
  history: { start: number; points: EloPoint[] },
  games: PlayerGameEntry[],
  pastSeasons: PastSeasonEntry[],
  now: Date,
): PlayerProfilePayload {
  const shown = publicIdentity(row, SIGNED_OUT_VIEWER, now, row.season_time_zone ?? DEFAULT_TIME_ZONE);
  return {
    id: row.id,
    username: row.username,
    first_name: shown.first_name,
    last_name: shown.last_name,
    avatar_hash: row.avatar_hash,
    country: row.country_code === null ? null : { code: row.country_code, name: row.country_name ?? '' },
    team: shown.team_name === null ? null : { name: shown.team_name, avatar_hash: shown.team_avatar_hash },
    fifa_team_name: row.fifa_team_name,
    console: row.console,
    gamer_tag: shown.gamer_tag,
    elo: row.elo,
    rank: row.rank,
    games_played: row.games_played,
    wins: row.wins,
    ties: row.ties,
    losses: row.losses,
    scored_goals: row.scored_goals,
    conceded_goals: row.conceded_goals,
    secured_trophies: row.secured_trophies,
    forum_post_count: row.forum_post_count,
    season_start_elo: history.start,
    elo_history: history.points,
    games,
    past_seasons: pastSeasons,
  };
}

/** One row of the country or club table. */
export function presentGroupRankingEntry(row: GroupRankingRow): GroupRankingEntry {
  return {
    rank: row.rank,
    key: row.key,
    name: row.name,
    players: row.players,
    average_elo: row.average_elo,
    games: row.games,
    secured_trophies: row.secured_trophies,
    best_player: { username: row.best_username, elo: row.best_elo, avatar_hash: row.best_avatar_hash },
  };
}
