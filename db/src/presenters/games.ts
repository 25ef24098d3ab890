import {
  escalatesAtMs,
  isChatPresetKey,
  resultOpensAtMs,
  type ChatMessagePayload,
  type EvidencePayload,
  type GamePayload,
  type ChatPolicy,
  type GamePlayer,
  type GameSummary,
} from '@ecup/domain';
import type { GameRow } from '../models/Game.ts';
import type { ChatMessage } from '../models/ChatMessage.ts';
import type { Evidence } from '../models/Evidence.ts';
import type { User } from '../models/User.ts';

const seconds = (value: Date) => Math.floor(value.getTime() / 1000);

/** A `chat_messages` row joined with its author's name and picture (`chatRows`); `is_admin` is TINYINT 0/1. */
export type ChatLineRow = Pick<ChatMessage, 'id' | 'user_id' | 'content' | 'preset' | 'created_at'> &
  Pick<User, 'username' | 'avatar_hash'> & { is_admin: number | boolean };

/** An `evidence` row joined with its uploader's name (`evidenceRows`). */
export type EvidenceRow = Pick<Evidence, 'id' | 'user_id' | 'youtube_id' | 'evidence_hash' | 'created_at'> &
  Pick<User, 'username'>;

/** A chat row joined with its author (docs/product.md#entities Chat message): `name` is the username; moderators get class 'admin'. */
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

/** An evidence row joined with its uploader (docs/product.md#entities Evidence). */
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

/**
 * A game without chat and evidence (docs/product.md#entities Game; the `score` event): both player cards, scores in game order,
 * the state flags, when the result form opens and when an unanswered result escalates (docs/decisions.md#matchmaking), each
 * player's Elo change once final, and the server's time so the client counts down correctly.
 */
export function presentGameSummary(row: GameRow, players: ReadonlyMap<number, GamePlayer>, now: Date): GameSummary {
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

/** What a game's payload shows besides its summary, as read: chat lines newest first, evidence oldest first. */
export interface GameExtrasRows {
  messages: ChatLineRow[];
  evidence: EvidenceRow[];
  chat_policy: ChatPolicy;
  opponent_blocked: boolean;
}

/** The part of a game's payload besides its summary: the chat lines oldest first, the evidence, the chat's policy. */
export function presentGameExtras(
  rows: GameExtrasRows,
): Pick<GamePayload, 'messages' | 'evidence' | 'chat_policy' | 'opponent_blocked'> {
  return {
    messages: [...rows.messages].reverse().map(presentChatMessage),
    evidence: rows.evidence.map(presentEvidence),
    chat_policy: rows.chat_policy,
    opponent_blocked: rows.opponent_blocked,
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
