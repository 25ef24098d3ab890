import type { PlayerProfilePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** GET /player/get?username= (404 playerNotFound for an unknown name). */
export function getPlayer(
  api: ApiClient,
  username: string,
  signal?: AbortSignal,
): Promise<{ player: PlayerProfilePayload }> {
  return api.get<{ player: PlayerProfilePayload }>(
    '/players/get',
    { username },
    { signal, defaultErrorHandler: false },
  );
}

/** The flag of an ISO 3166 alpha-2 country code, as regional indicator letters; '' for anything else. */
export function flagOf(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
