import type { GamePlayer, MatchPayload } from '@ecup/domain';
import type { MatchRow } from '../queries/queue.ts';

/** A match as its players see it (MatchPayload), from a map of loaded player cards. */
export function presentMatch(match: MatchRow, players: Map<number, GamePlayer>, now: Date): MatchPayload {
  return {
    id: match.id,
    user_1: players.get(match.user_1_id)!,
    user_2: players.get(match.user_2_id)!,
    user_1_accepted: match.user_1_accepted_at !== null,
    user_2_accepted: match.user_2_accepted_at !== null,
    deadline_ms: new Date(match.deadline_at).getTime(),
    server_time_ms: now.getTime(),
  };
}
