import type { ChatMessagePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/**
 * POST /game/chat/send_message (spec §7): one chat line; the answer is the stored line (null when the server dropped
 * it). Too fast (429) or too long (400) shows the server's message in the Error popover.
 */
export function sendMessage(
  api: ApiClient,
  input: { gameId: number; message: string },
): Promise<{ message: ChatMessagePayload | null }> {
  return api.post<{ message: ChatMessagePayload | null }>('/game/chat/send_message', {
    game_id: input.gameId,
    message: input.message,
  });
}
