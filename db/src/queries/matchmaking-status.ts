import type { Knex } from 'knex';
import type { MatchmakingStatus } from '@ecup/domain';
import { matchPayloads } from './game-players.ts';
import { openGameId } from './active-game.ts';
import { findEntry, findMatch } from './queue.ts';

/**
 * Where a player stands in the play loop (docs/product.md#states Queue; the answer of every /matchmaking call): 'matched' with the
 * pending match, 'queued' with the start of the queue timer, 'playing' with the open game (OPEN_GAME_STATES), or
 * 'idle'. Read inside a command's transaction it includes that command's own writes.
 */
export async function matchmakingStatus(knex: Knex, userId: number, now: Date): Promise<MatchmakingStatus> {
  const base = { queued_at_ms: null, match: null, game_id: null, server_time_ms: now.getTime() };
  const entry = await findEntry(knex, userId);
  if (entry) {
    const queued_at_ms = new Date(entry.entered_at).getTime();
    const match = entry.match_id === null ? undefined : await findMatch(knex, entry.match_id);
    if (match?.state === 'pending') {
      const [payload] = await matchPayloads(knex, [match], now);
      return { ...base, state: 'matched', queued_at_ms, match: payload! };
    }
    return { ...base, state: 'queued', queued_at_ms };
  }
  const gameId = await openGameId(knex, userId);
  if (gameId !== null) return { ...base, state: 'playing', game_id: gameId };
  return { ...base, state: 'idle' };
}
