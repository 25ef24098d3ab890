/**
 * The game result state machine (docs/product.md#states "Game result", docs/decisions.md#matchmaking) as pure functions over a snapshot of a game
 * and the user acting on it. Each check answers ok or the refusal with its message with the code and the kind the API turns
 * into a status (invalid 400, not_found 404, conflict 409, forbidden 403). The database commands call these under a
 * row lock, so the rule and the write see the same state.
 *
 *   playing ──submit (from 12 min)──▶ submitted ──verify──▶ final
 *      │                                  │ protest, or no answer in 15 min
 *      └──'Opponent left' (any time)──▶ dropped ──────────────▶ conflict ──admin edit──▶ final (solved)
 *                                          └──verify (forfeit)──▶ final
 *
 * An admin may also edit a submitted, dropped or final result; editing a final result replaces it.
 */
import { CONFLICT_ESCALATION_MS, FORFEIT_WIN_SCORE, RESULT_ENTRY_DELAY_MS } from './constants.ts';
import type { GameStateName } from './contract/games.ts';
import { message, type Message, type MessageName } from './messages.ts';
import { PERMISSIONS, has, type PermissionSubject } from './permissions.ts';

/**
 * Game states in which a player still has a game to finish (docs/decisions.md#matchmaking: no queueing with an open game).
 * A game in conflict waits for a moderator and does not hold the players back.
 */
export const OPEN_GAME_STATES: readonly GameStateName[] = ['playing', 'submitted', 'dropped'];

/** States in which a result waits for the opponent's answer (verify or protest) and can escalate (docs/decisions.md#matchmaking). */
export const ANSWERABLE_GAME_STATES: readonly GameStateName[] = ['submitted', 'dropped'];

/** States in which players may upload evidence (docs/product.md#states: "In conflict players can upload evidence"; docs/rules.md). */
export const EVIDENCE_GAME_STATES: readonly GameStateName[] = ['submitted', 'dropped', 'conflict'];

/** States in which a moderator may set the score (docs/decisions.md#matchmaking; a game still being played has no result). */
export const EDITABLE_GAME_STATES: readonly GameStateName[] = ['submitted', 'dropped', 'conflict', 'final'];

/** What the rules read of a game; times are instants (the row's `created_at` and `submitted_at`). */
export interface GameSnapshot {
  state: GameStateName;
  user_1_id: number;
  user_2_id: number;
  created_at: Date;
  submitted_at: Date | null;
  submitted_user_id: number | null;
  confirmed_user_id: number | null;
  dropped_user_id: number | null;
}

/** The signed-in user acting on a game. */
export interface GameActor {
  id: number;
  permissions: PermissionSubject;
}

/** How the API answers a refusal (CommandRejected kinds: 400, 404, 409, 403). */
export type GameRefusalKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden';

/** The answer of every check: ok, or the refusal's kind and its message with the code. */
export type GameCheck = { ok: true } | ({ ok: false; kind: GameRefusalKind } & Message);

const OK: GameCheck = { ok: true };
const refuse = (kind: GameRefusalKind, code: MessageName): GameCheck => ({ ok: false, kind, ...message(code) });

/** True when `userId` is one of the game's two players. */
export function isGamePlayer(game: Pick<GameSnapshot, 'user_1_id' | 'user_2_id'>, userId: number): boolean {
  return game.user_1_id === userId || game.user_2_id === userId;
}

/** The other player of the game, or null when `userId` is not a player. */
export function opponentOf(game: Pick<GameSnapshot, 'user_1_id' | 'user_2_id'>, userId: number): number | null {
  if (game.user_1_id === userId) return game.user_2_id;
  if (game.user_2_id === userId) return game.user_1_id;
  return null;
}

/**
 * Who may see a game, its chat and its evidence (docs/product.md#roles, docs/decisions.md#real-time): its two players and staff with
 * canResolveConflicts. Everyone else is answered as if the game did not exist.
 */
export function canSeeGame(game: Pick<GameSnapshot, 'user_1_id' | 'user_2_id'>, actor: GameActor): boolean {
  return isGamePlayer(game, actor.id) || has(actor.permissions, PERMISSIONS.canResolveConflicts);
}

/** 404 for a user who may not see the game (the same answer as a missing game). */
export function checkView(game: GameSnapshot, actor: GameActor): GameCheck {
  return canSeeGame(game, actor) ? OK : refuse('not_found', 'gameNotFound');
}

/** When the result form opens, in unix ms: 12 minutes after the game started (docs/product.md#states, docs/product.md#constants). */
export function resultOpensAtMs(game: Pick<GameSnapshot, 'created_at'>): number {
  return game.created_at.getTime() + RESULT_ENTRY_DELAY_MS;
}

/**
 * When an unanswered submission or 'Opponent left' report goes to conflict, in unix ms: 15 minutes after it was
 * made (docs/decisions.md#matchmaking). Null in every other state.
 */
export function escalatesAtMs(game: Pick<GameSnapshot, 'state' | 'submitted_at'>): number | null {
  if (!ANSWERABLE_GAME_STATES.includes(game.state) || game.submitted_at === null) return null;
  return game.submitted_at.getTime() + CONFLICT_ESCALATION_MS;
}

/** True once an unanswered submission or report is due for conflict (docs/decisions.md#matchmaking: "within 15 min"). */
export function isEscalationDue(game: Pick<GameSnapshot, 'state' | 'submitted_at'>, now: Date): boolean {
  const at = escalatesAtMs(game);
  return at !== null && now.getTime() >= at;
}

/** The refusal of a result call made after the game has moved past 'playing' (docs/decisions.md#matchmaking: 409). */
function alreadyMovedOn(game: GameSnapshot): GameCheck {
  if (game.state === 'final') return refuse('conflict', 'gameAlreadyFinal');
  if (game.state === 'conflict') return refuse('conflict', 'gameInConflict');
  return refuse('conflict', 'resultAlreadySubmitted');
}

/** Players only: strangers get 404, staff who are not players 403 (they may look, not play). */
function playerOnly(game: GameSnapshot, actor: GameActor): GameCheck {
  if (isGamePlayer(game, actor.id)) return OK;
  return canSeeGame(game, actor) ? refuse('forbidden', 'noPermission') : refuse('not_found', 'gameNotFound');
}

/**
 * Submitting a score (docs/product.md#states): a player of a game that is still 'playing', from 12 minutes after its start. The
 * first submission wins; a second one, or one after the game moved on, is a 409.
 */
export function checkSubmit(game: GameSnapshot, actor: GameActor, now: Date): GameCheck {
  const player = playerOnly(game, actor);
  if (!player.ok) return player;
  if (game.state !== 'playing') return alreadyMovedOn(game);
  if (now.getTime() < resultOpensAtMs(game)) return refuse('conflict', 'resultNotOpenYet');
  return OK;
}

/**
 * 'Opponent left' (docs/product.md#states dropped): a player of a game still 'playing' names their opponent, at any time (a
 * no-show can be reported at once). Naming anyone else is a 400.
 */
export function checkReportDropped(game: GameSnapshot, actor: GameActor, droppedUserId: number | undefined): GameCheck {
  const player = playerOnly(game, actor);
  if (!player.ok) return player;
  if (droppedUserId === undefined || droppedUserId !== opponentOf(game, actor.id)) {
    return refuse('invalid', 'droppedUserInvalid');
  }
  if (game.state !== 'playing') return alreadyMovedOn(game);
  return OK;
}

/**
 * The player who answers the pending result: the opponent of the submitter, or the player reported as having
 * left. Null when nothing waits for an answer.
 */
export function answeringPlayerOf(game: GameSnapshot): number | null {
  if (game.state === 'submitted' && game.submitted_user_id !== null) {
    return opponentOf(game, game.submitted_user_id);
  }
  if (game.state === 'dropped') return game.dropped_user_id;
  return null;
}

/** Shared by verify and protest: only the other player answers a submission or a dropped report. */
function checkAnswer(game: GameSnapshot, actor: GameActor, action: 'verify' | 'protest'): GameCheck {
  const player = playerOnly(game, actor);
  if (!player.ok) return player;
  if (game.state === 'final') {
    const verifiedTwice = action === 'verify' && game.confirmed_user_id === actor.id;
    return refuse('conflict', verifiedTwice ? 'resultAlreadyVerified' : 'gameAlreadyFinal');
  }
  if (game.state === 'conflict') return refuse('conflict', 'gameInConflict');
  if (answeringPlayerOf(game) !== actor.id) return refuse('conflict', 'nothingToVerify');
  return OK;
}

/** Verify (docs/product.md#states): the other player confirms the submitted score or the 'Opponent left' report; it becomes final. */
export function checkVerify(game: GameSnapshot, actor: GameActor): GameCheck {
  return checkAnswer(game, actor, 'verify');
}

/** Protest (docs/product.md#states): the other player disputes the submitted score or the report; the game goes to conflict. */
export function checkProtest(game: GameSnapshot, actor: GameActor): GameCheck {
  return checkAnswer(game, actor, 'protest');
}

/**
 * Evidence (docs/product.md#states): either player, once a result was submitted or reported and until it is final. Staff look at
 * evidence but do not upload it.
 */
export function checkUploadEvidence(game: GameSnapshot, actor: GameActor): GameCheck {
  const player = playerOnly(game, actor);
  if (!player.ok) return player;
  if (game.state === 'final') return refuse('conflict', 'gameAlreadyFinal');
  if (!EVIDENCE_GAME_STATES.includes(game.state)) return refuse('conflict', 'evidenceNotOpen');
  return OK;
}

/** Chat (docs/product.md#roles): the two players and staff with canResolveConflicts, in every state of the game. */
export function checkChat(game: GameSnapshot, actor: GameActor): GameCheck {
  return checkView(game, actor);
}

/**
 * A chat line is styled as a moderator's (docs/product.md#entities class_name 'admin', docs/product.md#roles) when its author may resolve conflicts and
 * is not one of the players.
 */
export function isAdminChat(game: GameSnapshot, actor: GameActor): boolean {
  return !isGamePlayer(game, actor.id) && has(actor.permissions, PERMISSIONS.canResolveConflicts);
}

/**
 * A moderator's score edit (docs/product.md#states, docs/decisions.md#matchmaking): needs canResolveConflicts (403) and a result to edit (409 while
 * 'playing'). A moderator never edits a game they played in (403).
 */
export function checkAdminEdit(game: GameSnapshot, actor: GameActor): GameCheck {
  if (!has(actor.permissions, PERMISSIONS.canResolveConflicts)) return refuse('forbidden', 'noPermission');
  if (isGamePlayer(game, actor.id)) return refuse('forbidden', 'noPermission');
  if (!EDITABLE_GAME_STATES.includes(game.state)) return refuse('conflict', 'gameNotReadyForEdit');
  return OK;
}

/**
 * The score of a confirmed 'Opponent left' report, in game order (docs/rules.md): a FORFEIT_WIN_SCORE–0 win for the
 * player who stayed.
 */
export function forfeitScore(
  game: Pick<GameSnapshot, 'user_1_id' | 'user_2_id'>,
  droppedUserId: number,
): { score_1: number; score_2: number } {
  return droppedUserId === game.user_1_id
    ? { score_1: 0, score_2: FORFEIT_WIN_SCORE }
    : { score_1: FORFEIT_WIN_SCORE, score_2: 0 };
}

/**
 * Scores in game order (score_1 is user_1's goals) from a player's own view: the player app asks "your goals,
 * their goals" and swaps when the player is user 2 (docs/product.md#calls /game/submit).
 */
export function scoresInGameOrder(
  game: Pick<GameSnapshot, 'user_1_id' | 'user_2_id'>,
  userId: number,
  own: number,
  opponent: number,
): { score_1: number; score_2: number } {
  return userId === game.user_2_id ? { score_1: opponent, score_2: own } : { score_1: own, score_2: opponent };
}

/** What one final result adds to one player's stats (docs/product.md#entities User; docs/decisions.md#matchmaking). */
export interface PlayerStatsDelta {
  wins: number;
  losses: number;
  ties: number;
  scored_goals: number;
  conceded_goals: number;
  games_played: number;
}

/**
 * The stats a final score adds to each player (docs/product.md#states "Score update events update goals, wins, losses, ties of both
 * players"): one game played each, a win and a loss or a tie each, and the goals both ways.
 */
export function statsDelta(score_1: number, score_2: number): { user_1: PlayerStatsDelta; user_2: PlayerStatsDelta } {
  const one = (own: number, other: number): PlayerStatsDelta => ({
    wins: own > other ? 1 : 0,
    losses: own < other ? 1 : 0,
    ties: own === other ? 1 : 0,
    scored_goals: own,
    conceded_goals: other,
    games_played: 1,
  });
  return { user_1: one(score_1, score_2), user_2: one(score_2, score_1) };
}
