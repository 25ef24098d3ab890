import type { PlayerProfilePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** GET /player/get?username= (404 playerNotFound for an unknown name). */
export function getPlayer(
  api: ApiClient,
  username: string,
  signal?: AbortSignal,
): Promise<{ player: PlayerProfilePayload }> {
  return api.get<{ player: PlayerProfilePayload }>(PLAYER_GET, { username }, { signal, defaultErrorHandler: false });
}

/** The player the server-rendered page was drawn with (getPlayer's answer), if it has it. */
export function drawnPlayer(api: ApiClient, username: string): { player: PlayerProfilePayload } | undefined {
  return api.peek<{ player: PlayerProfilePayload }>(PLAYER_GET, { username });
}

const PLAYER_GET = '/players/get';
