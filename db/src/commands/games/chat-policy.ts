import type { Knex } from 'knex';
import { CHAT_MODE_DEFAULT, DEFAULT_TIME_ZONE, chatPolicy, isChatMode, isMinorIn, type ChatPolicy } from '@ecup/domain';
import { birthDateOf } from '../accounts/resend-guardian-mail.ts';
import type { GameRow } from './game-row.ts';

/**
 * What a game's chat allows at `now` (issue 18, decisions §10): from the two players' ages on the current date in
 * the season's time zone and the season's `chat_mode`. Symmetric, so the same for both players.
 */
export async function gameChatPolicy(
  knex: Knex,
  game: Pick<GameRow, 'season_id' | 'user_1_id' | 'user_2_id'>,
  now: Date,
): Promise<ChatPolicy> {
  const [season, players] = await Promise.all([
    knex('seasons').where('id', game.season_id).first('chat_mode', 'time_zone') as Promise<
      { chat_mode: string; time_zone: string } | undefined
    >,
    knex('users').whereIn('id', [game.user_1_id, game.user_2_id]).select('id', 'birth_date') as Promise<
      { id: number; birth_date: Date | string }[]
    >,
  ]);
  const zone = season?.time_zone ?? DEFAULT_TIME_ZONE;
  const mode = isChatMode(season?.chat_mode) ? season.chat_mode : CHAT_MODE_DEFAULT;
  const minor = (userId: number) => {
    const row = players.find((player) => Number(player.id) === userId);
    return row ? isMinorIn(birthDateOf(row.birth_date), now, zone) : false;
  };
  return chatPolicy(mode, minor(game.user_1_id), minor(game.user_2_id));
}
