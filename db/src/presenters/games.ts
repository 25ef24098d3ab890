import type { Knex } from 'knex';
import {
  CHAT_HISTORY_MAX,
  OPPONENT_VIEWER,
  escalatesAtMs,
  isChatPresetKey,
  resultOpensAtMs,
  type ChatMessagePayload,
  type EvidencePayload,
  type GamePayload,
  type GameSummary,
  type IdentityViewer,
} from '@ecup/domain';
import { CommandRejected } from '../commands/types.ts';
import { gameChatPolicy } from '../queries/chat-policy.ts';
import type { GameRow } from '../models/Game.ts';
import { findGame } from '../queries/games.ts';
import type { ChatMessage } from '../models/ChatMessage.ts';
import type { Evidence } from '../models/Evidence.ts';
import type { User } from '../models/User.ts';
import { loadGamePlayers } from './players.ts';

const seconds = (value: Date) => Math.floor(value.getTime() / 1000);

/** A `chat_messages` row joined with its author's name and picture (`chatRows`); `is_admin` is TINYINT 0/1. */
export type ChatLineRow = Pick<ChatMessage, 'id' | 'user_id' | 'content' | 'preset' | 'created_at'> &
  Pick<User, 'username' | 'avatar_hash'> & { is_admin: number | boolean };

/** An `evidence` row joined with its uploader's name (`evidenceRows`). */
export type EvidenceRow = Pick<Evidence, 'id' | 'user_id' | 'youtube_id' | 'evidence_hash' | 'created_at'> &
  Pick<User, 'username'>;

/** A chat row joined with its author (spec §3 Chat message): `name` is the username; moderators get class 'admin'. */
export function presentChatMessage(row: ChatLineRow): ChatMessagePayload {
  const message: ChatMessagePayload = {
    id: row.id,
    user_id: row.user_id,
    name: row.username,
    avatar_hash: row.avatar_hash,
    content: row.content,
    inserted: seconds(row.created_at),
  };
  if (row.is_admin) message.class_name = 'admin';
  if (isChatPresetKey(row.preset)) message.preset = row.preset;
  return message;
}

/** An evidence row joined with its uploader (spec §3 Evidence). */
export function presentEvidence(row: EvidenceRow): EvidencePayload {
  return {
    id: row.id,
    youtube_id: row.youtube_id,
    evidence_hash: row.evidence_hash,
    user_id: row.user_id,
    username: row.username,
    inserted: seconds(row.created_at),
  };
}

/** Chat rows with their authors' names, for one game or one message. */
export function chatRows(knex: Knex) {
  return knex('chat_messages')
    .join('users', 'users.id', 'chat_messages.user_id')
    .select(
      'chat_messages.id',
      'chat_messages.user_id',
      'chat_messages.content',
      'chat_messages.is_admin',
      'chat_messages.preset',
      'chat_messages.created_at',
      'users.username',
      'users.avatar_hash',
    );
}

/** Evidence rows with their uploaders' names. */
export function evidenceRows(knex: Knex) {
  return knex('evidence')
    .join('users', 'users.id', 'evidence.user_id')
    .select(
      'evidence.id',
      'evidence.user_id',
      'evidence.youtube_id',
      'evidence.evidence_hash',
      'evidence.created_at',
      'users.username',
    );
}

async function rowFor(knex: Knex, game: GameRow | number): Promise<GameRow> {
  if (typeof game !== 'number') return game;
  const row = await findGame(knex, game);
  if (!row) throw new CommandRejected('not_found', 'gameNotFound');
  return row;
}

/**
 * A game without chat and evidence (spec §3 Game; the `score` event): both player cards, scores in game order,
 * the state flags, when the result form opens and when an unanswered result escalates (decisions §5), each
 * player's Elo change once final, and the server's time so the client counts down correctly. The cards are drawn for
 * the game's players unless `viewer` says otherwise (the console's staff).
 */
export async function gameSummary(
  knex: Knex,
  game: GameRow | number,
  now: Date,
  viewer: IdentityViewer = OPPONENT_VIEWER,
): Promise<GameSummary> {
  const row = await rowFor(knex, game);
  const players = await loadGamePlayers(knex, [row.user_1_id, row.user_2_id], now, viewer);
  const final = row.state === 'final';
  const change = (before: number | null, after: number | null) =>
    final && before !== null && after !== null ? after - before : null;
  return {
    id: row.id,
    user_1: players.get(row.user_1_id)!,
    user_2: players.get(row.user_2_id)!,
    score_1: row.score_1,
    score_2: row.score_2,
    inserted: seconds(row.created_at),
    state: row.state,
    submitted_user_id: row.submitted_user_id,
    confirmed_user_id: row.confirmed_user_id,
    dropped_user_id: row.dropped_user_id,
    conflict: row.conflict,
    conflict_solved: row.conflict_solved,
    result_opens_at_ms: resultOpensAtMs(row),
    escalates_at_ms: escalatesAtMs(row),
    elo_change_1: change(row.elo_1_before, row.elo_1_after),
    elo_change_2: change(row.elo_2_before, row.elo_2_after),
    server_time_ms: now.getTime(),
  };
}

/**
 * GET /game/get (spec §3 Game, §7): the summary with the last CHAT_HISTORY_MAX chat lines (oldest first), every
 * piece of evidence (oldest first) and what the players' chat allows (issue 18). A missing game is a 404; who may see it is the caller's check.
 */
export async function gamePayload(
  knex: Knex,
  game: GameRow | number,
  now: Date,
  viewerId: number | null = null,
): Promise<GamePayload> {
  const row = await rowFor(knex, game);
  const [summary, extras] = await Promise.all([gameSummary(knex, row, now), chatAndEvidence(knex, row, now, viewerId)]);
  return { ...summary, ...extras };
}

/**
 * The part of a game's payload besides its summary: the last CHAT_HISTORY_MAX chat lines, all evidence and what the
 * players' chat allows at `now`. With a viewer, lines by players the viewer blocked are left out (decisions §10).
 */
export async function chatAndEvidence(
  knex: Knex,
  game: GameRow,
  now: Date,
  viewerId: number | null = null,
): Promise<Pick<GamePayload, 'messages' | 'evidence' | 'chat_policy' | 'opponent_blocked'>> {
  const lines = chatRows(knex).where('chat_messages.game_id', game.id);
  if (viewerId !== null) {
    lines.whereNotExists(
      knex('blocks')
        .where('blocks.blocker_user_id', viewerId)
        .whereRaw('blocks.blocked_user_id = chat_messages.user_id')
        .select(knex.raw('1')),
    );
  }
  // The other player, when the viewer plays in the game: whether the viewer blocked them.
  const opponentId = viewerId === game.user_1_id ? game.user_2_id : viewerId === game.user_2_id ? game.user_1_id : null;
  const [messages, evidence, chat_policy, block] = await Promise.all([
    lines.orderBy('chat_messages.id', 'desc').limit(CHAT_HISTORY_MAX),
    evidenceRows(knex).where('evidence.game_id', game.id).orderBy('evidence.id', 'asc'),
    gameChatPolicy(knex, game, now),
    opponentId === null || viewerId === null
      ? null
      : knex('blocks').where({ blocker_user_id: viewerId, blocked_user_id: opponentId }).first('blocked_user_id'),
  ]);
  return {
    messages: (messages as ChatLineRow[]).reverse().map(presentChatMessage),
    evidence: (evidence as EvidenceRow[]).map(presentEvidence),
    chat_policy,
    opponent_blocked: block !== null && block !== undefined,
  };
}

/** The summary part of a payload, for the `score` event (no chat, no evidence). */
export function summaryOf(payload: GamePayload): GameSummary {
  const {
    messages: _messages,
    evidence: _evidence,
    chat_policy: _policy,
    opponent_blocked: _blocked,
    ...summary
  } = payload;
  return summary;
}
