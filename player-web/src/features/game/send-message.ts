import type { ChatPresetKey, ChatSendResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/**
 * POST /game/chat/send_message (docs/product.md#calls): one chat line, typed (`message`) or a quick message (`preset`);
 * the answer is the stored line (null when the server dropped it) and a notice when parts of it were hidden. Too
 * fast (429), too long (400) or not allowed in this game (403) shows the server's message in the Error popover.
 */
export function sendMessage(
  api: ApiClient,
  input: { gameId: number } & ({ message: string } | { preset: ChatPresetKey }),
): Promise<ChatSendResponse> {
  const { gameId, ...line } = input;
  return api.post<ChatSendResponse>('/game/chat/send_message', { game_id: gameId, ...line });
}
