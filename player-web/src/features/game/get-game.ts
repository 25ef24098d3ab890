import type { GamePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/** GET /game/get (docs/product.md#calls): the game with its chat and evidence. An unknown game (or not the caller's) is a 404. */
export function getGame(api: ApiClient, gameId: number, signal?: AbortSignal): Promise<GamePayload> {
  return withServerClock(() =>
    api.get<GamePayload>('/game/get', { id: gameId }, { signal, defaultErrorHandler: false }),
  );
}
