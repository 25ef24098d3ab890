import type { Knex } from 'knex';
import { OPPONENT_VIEWER, type GamePlayer, type IdentityViewer, type MatchPayload } from '@ecup/domain';
import { PLAYER_CARD_COLUMNS, presentGamePlayer, type PlayerRow } from '../presenters/players.ts';
import { presentMatch } from '../presenters/matches.ts';
import type { MatchRow } from './queue.ts';
import { seasonZoneColumn } from './privacy.ts';

/** The rows of players' cards by id, with the current season's time zone, in one query. */
export async function gamePlayerRows(knex: Knex, ids: readonly number[]): Promise<PlayerRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows: PlayerRow[] = await knex('users')
    .whereIn('id', unique)
    .select([...PLAYER_CARD_COLUMNS, seasonZoneColumn(knex)]);
  return rows;
}

/**
 * The player cards of a match or game (a user without private fields), by id. One query for any number of
 * players; the match card, the game screen and the `score` event all show players this way. Only the game's
 * players and staff see these cards, so the default viewer is the opponent (who needs the gamer tag to play).
 */
export async function loadGamePlayers(
  knex: Knex,
  ids: readonly number[],
  now: Date,
  viewer: IdentityViewer = OPPONENT_VIEWER,
): Promise<Map<number, GamePlayer>> {
  const rows = await gamePlayerRows(knex, ids);
  return new Map(rows.map((row) => [row.id, presentGamePlayer(row, viewer, now)]));
}

/** Match payloads for any number of matches, with one query for all their players. */
export async function matchPayloads(knex: Knex, matches: readonly MatchRow[], now: Date): Promise<MatchPayload[]> {
  const players = await loadGamePlayers(
    knex,
    matches.flatMap((m) => [m.user_1_id, m.user_2_id]),
    now,
  );
  return matches.map((match) => presentMatch(match, players, now));
}
