import type { GamePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/** POST /game/confirm (docs/product.md#states Verify): the opponent's submission or 'Opponent left' report is right; the result is final. */
export function verifyResult(api: ApiClient, gameId: number): Promise<GamePayload> {
  return withServerClock(() => api.post<GamePayload>('/game/confirm', { game_id: gameId }));
}
