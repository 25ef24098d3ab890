import type { GamePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/** POST /game/submit (docs/product.md#calls): the result in game order (score_1 is user_1's goals; see toGameOrder). */
export function submitResult(
  api: ApiClient,
  input: { gameId: number; score_1: number; score_2: number },
): Promise<GamePayload> {
  return withServerClock(() =>
    api.post<GamePayload>('/game/submit', { game_id: input.gameId, score_1: input.score_1, score_2: input.score_2 }),
  );
}
