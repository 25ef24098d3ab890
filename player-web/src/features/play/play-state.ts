import type {
  GamePlayer,
  GameReadyEvent,
  MatchAcceptedEvent,
  MatchDeclinedEvent,
  MatchPayload,
  MatchmakingStatus,
} from '@ecup/domain';

/** What the play screen shows (docs/product.md#states Queue): idle, in the queue, a match to answer, or a game to go to. */
export type PlayView =
  | { kind: 'loading' }
  | { kind: 'idle' }
  | { kind: 'queued'; queuedAtMs: number }
  | { kind: 'matched'; match: MatchPayload }
  | { kind: 'playing'; gameId: number };

export type PlayAction =
  /** An answer of a /matchmaking call: the server's word on where the player stands. */
  | { type: 'status'; status: MatchmakingStatus }
  | { type: 'match'; match: MatchPayload }
  | { type: 'match-accepted'; event: MatchAcceptedEvent }
  | { type: 'match-declined'; event: MatchDeclinedEvent }
  | { type: 'game'; event: GameReadyEvent };

/** The view a status answer describes. A status that lacks the part its state needs falls back safely. */
export function viewOfStatus(status: MatchmakingStatus): PlayView {
  switch (status.state) {
    case 'queued':
      return { kind: 'queued', queuedAtMs: status.queued_at_ms ?? status.server_time_ms };
    case 'matched':
      return status.match
        ? { kind: 'matched', match: status.match }
        : { kind: 'queued', queuedAtMs: status.queued_at_ms ?? status.server_time_ms };
    case 'playing':
      return status.game_id !== null ? { kind: 'playing', gameId: status.game_id } : { kind: 'idle' };
    default:
      return { kind: 'idle' };
  }
}

/**
 * docs/product.md#states Queue, as the screen follows it: a `match` event shows the match; `match-accepted` marks who accepted;
 * `match-declined` returns the player to the queue with the timer reset (`requeued`) or out of it; `game` ends
 * queueing. Events about another match than the one shown are ignored (the status read after a reconnect settles
 * anything missed).
 */
export function playReducer(view: PlayView, action: PlayAction): PlayView {
  switch (action.type) {
    case 'status':
      return viewOfStatus(action.status);
    case 'match':
      return view.kind === 'playing' ? view : { kind: 'matched', match: action.match };
    case 'match-accepted': {
      if (view.kind !== 'matched' || view.match.id !== action.event.match_id) return view;
      const { match } = view;
      if (action.event.user_id === match.user_1.id)
        return { kind: 'matched', match: { ...match, user_1_accepted: true } };
      if (action.event.user_id === match.user_2.id)
        return { kind: 'matched', match: { ...match, user_2_accepted: true } };
      return view;
    }
    case 'match-declined': {
      if (view.kind !== 'matched' || view.match.id !== action.event.match_id) return view;
      const { requeued, queued_at_ms } = action.event;
      return requeued ? { kind: 'queued', queuedAtMs: queued_at_ms ?? view.match.server_time_ms } : { kind: 'idle' };
    }
    case 'game':
      return { kind: 'playing', gameId: action.event.game_id };
  }
}

/** The two sides of a match from the signed-in player's seat: their own card, the opponent's, who has accepted. */
export function sidesOf(
  match: MatchPayload,
  meId: number,
): { me: GamePlayer; opponent: GamePlayer; meAccepted: boolean; opponentAccepted: boolean } {
  const first = match.user_1.id === meId;
  return first
    ? {
        me: match.user_1,
        opponent: match.user_2,
        meAccepted: match.user_1_accepted,
        opponentAccepted: match.user_2_accepted,
      }
    : {
        me: match.user_2,
        opponent: match.user_1,
        meAccepted: match.user_2_accepted,
        opponentAccepted: match.user_1_accepted,
      };
}
