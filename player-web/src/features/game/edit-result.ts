import type { GamePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/**
 * POST /admin/games/edit (docs/product.md#calls; canResolveConflicts): a moderator sets the final score, in game order. It closes
 * a conflict (status Solved) and updates Elo, stats and trophies (docs/decisions.md#matchmaking).
 */
export function editResult(
  api: ApiClient,
  input: { gameId: number; score1: number; score2: number },
): Promise<GamePayload> {
  return withServerClock(() =>
    api.post<GamePayload>('/admin/games/edit', { game_id: input.gameId, score1: input.score1, score2: input.score2 }),
  );
}
