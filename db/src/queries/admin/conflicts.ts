import type { Knex } from 'knex';
import type { Game, GameRow } from '../../models/Game.ts';
import type { User } from '../../models/User.ts';
import type { ConflictGameRow } from '../../presenters/conflicts.ts';
import type { ChatLineRow, EvidenceRow } from '../../presenters/games.ts';
import { chatRows, evidenceRows } from '../games.ts';
import { conflictGames } from '../conflicts.ts';
import { sqlPage, type AdminListRequest, type AdminPage } from './page.ts';

export interface AdminConflictFilters {
  /** false: the open queue; true: solved ones. */
  solved: boolean;
  /** true: someone has claimed it; false: nobody has. */
  claimed: boolean;
  claimed_by: number;
  /** Games of this player. */
  user_id: number;
}

/** A conflict with what was entered, who claimed and who solved it. */
export type AdminConflictRow = ConflictGameRow &
  Pick<
    Game,
    'state' | 'score_1' | 'score_2' | 'solved_by_user_id' | 'submitted_at' | 'claimed_by_user_id' | 'claimed_at'
  > & {
    claimer_username: string | null;
    solver_username: string | null;
  };

/** A chat line of a conflict with what its author typed, when the line was masked. */
export type AdminConflictChatRow = ChatLineRow & { original: string | null; original_reasons: string | null };

/** A final game of the same two players: its scores are set. */
export type AdminHeadToHeadRow = Pick<Game, 'id' | 'user_1_id' | 'user_2_id'> & {
  score_1: number;
  score_2: number;
  final_at: Date;
};

/** The whole chat of a conflict, oldest first (the player view shows only the last lines). */
const TRANSCRIPT_MAX = 2000;
const HISTORY_MAX = 50;

function conflictQuery(knex: Knex) {
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

/** The console's conflict queue page. */
export function adminConflictPage(
  knex: Knex,
  request: AdminListRequest<AdminConflictFilters>,
): Promise<AdminPage<AdminConflictRow>> {
  const query = conflictQuery(knex);
  const { solved, claimed, claimed_by, user_id } = request.filter;
  if (solved !== undefined) query.where('games.conflict_solved', solved);
  if (claimed === true) query.whereNotNull('games.claimed_by_user_id');
  if (claimed === false) query.whereNull('games.claimed_by_user_id');
  if (claimed_by !== undefined) query.where('games.claimed_by_user_id', claimed_by);
  if (user_id !== undefined) {
    query.where((w) => w.where('games.user_1_id', user_id).orWhere('games.user_2_id', user_id));
  }
  return sqlPage(query, request, {
    id: 'games.id',
    sort: { id: 'games.id', waiting_since: 'games.submitted_at', created_at: 'games.created_at' },
  });
}

/** One conflict, or undefined when the game never went to conflict. */
export async function findAdminConflict(knex: Knex, id: number): Promise<AdminConflictRow | undefined> {
  const row: AdminConflictRow | undefined = await conflictQuery(knex).where('games.id', id).first();
  return row;
}

/** The game's whole chat, oldest first, with the originals of masked lines. */
export async function adminConflictChat(knex: Knex, gameId: number): Promise<AdminConflictChatRow[]> {
  const rows: AdminConflictChatRow[] = await chatRows(knex)
    .leftJoin('chat_originals', 'chat_originals.message_id', 'chat_messages.id')
    .select('chat_originals.original', 'chat_originals.reasons as original_reasons')
    .where('chat_messages.game_id', gameId)
    .orderBy('chat_messages.id', 'asc')
    .limit(TRANSCRIPT_MAX);
  return rows;
}

/** Every piece of evidence of the game, oldest first. */
export async function adminConflictEvidence(knex: Knex, gameId: number): Promise<EvidenceRow[]> {
  const rows: EvidenceRow[] = await evidenceRows(knex).where('evidence.game_id', gameId).orderBy('evidence.id', 'asc');
  return rows;
}

/** The two players' other final games against each other, latest first. */
export async function adminHeadToHead(knex: Knex, game: GameRow): Promise<AdminHeadToHeadRow[]> {
  const rows: AdminHeadToHeadRow[] = await knex('games')
    .where('state', 'final')
    .whereNot('id', game.id)
    .where((q) =>
      q
        .where((a) => a.where('user_1_id', game.user_1_id).where('user_2_id', game.user_2_id))
        .orWhere((b) => b.where('user_1_id', game.user_2_id).where('user_2_id', game.user_1_id)),
    )
    .orderBy('final_at', 'desc')
    .limit(HISTORY_MAX)
    .select('id', 'user_1_id', 'user_2_id', 'score_1', 'score_2', 'final_at');
  return rows;
}

/** How many games each of the given users has played. */
export async function gamesPlayedOf(knex: Knex, ids: number[]): Promise<Pick<User, 'id' | 'games_played'>[]> {
  const rows: Pick<User, 'id' | 'games_played'>[] = await knex('users').whereIn('id', ids).select('id', 'games_played');
  return rows;
}
