import {
  MESSAGES,
  opponentOf,
  type AdminChatMessage,
  type AdminConflictDetail,
  type AdminConflictPlayer,
  type AdminConflictRecord,
  type AdminEvidence,
  type GameSummary,
} from '@ecup/domain';
import type { GameRow } from '../../models/Game.ts';
import type { User } from '../../models/User.ts';
import type { AdminConflictChatRow, AdminConflictRow, AdminHeadToHeadRow } from '../../queries/admin/conflicts.ts';
import { presentChatMessage, presentEvidence, type EvidenceRow } from '../games.ts';
import { imageUrl, iso, isoAlways, userRef } from './common.ts';

/** Everything the conflict page shows besides the conflict's row. */
export interface AdminConflictPageParts {
  game: GameRow;
  summary: GameSummary;
  messages: AdminConflictChatRow[];
  evidence: EvidenceRow[];
  history: AdminHeadToHeadRow[];
  played: Pick<User, 'id' | 'games_played'>[];
}

/**
 * A conflict in the queue: it waits from the moment the disputed result (a score or an 'Opponent left' report) was
 * entered, since the game went to conflict from there; its age counts until it is solved.
 */
export function presentAdminConflict(row: AdminConflictRow, now: Date): AdminConflictRecord {
  const solved = Boolean(row.conflict_solved);
  const since = row.submitted_at ?? row.created_at;
  return {
    id: row.id,
    user_1: { id: row.u1_id, username: row.u1_username, avatar_hash: row.u1_avatar_hash },
    user_2: { id: row.u2_id, username: row.u2_username, avatar_hash: row.u2_avatar_hash },
    state: row.state,
    score_1: row.score_1,
    score_2: row.score_2,
    status: solved ? MESSAGES.statusSolved : MESSAGES.statusConflict,
    solved,
    solved_by: solved ? userRef(row.solved_by_user_id, row.solver_username) : null,
    waiting_since: since.toISOString(),
    age_seconds: solved ? null : Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000)),
    claimed_by: userRef(row.claimed_by_user_id, row.claimer_username),
    claimed_at: iso(row.claimed_at),
    created_at: isoAlways(row.created_at),
  };
}

const youtubeEmbed = (id: string | null) => (id ? `https://www.youtube-nocookie.com/embed/${id}` : null);

/**
 * The conflict page: both players and what each entered and when, the whole chat, all evidence (image paths and
 * YouTube embeds), and the two players' other final games against each other.
 */
export function presentAdminConflictDetail(
  row: AdminConflictRow,
  parts: AdminConflictPageParts,
  now: Date,
): AdminConflictDetail {
  const { game, summary } = parts;
  const gamesPlayed = (userId: number) => parts.played.find((p) => p.id === userId)?.games_played ?? 0;
  const reporter = game.dropped_user_id !== null ? opponentOf(game, game.dropped_user_id) : null;
  const resultOf = (userId: number): AdminConflictPlayer['result'] => {
    if (!game.submitted_at) return null;
    if (game.submitted_user_id === userId) {
      return { kind: 'score', score_1: game.score_1, score_2: game.score_2, at: game.submitted_at.toISOString() };
    }
    if (reporter === userId) {
      return {
        kind: 'opponent_left',
        score_1: game.score_1,
        score_2: game.score_2,
        at: game.submitted_at.toISOString(),
      };
    }
    return null;
  };
  const games = parts.history.map((g) => {
    // Scores as user_1 and user_2 of this conflict, whichever side each was on then.
    const same = g.user_1_id === game.user_1_id;
    return {
      id: g.id,
      user_1_id: g.user_1_id,
      user_2_id: g.user_2_id,
      score_1: g.score_1,
      score_2: g.score_2,
      final_at: isoAlways(g.final_at),
      own: same ? [g.score_1, g.score_2] : [g.score_2, g.score_1],
    };
  });
  return {
    ...presentAdminConflict(row, now),
    game: summary,
    players: [
      { ...summary.user_1, side: 1, games_played: gamesPlayed(game.user_1_id), result: resultOf(game.user_1_id) },
      { ...summary.user_2, side: 2, games_played: gamesPlayed(game.user_2_id), result: resultOf(game.user_2_id) },
    ],
    messages: parts.messages.map((line): AdminChatMessage => {
      const message: AdminChatMessage = presentChatMessage(line);
      if (typeof line.original === 'string') {
        message.original = line.original;
        message.original_reasons = (line.original_reasons ?? '').split(',').filter(Boolean);
      }
      return message;
    }),
    evidence: parts.evidence.map((e): AdminEvidence => {
      const item = presentEvidence(e);
      return { ...item, image_url: imageUrl('evidence', item.evidence_hash), embed_url: youtubeEmbed(item.youtube_id) };
    }),
    history: {
      games: games.map(({ own: _own, ...g }) => g),
      user_1_wins: games.filter((g) => g.own[0]! > g.own[1]!).length,
      user_2_wins: games.filter((g) => g.own[0]! < g.own[1]!).length,
      ties: games.filter((g) => g.own[0] === g.own[1]).length,
    },
  };
}
