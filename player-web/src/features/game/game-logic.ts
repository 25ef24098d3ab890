import {
  has,
  type ChatMessagePayload,
  type EvidencePayload,
  type GamePayload,
  type GamePlayer,
  type GameSummary,
  type MessageName,
  type PermissionSubject,
} from '@ecup/domain';
import type { StatusTone } from '../../components/status-chip.tsx';

/** The two seats of a game, in game order (score_1 is user_1's goals). */
export type Seat = 'user_1' | 'user_2';

/** Who is looking at the game: one of its players, a moderator (canResolveConflicts, not a player), or anyone else. */
export type Viewer = { kind: 'player'; seat: Seat } | { kind: 'staff' } | { kind: 'other' };

/**
 * docs/product.md#roles: the players see their game; a user whose session may use canResolveConflicts (docs/decisions.md#permissions: not a
 * password-only session of an account that needs a second factor) and who is not a player sees it as staff.
 */
export function viewerOf(
  game: Pick<GameSummary, 'user_1' | 'user_2'>,
  user: { id: number; session_permissions: PermissionSubject } | null,
): Viewer {
  if (!user) return { kind: 'other' };
  if (game.user_1.id === user.id) return { kind: 'player', seat: 'user_1' };
  if (game.user_2.id === user.id) return { kind: 'player', seat: 'user_2' };
  return has(user.session_permissions, 'canResolveConflicts') ? { kind: 'staff' } : { kind: 'other' };
}

/** The other seat. */
export function otherSeat(seat: Seat): Seat {
  return seat === 'user_1' ? 'user_2' : 'user_1';
}

/**
 * The result form asks "your score / opponent's score"; the wire is in game order (docs/product.md#calls: "swapped if submitter
 * is user 2").
 */
export function toGameOrder(mine: number, theirs: number, seat: Seat): { score_1: number; score_2: number } {
  return seat === 'user_1' ? { score_1: mine, score_2: theirs } : { score_1: theirs, score_2: mine };
}

/** A game's score from one seat: the player's own goals first. */
export function fromGameOrder(
  game: Pick<GameSummary, 'score_1' | 'score_2'>,
  seat: Seat,
): { mine: number | null; theirs: number | null } {
  return seat === 'user_1'
    ? { mine: game.score_1, theirs: game.score_2 }
    : { mine: game.score_2, theirs: game.score_1 };
}

/** The player in a seat, their score and their Elo change. */
export function seatOf(
  game: GameSummary,
  seat: Seat,
): { player: GamePlayer; score: number | null; eloChange: number | null } {
  return seat === 'user_1'
    ? { player: game.user_1, score: game.score_1, eloChange: game.elo_change_1 }
    : { player: game.user_2, score: game.score_2, eloChange: game.elo_change_2 };
}

/**
 * The result state as the chip shows it (docs/product.md#states labels): Unverified while a submission waits for the opponent,
 * dropped while an 'Opponent left' report waits, Conflict while an admin has to decide, and for a final result
 * Verified when the opponent verified it, Confirmed when an admin set it after a conflict. Null while playing.
 */
export function resultStatus(
  game: Pick<GameSummary, 'state' | 'conflict'>,
): { message: MessageName; tone: StatusTone } | null {
  switch (game.state) {
    case 'playing':
      return null;
    case 'submitted':
      return { message: 'statusUnverified', tone: 'waiting' };
    case 'dropped':
      return { message: 'statusDropped', tone: 'dropped' };
    case 'conflict':
      return { message: 'statusConflict', tone: 'conflict' };
    case 'final':
      return game.conflict ? { message: 'statusConfirmed', tone: 'done' } : { message: 'statusVerified', tone: 'done' };
  }
}

/** An Elo change with its sign: +12, −8 (a real minus sign), ±0. */
export function formatEloChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${Math.abs(change)}`;
  return '\u00b10';
}

/** Whether evidence can be uploaded now (docs/decisions.md#matchmaking: once a result was submitted, dropped or protested). */
export function evidenceOpen(game: Pick<GameSummary, 'state'>): boolean {
  return game.state === 'submitted' || game.state === 'dropped' || game.state === 'conflict';
}

/** A `score` event's summary applied to the loaded game; its chat and evidence stay. */
export function withSummary(game: GamePayload, summary: GameSummary): GamePayload {
  return { ...game, ...summary, messages: game.messages, evidence: game.evidence };
}

/** A chat line or piece of evidence added once, whether it comes from the answer or the event first. */
export function appendOnce<T extends ChatMessagePayload | EvidencePayload>(list: readonly T[], item: T): T[] {
  return list.some((existing) => existing.id === item.id) ? [...list] : [...list, item];
}

/** A freshly read game that keeps the chat lines and evidence already shown but missing from it, in id order. */
export function withPushed(read: GamePayload, shown: GamePayload): GamePayload {
  const union = <T extends { id: number }>(a: readonly T[], b: readonly T[]) => {
    const ids = new Set(a.map((item) => item.id));
    return [...a, ...b.filter((item) => !ids.has(item.id))].sort((x, y) => x.id - y.id);
  };
  return { ...read, messages: union(read.messages, shown.messages), evidence: union(read.evidence, shown.evidence) };
}
