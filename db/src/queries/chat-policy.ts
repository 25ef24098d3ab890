import type { Knex } from 'knex';
import {
  CHAT_MODE_DEFAULT,
  DEFAULT_TIME_ZONE,
  birthDateOf,
  chatPolicy,
  isChatMode,
  isMinorIn,
  type ChatPolicy,
} from '@ecup/domain';
import type { Game } from '../models/Game.ts';

type GamePlayers = Pick<Game, 'season_id' | 'user_1_id' | 'user_2_id'>;

/** What a game's chat allows at `now` and which of its two players are minors then. */
export interface GameChatAges {
  policy: ChatPolicy;
  minor_1: boolean;
  minor_2: boolean;
}

/** What one chat line needs to know besides the game: the ages and policy, the sender's mute, who blocked them. */
export interface ChatSendContext extends GameChatAges {
  muted_until: Date | null;
  /** Players of the game who blocked the sender. */
  blocker_ids: number[];
}

/** The season's mode and zone and both birth dates, from one row of `chatRead`. */
function agesOf(row: Record<string, unknown> | undefined, now: Date): GameChatAges {
  const zone = typeof row?.time_zone === 'string' ? row.time_zone : DEFAULT_TIME_ZONE;
  const mode = isChatMode(row?.chat_mode) ? row.chat_mode : CHAT_MODE_DEFAULT;
  const minor = (birth: unknown) =>
    birth === null || birth === undefined ? false : isMinorIn(birthDateOf(birth as Date | string), now, zone);
  const minor_1 = minor(row?.birth_1);
  const minor_2 = minor(row?.birth_2);
  return { policy: chatPolicy(mode, minor_1, minor_2), minor_1, minor_2 };
}

/** One read of the season's chat mode and time zone and both players' birth dates. */
function chatRead(knex: Knex, game: GamePlayers) {
  return knex('users as p1')
    .join('users as p2', 'p2.id', knex.raw('?', [game.user_2_id]))
    .leftJoin('seasons as season', 'season.id', knex.raw('?', [game.season_id]))
    .where('p1.id', game.user_1_id)
    .first('season.chat_mode', 'season.time_zone', 'p1.birth_date as birth_1', 'p2.birth_date as birth_2');
}

/**
 * What a game's chat allows at `now` (docs/decisions.md#minors-safety): from the two players' ages on the current date in
 * the season's time zone and the season's `chat_mode`, in one read. Symmetric, so the same for both players.
 */
export async function gameChatAges(knex: Knex, game: GamePlayers, now: Date): Promise<GameChatAges> {
  return agesOf((await chatRead(knex, game)) as Record<string, unknown> | undefined, now);
}

/** {@link gameChatAges}' policy alone, for a game's payload. */
export async function gameChatPolicy(knex: Knex, game: GamePlayers, now: Date): Promise<ChatPolicy> {
  return (await gameChatAges(knex, game, now)).policy;
}

/**
 * Everything a chat line checks before it is stored, in one joined read (the chat's hot path): the policy and ages
 * of {@link gameChatAges}, the sender's chat mute, and which players of the game blocked the sender.
 */
export async function chatSendContext(
  knex: Knex,
  game: GamePlayers,
  senderId: number,
  now: Date,
): Promise<ChatSendContext> {
  const row = (await chatRead(knex, game)
    .join('users as sender', 'sender.id', knex.raw('?', [senderId]))
    .leftJoin('blocks as block_1', (on) =>
      on.on('block_1.blocker_user_id', 'p1.id').andOn('block_1.blocked_user_id', 'sender.id'),
    )
    .leftJoin('blocks as block_2', (on) =>
      on.on('block_2.blocker_user_id', 'p2.id').andOn('block_2.blocked_user_id', 'sender.id'),
    )
    .select(
      'sender.chat_muted_until',
      'block_1.blocker_user_id as blocker_1',
      'block_2.blocker_user_id as blocker_2',
    )) as Record<string, unknown> | undefined;
  const muted = row?.chat_muted_until as Date | null | undefined;
  return {
    ...agesOf(row, now),
    muted_until: muted ? new Date(muted) : null,
    blocker_ids: [row?.blocker_1, row?.blocker_2].filter((id) => id !== null && id !== undefined).map(Number),
  };
}
