import type { Knex } from 'knex';
import {
  MESSAGES,
  asTrimmed,
  isSent,
  opponentOf,
  STAFF_VIEWER,
  validateScore,
  type AdminChatMessage,
  type AdminConflictDetail,
  type AdminConflictPlayer,
  type AdminConflictRecord,
  type AdminEvidence,
} from '@ecup/domain';
import {
  chatRows,
  conflictGames,
  claimConflict,
  evidenceRows,
  findGame,
  gameSummary,
  presentChatMessage,
  presentEvidence,
  type ChatLineRow,
  type ConflictGameRow,
  type EvidenceRow,
  type Game,
  type User,
  releaseConflict,
  resolveConflict,
} from '@ecup/db';
import { badRequest, valid } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { imageUrl, iso, isoAlways, userRef } from '../present.ts';
import { boolFilter, defineResource, intFilter, sqlPage, type AdminContext } from '../resource.ts';

interface ConflictFilters {
  /** false: the open queue; true: solved ones. */
  solved: boolean;
  /** true: someone has claimed it; false: nobody has. */
  claimed: boolean;
  claimed_by: number;
  /** Games of this player. */
  user_id: number;
}

/** A conflict with what was entered, who claimed and who solved it. */
type Row = ConflictGameRow &
  Pick<
    Game,
    'state' | 'score_1' | 'score_2' | 'solved_by_user_id' | 'submitted_at' | 'claimed_by_user_id' | 'claimed_at'
  > & {
    claimer_username: string | null;
    solver_username: string | null;
  };

/** A final game of the same two players: its scores are set. */
type HistoryRow = Pick<Game, 'id' | 'user_1_id' | 'user_2_id'> & { score_1: number; score_2: number; final_at: Date };

/** The whole chat of a conflict, oldest first (the player view shows only the last lines). */
const TRANSCRIPT_MAX = 2000;
const HISTORY_MAX = 50;

function baseQuery(knex: Knex) {
  return conflictGames(knex)
    .leftJoin('users as claimer', 'claimer.id', 'games.claimed_by_user_id')
    .leftJoin('users as solver', 'solver.id', 'games.solved_by_user_id')
    .select(
      'games.state',
      'games.score_1',
      'games.score_2',
      'games.solved_by_user_id',
      'games.submitted_at',
      'games.claimed_by_user_id',
      'games.claimed_at',
      'claimer.username as claimer_username',
      'solver.username as solver_username',
    );
}

/**
 * A conflict in the queue (issue 7): it waits from the moment the disputed result (a score or an 'Opponent left'
 * report) was entered, since the game went to conflict from there; its age counts until it is solved.
 */
function present(row: Row, now: Date): AdminConflictRecord {
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
 * The conflict page (issue 7): both players and what each entered and when, the whole chat, all evidence (image
 * paths and YouTube embeds), and the two players' other final games against each other.
 */
async function detail(ac: AdminContext, id: number): Promise<AdminConflictDetail | null> {
  const { knex } = ac.deps;
  const row = (await baseQuery(knex).where('games.id', id).first()) as Row | undefined;
  const game = row ? await findGame(knex, id) : null;
  if (!row || !game) return null;
  const [summary, messages, evidence, history, played] = await Promise.all([
    gameSummary(knex, game, ac.now, STAFF_VIEWER),
    chatRows(knex)
      .leftJoin('chat_originals', 'chat_originals.message_id', 'chat_messages.id')
      .select('chat_originals.original', 'chat_originals.reasons as original_reasons')
      .where('chat_messages.game_id', id)
      .orderBy('chat_messages.id', 'asc')
      .limit(TRANSCRIPT_MAX),
    evidenceRows(knex).where('evidence.game_id', id).orderBy('evidence.id', 'asc'),
    knex('games')
      .where('state', 'final')
      .whereNot('id', id)
      .where((q) =>
        q
          .where((a) => a.where('user_1_id', game.user_1_id).where('user_2_id', game.user_2_id))
          .orWhere((b) => b.where('user_1_id', game.user_2_id).where('user_2_id', game.user_1_id)),
      )
      .orderBy('final_at', 'desc')
      .limit(HISTORY_MAX)
      .select('id', 'user_1_id', 'user_2_id', 'score_1', 'score_2', 'final_at') as Promise<HistoryRow[]>,
    knex('users').whereIn('id', [game.user_1_id, game.user_2_id]).select('id', 'games_played') as Promise<
      Pick<User, 'id' | 'games_played'>[]
    >,
  ]);
  const gamesPlayed = (userId: number) => played.find((p) => p.id === userId)?.games_played ?? 0;
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
  const games = history.map((g) => {
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
    ...present(row, ac.now),
    game: summary,
    players: [
      { ...summary.user_1, side: 1, games_played: gamesPlayed(game.user_1_id), result: resultOf(game.user_1_id) },
      { ...summary.user_2, side: 2, games_played: gamesPlayed(game.user_2_id), result: resultOf(game.user_2_id) },
    ],
    messages: (messages as (ChatLineRow & { original: string | null; original_reasons: string | null })[]).map(
      (line): AdminChatMessage => {
        const message: AdminChatMessage = presentChatMessage(line);
        if (typeof line.original === 'string') {
          message.original = line.original;
          message.original_reasons = (line.original_reasons ?? '').split(',').filter(Boolean);
        }
        return message;
      },
    ),
    evidence: (evidence as EvidenceRow[]).map((e): AdminEvidence => {
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

/**
 * Conflicts (canResolveConflicts): games that went to conflict, the open queue oldest first by default. Updates by
 * `action`: `claim`, `release`, `resolve` with `score_1`/`score_2` in game order (the rule of /admin/games/edit);
 * scores without an action resolve.
 */
export const conflictsResource = defineResource<AdminConflictRecord, ConflictFilters>({
  name: 'conflicts',
  sortable: ['id', 'waiting_since', 'created_at'],
  defaultSort: { field: 'waiting_since', order: 'ASC' },
  filters: { solved: boolFilter, claimed: boolFilter, claimed_by: intFilter, user_id: intFilter },

  async list(ac, request) {
    const query = baseQuery(ac.deps.knex);
    const { solved, claimed, claimed_by, user_id } = request.filter;
    if (solved !== undefined) query.where('games.conflict_solved', solved);
    if (claimed === true) query.whereNotNull('games.claimed_by_user_id');
    if (claimed === false) query.whereNull('games.claimed_by_user_id');
    if (claimed_by !== undefined) query.where('games.claimed_by_user_id', claimed_by);
    if (user_id !== undefined) {
      query.where((w) => w.where('games.user_1_id', user_id).orWhere('games.user_2_id', user_id));
    }
    const { rows, total } = await sqlPage<Row>(query, request, {
      id: 'games.id',
      sort: { id: 'games.id', waiting_since: 'games.submitted_at', created_at: 'games.created_at' },
    });
    return { data: rows.map((row) => present(row, ac.now)), total };
  },

  getOne: detail,

  async update(ac, id, body) {
    const scoresSent = isSent(body.score_1) || isSent(body.score_2);
    const action = asTrimmed(body.action) || (scoresSent ? 'resolve' : '');
    const input = { actor: ac.actor, game_id: id, ip: ac.ip, now: ac.now };
    if (action === 'claim') {
      await runCommand(ac.deps, (trx) => claimConflict(trx, input));
    } else if (action === 'release') {
      await runCommand(ac.deps, (trx) => releaseConflict(trx, input));
    } else if (action === 'resolve') {
      const score_1 = valid(validateScore(body.score_1));
      const score_2 = valid(validateScore(body.score_2));
      await runCommand(ac.deps, (trx) => resolveConflict(trx, { ...input, score_1, score_2 }));
    } else {
      throw badRequest('adminActionInvalid');
    }
    return (await detail(ac, id))!;
  },
});
