import type { GamePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/** POST /game/escalate (docs/product.md#states Protest): the game goes to conflict, for an admin to decide. */
export function protestResult(api: ApiClient, gameId: number): Promise<GamePayload> {
  return withServerClock(() => api.post<GamePayload>('/game/escalate', { game_id: gameId }));
}
