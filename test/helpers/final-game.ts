import { RESULT_ENTRY_DELAY_MS } from '@ecup/domain';
import { buildGame } from './factories.ts';
import { client, type Credentials } from './http.ts';
import type { TestServer } from './server.ts';
import { signedInUser } from './sockets.ts';

/** A signed-in player by id, as games and Elo tests use them. */
export interface GamePlayer {
  id: number;
  auth: Credentials;
}

export async function gamePlayer(
  server: TestServer,
  overrides: Parameters<typeof signedInUser>[1] = {},
): Promise<GamePlayer> {
  const { user, auth } = await signedInUser(server.knex, overrides);
  return { id: user.id, auth };
}

/**
 * A final result through the real calls: a game whose result form is open, user 1 submits, user 2 verifies. Returns
 * the game's id.
 */
export async function playFinal(
  server: TestServer,
  one: GamePlayer,
  two: GamePlayer,
  score_1: number,
  score_2: number,
): Promise<number> {
  const api = client(server.url);
  const id = await buildGame(server.knex, {
    user_1_id: one.id,
    user_2_id: two.id,
    created_at: new Date(server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
  });
  const submitted = await api.postJson('/game/submit', { game_id: id, score_1, score_2 }, { auth: one.auth });
  if (submitted.status !== 200) throw new Error(`submit answered ${submitted.status}`);
  const confirmed = await api.postJson('/game/confirm', { game_id: id }, { auth: two.auth });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  return id;
}
