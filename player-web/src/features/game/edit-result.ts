import type { GamePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/**
 * POST /admin/games/edit (spec §7; canResolveConflicts): a moderator sets the final score, in game order. It closes
 * a conflict (status Solved) and updates Elo, stats and trophies (decisions §5).
 */
export function editResult(
  api: ApiClient,
  input: { gameId: number; score1: number; score2: number },
): Promise<GamePayload> {
  return withServerClock(() =>
    api.post<GamePayload>('/admin/games/edit', { game_id: input.gameId, score1: input.score1, score2: input.score2 }),
  );
}
