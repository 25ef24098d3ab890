import type { VerifyAnswer } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';
import { withServerClock } from '../../lib/server-clock.ts';

/**
 * POST /game/confirm (Verify): the opponent's submission or 'Opponent left' report is right; the result is
 * final. Answers the game's summary alone, which the page merges into the chat and evidence it shows.
 */
export function verifyResult(api: ApiClient, gameId: number): Promise<VerifyAnswer> {
  return withServerClock(() => api.post<VerifyAnswer>('/game/confirm', { game_id: gameId }));
}
