import type { PastSeasonEntry, SeasonListEntry, SeasonPageResponse, SeasonPayload, SeasonPlayer } from '@ecup/domain';
import type { SeasonFields } from '@ecup/domain';
import {
  SEASON_FIELD_COLUMNS,
  type PastSeasonRow,
  type SeasonListRow,
  type SeasonPlayerRow,
  type SeasonRecord,
  type SeasonStandingRow,
  type SeasonWinnersRows,
} from '../queries/seasons.ts';

const seconds = (date: Date | null) => (date ? Math.floor(new Date(date).getTime() / 1000) : null);

/**
 * The season as GET /season/current answers it (docs/decisions.md#season-and-time), and as the worker pushes it to every player at the
 * weekly window's opening and closing: one payload, so an open app reads both alike.
 */
export function presentSeason(season: SeasonRecord): SeasonPayload {
  return {
    id: season.id,
    name: season.name,
    product_name: season.product_name,
    qualifiers_start: seconds(season.qualifiers_start)!,
    qualifiers_end: seconds(season.qualifiers_end)!,
    time_zone: season.time_zone,
    window_start_minute: season.window_start_minute,
    window_end_minute: season.window_end_minute,
    finals_date: seconds(season.finals_date),
    trophy_hunt_end: seconds(season.trophy_hunt_end)!,
    prizes_text: season.prizes_text,
    max_games_per_week: season.max_games_per_week,
    start_countdown_at: seconds(season.start_countdown_at ?? season.qualifiers_start)!,
  };
}

/** A season as GET /season/list and GET /season/get name it. */
export function presentSeasonListEntry(row: SeasonListRow): SeasonListEntry {
  return {
    id: row.id,
    name: row.name,
    product_name: row.product_name,
    qualifiers_start: seconds(row.qualifiers_start)!,
    qualifiers_end: seconds(row.qualifiers_end)!,
    current: row.current,
    players: row.players,
  };
}

function presentSeasonPlayer(row: SeasonPlayerRow): SeasonPlayer {
  return {
    username: row.username,
    country: row.country_code === null ? null : { code: row.country_code, name: row.country_name ?? '' },
  };
}

/** GET /season/get: a season with its final top 100, weekly round winners and trophy-hunt winners. */
export function presentSeasonPage(
  season: SeasonListRow,
  standings: SeasonStandingRow[],
  winners: SeasonWinnersRows,
): SeasonPageResponse {
  return {
    season: presentSeasonListEntry(season),
    standings: standings.map((row) => ({
      ...presentSeasonPlayer(row),
      rank: row.rank,
      elo: row.elo,
      wins: row.wins,
      ties: row.ties,
      losses: row.losses,
      games_played: row.games_played,
    })),
    round_winners: winners.round_winners.map((row) => ({
      ...presentSeasonPlayer(row),
      round: row.round,
      week_date: row.week_date,
      elo_gain: row.elo_gain,
    })),
    trophy_winners: winners.trophy_winners.map((week) => ({
      round: week.round,
      week_date: week.week_date,
      winners: week.winners.map(presentSeasonPlayer),
    })),
  };
}

/** A profile's past season. */
export function presentPastSeason(row: PastSeasonRow): PastSeasonEntry {
  return { season_id: row.season_id, name: row.name, rank: row.rank, elo: row.elo, games_played: row.games_played };
}

/** Only the editable fields of a season. */
export function seasonFieldsOf(season: SeasonFields): SeasonFields {
  return Object.fromEntries(SEASON_FIELD_COLUMNS.map((key) => [key, season[key]])) as unknown as SeasonFields;
}

/** The fields as JSON for the audit log and `--json`: instants as ISO strings. */
export function seasonJson(season: Partial<SeasonRecord>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(season).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}
