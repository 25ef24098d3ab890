/**
 * Payloads of the play loop (docs/product.md#entities Game, Chat message, Evidence, Conflict; docs/product.md#calls matchmaking, game and conflict
 * calls; docs/decisions.md#real-time, docs/decisions.md#matchmaking). Field names are the spec's snake_case. Times named `inserted` are unix seconds as in
 * the spec; deadlines the client counts down to are unix milliseconds (`_ms`), and every answer that carries one
 * also carries `server_time_ms`, so a client with a wrong clock (or a test clock on the server) counts correctly.
 */
import type { ConsoleId } from '../constants.ts';
import type { TeamPayload, UserStats } from './accounts.ts';
import type { HeldTrophyPayload } from './trophies.ts';
import type { ChatPolicy, ChatPresetKey } from '../chat.ts';

/** The stored states of a game (docs/decisions.md#matchmaking). */
export type GameStateName = 'playing' | 'submitted' | 'dropped' | 'conflict' | 'final';

/**
 * A player as the match card and the game screen show them (docs/product.md#entities User, without private fields). What the viewer
 * may not see of the player (docs/rules.md "What others see of a player") is null: a minor's names and IRL club, an
 * adult's hidden real name; the gamer tag reaches the game's players.
 */
export interface GamePlayer extends UserStats {
  id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  avatar_hash: string | null;
  console: ConsoleId;
  gamer_tag: string | null;
  team: TeamPayload | null;
  fifa_team_name: string;
}

/** A pending match (docs/product.md#states "matched"): both players, who has accepted, and the accept deadline. */
export interface MatchPayload {
  id: number;
  user_1: GamePlayer;
  user_2: GamePlayer;
  user_1_accepted: boolean;
  user_2_accepted: boolean;
  /** End of the 30 s accept window (the client's countdown reaches 0 here; the server clears 2 s later). */
  deadline_ms: number;
  server_time_ms: number;
}

/** Where the signed-in player stands in the play loop; the client re-reads it after a reconnect. */
export type MatchmakingStateName = 'idle' | 'queued' | 'matched' | 'playing';

/**
 * Answer of every /matchmaking call and of GET /matchmaking/status (docs/decisions.md#matchmaking; "not shown" in the spec).
 * `queued_at_ms` starts the queue timer; `game_id` is set in state 'playing'.
 */
export interface MatchmakingStatus {
  state: MatchmakingStateName;
  queued_at_ms: number | null;
  match: MatchPayload | null;
  game_id: number | null;
  server_time_ms: number;
}

/** A chat line (docs/product.md#entities Chat message); `class_name` 'admin' styles a moderator's message. */
export interface ChatMessagePayload {
  id: number;
  user_id: number;
  name: string;
  avatar_hash: string | null;
  content: string;
  class_name?: 'admin';
  /** A quick message's key: `content` holds its English text, the app shows the reader's language. */
  preset?: ChatPresetKey;
  inserted: number;
}

/** One piece of evidence (docs/product.md#entities Evidence): a YouTube video id or an uploaded image (id under `evidence/`). */
export interface EvidencePayload {
  id: number;
  youtube_id: string | null;
  evidence_hash: string | null;
  user_id: number;
  username: string;
  inserted: number;
}

/**
 * A game without its chat and evidence (docs/product.md#entities Game): the `score` event carries it. Scores are in game order
 * (score_1 is user_1's goals) and null until a result is submitted.
 */
export interface GameSummary {
  id: number;
  user_1: GamePlayer;
  user_2: GamePlayer;
  score_1: number | null;
  score_2: number | null;
  inserted: number;
  state: GameStateName;
  submitted_user_id: number | null;
  confirmed_user_id: number | null;
  dropped_user_id: number | null;
  /** True once the game went to conflict; stays true after a moderator solved it. */
  conflict: boolean;
  /** A moderator set the final score of a game in conflict (conflict list status Solved). */
  conflict_solved: boolean;
  /** When the result form opens: 12 min after the game started (docs/product.md#states). */
  result_opens_at_ms: number;
  /** When an unanswered submission or 'Opponent left' report goes to conflict (docs/decisions.md#matchmaking); else null. */
  escalates_at_ms: number | null;
  /** Elo change of each player once the result is final; null before. */
  elo_change_1: number | null;
  elo_change_2: number | null;
  server_time_ms: number;
}

/**
 * POST /game/confirm (verify): the game as the result left it, without its chat, evidence, chat policy and block.
 * Only the game's page verifies, and it already holds those (read with the game, kept current by the room's
 * `message` and `evidence` events, unchanged by a verify), so it merges this summary into them as it does a
 * `score` event's; leaving them out keeps four reads off the final result's path.
 */
export type VerifyAnswer = GameSummary;

/** GET /game/get (docs/product.md#entities Game): the summary with the chat transcript and the evidence list. */
export interface GamePayload extends GameSummary {
  messages: ChatMessagePayload[];
  evidence: EvidencePayload[];
  /**
   * What the players' chat allows now (docs/decisions.md#minors-safety): 'free', 'filtered' (masked), 'presets' (quick
   * messages only) or 'off'. Staff lines are never limited.
   */
  chat_policy: ChatPolicy;
  /** Whether the viewer has blocked the other player of the game (docs/decisions.md#minors-safety); false for staff. */
  opponent_blocked: boolean;
}

/**
 * POST /game/chat/send_message: the stored line as the players see it (null when an empty line was ignored), and
 * `notice` (MESSAGES.chatMasked) when parts of it were hidden.
 */
export interface ChatSendResponse {
  message: ChatMessagePayload | null;
  notice?: string;
}

/** GET /game/get_active (docs/product.md#calls: "game id number"): the player's open game, or null. */
export interface ActiveGameResponse {
  game_id: number | null;
}

/** A player in the conflict list (docs/product.md#entities Conflict). */
export interface ConflictPlayer {
  id: number;
  username: string;
  avatar_hash: string | null;
}

/** One row of GET /conflicts/list (docs/product.md#screens-and-routes Conflicts page, docs/product.md#entities Conflict); `id` is the game's id (/game/{id}). */
export interface ConflictEntry {
  id: number;
  user_1: ConflictPlayer;
  user_2: ConflictPlayer;
  solved: boolean;
  inserted: number;
}

/** GET /conflicts/list (docs/decisions.md#permissions: own conflicts for players, all for canResolveConflicts). */
export interface ConflictListResponse {
  conflicts: ConflictEntry[];
}

/**
 * `stats` on a player's own channel: their new stats after a final result of `game_id`, or after a trophy of theirs
 * went back to the pool without a game (expired or the weekly reset; `game_id` null then).
 */
export interface StatsEvent {
  user_id: number;
  game_id: number | null;
  stats: UserStats;
  /** The receiver's unsecured trophies after the change (docs/product.md#states: score updates carry the winner's trophies). */
  trophies?: HeldTrophyPayload[];
}

/** `match-accepted`: `user_id` accepted match `match_id`. */
export interface MatchAcceptedEvent {
  match_id: number;
  user_id: number;
}

/**
 * `match-declined`: the match is gone because `user_id` declined or let it run out. `requeued` tells the
 * receiver whether they are back in the queue (timer reset to `queued_at_ms`) or out of it.
 */
export interface MatchDeclinedEvent {
  match_id: number;
  user_id: number;
  requeued: boolean;
  queued_at_ms: number | null;
}

/** `game`: both accepted; the game is ready (docs/product.md#states: ends queueing and loads the game). */
export interface GameReadyEvent {
  game_id: number;
}

/** Test-only clock call (TEST_CLOCK=on, never in production): where the server's clock stands. */
export interface TestClockResponse {
  now_ms: number;
  offset_ms: number;
}
