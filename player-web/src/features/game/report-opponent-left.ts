import type { GamePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/** POST /game/dropped (docs/product.md#states 'Opponent left'): reports that the opponent (`droppedUserId`) left the game. */
export function reportOpponentLeft(
  api: ApiClient,
  input: { gameId: number; droppedUserId: number },
): Promise<GamePayload> {
  return withServerClock(() =>
    api.post<GamePayload>('/game/dropped', { game_id: input.gameId, dropped_user_id: input.droppedUserId }),
  );
}
