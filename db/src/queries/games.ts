import type { Knex } from 'knex';
import {
  CHAT_HISTORY_MAX,
  OPPONENT_VIEWER,
  type GamePayload,
  type GameSummary,
  type IdentityViewer,
} from '@ecup/domain';
import type { GameRow } from '../models/Game.ts';
import type { Row } from '../models/tables.ts';
import type { User } from '../models/User.ts';
import { CommandRejected } from '../commands/types.ts';
import {
  presentGameExtras,
  presentGameSummary,
  type ChatLineRow,
  type EvidenceRow,
  type GameExtrasRows,
} from '../presenters/games.ts';
import { PLAYER_CARD_COLUMNS, type PlayerRow } from '../presenters/players.ts';
import { gameChatPolicy } from './chat-policy.ts';
import { loadGamePlayers } from './game-players.ts';

/** The row the driver gives, its flags turned into booleans. */
function rowOf(stored: Row<'games'>): GameRow {
  return { ...stored, conflict: Boolean(stored.conflict), conflict_solved: Boolean(stored.conflict_solved) };
}

/** One game, or null. */
export async function findGame(knex: Knex, gameId: number): Promise<GameRow | null> {
  const stored = await knex('games').where('id', gameId).first();
  return stored ? rowOf(stored) : null;
}

/**
 * One game under its row lock (`SELECT … FOR UPDATE`, docs/decisions.md#api-contract), so the rule checked and the write made see the
 * same state and concurrent calls on the game queue up. A missing game is a 404.
 */
export async function lockGame(trx: Knex, gameId: number): Promise<GameRow> {
  const stored = await trx('games').where('id', gameId).forUpdate().first();
  if (!stored) throw new CommandRejected('not_found', 'gameNotFound');
  return rowOf(stored);
}

/**
 * A player's row as a final result reads it under its lock: the card's columns (without the season's zone, which a
 * locking read must not join) and the games played the rating needs.
 */
export type LockedPlayerRow = Omit<PlayerRow, 'season_time_zone'> & Pick<User, 'games_played'>;

const LOCKED_PLAYER_COLUMNS = [...PLAYER_CARD_COLUMNS, 'games_played'] as const;

/**
 * The statement of {@link lockGameWithPlayers}, written once: every final result sends it, and building it with the
 * query builder each time cost more than the rest of the read's own work.
 */
const LOCK_GAME_WITH_PLAYERS = `SELECT g.*, ${LOCKED_PLAYER_COLUMNS.map((column) => `p.\`${column}\` AS \`p_${column}\``).join(', ')}
  FROM games AS g JOIN users AS p ON p.id IN (g.user_1_id, g.user_2_id)
  WHERE g.id = ? ORDER BY p.id FOR UPDATE`;

/** The joined row of {@link lockGameWithPlayers}: the game's columns, then one player's with a `p_` prefix. */
type LockedRow = Row<'games'> & { [K in (typeof LOCKED_PLAYER_COLUMNS)[number] as `p_${K}`]: LockedPlayerRow[K] };

/** A player's columns out of a joined row, each named, so the compiler checks them against the model. */
function lockedPlayer(row: LockedRow): LockedPlayerRow {
  return {
    id: row.p_id,
    username: row.p_username,
    first_name: row.p_first_name,
    last_name: row.p_last_name,
    avatar_hash: row.p_avatar_hash,
    console: row.p_console,
    gamer_tag: row.p_gamer_tag,
    team_name: row.p_team_name,
    team_avatar_hash: row.p_team_avatar_hash,
    fifa_team_name: row.p_fifa_team_name,
    birth_date: row.p_birth_date,
    hide_real_name: row.p_hide_real_name,
    wins: row.p_wins,
    losses: row.p_losses,
    ties: row.p_ties,
    scored_goals: row.p_scored_goals,
    conceded_goals: row.p_conceded_goals,
    secured_trophies: row.p_secured_trophies,
    unsecured_trophies: row.p_unsecured_trophies,
    elo: row.p_elo,
    games_played: row.p_games_played,
  };
}

/**
 * A game and both its players under their row locks, in one statement: the game's row first, then the players' in
 * id order (the primary key's range), the order every result takes them in, so two results sharing a player cannot
 * deadlock. A missing game is a 404.
 */
export async function lockGameWithPlayers(
  trx: Knex,
  gameId: number,
): Promise<{ game: GameRow; players: Map<number, LockedPlayerRow> }> {
  const [rows = []] = await trx.raw<[LockedRow[]]>(LOCK_GAME_WITH_PLAYERS, [gameId]);
  const [first] = rows;
  if (!first) throw new CommandRejected('not_found', 'gameNotFound');
  const players = new Map<number, LockedPlayerRow>();
  for (const row of rows) players.set(row.p_id, lockedPlayer(row));
  const stored: Row<'games'> = {
    id: first.id,
    season_id: first.season_id,
    match_id: first.match_id,
    user_1_id: first.user_1_id,
    user_2_id: first.user_2_id,
    score_1: first.score_1,
    score_2: first.score_2,
    state: first.state,
    submitted_user_id: first.submitted_user_id,
    confirmed_user_id: first.confirmed_user_id,
    dropped_user_id: first.dropped_user_id,
    conflict: first.conflict,
    conflict_solved: first.conflict_solved,
    solved_by_user_id: first.solved_by_user_id,
    claimed_by_user_id: first.claimed_by_user_id,
    claimed_at: first.claimed_at,
    submitted_at: first.submitted_at,
    final_at: first.final_at,
    week_start: first.week_start,
    elo_1_before: first.elo_1_before,
    elo_2_before: first.elo_2_before,
    elo_1_after: first.elo_1_after,
    elo_2_after: first.elo_2_after,
    created_at: first.created_at,
  };
  return { game: rowOf(stored), players };
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

/** One chat line with its author's name, written in the caller's transaction (so it is there). */
export async function chatLine(knex: Knex, id: number): Promise<ChatLineRow> {
  // A join of two tables, which knex's table map does not type: the row type is stated here.
  const row: ChatLineRow | undefined = await chatRows(knex).where('chat_messages.id', id).first();
  if (!row) throw new Error(`chat line ${id} is missing`);
  return row;
}

/** One piece of evidence with its uploader's name, written in the caller's transaction (so it is there). */
export async function evidenceLine(knex: Knex, id: number): Promise<EvidenceRow> {
  const row: EvidenceRow | undefined = await evidenceRows(knex).where('evidence.id', id).first();
  if (!row) throw new Error(`evidence ${id} is missing`);
  return row;
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
 * A game without chat and evidence (presentGameSummary), with its players' cards read in one query. The cards are
 * drawn for the game's players unless `viewer` says otherwise (the console's staff).
 */
export async function gameSummary(
  knex: Knex,
  game: GameRow | number,
  now: Date,
  viewer: IdentityViewer = OPPONENT_VIEWER,
): Promise<GameSummary> {
  const row = await rowFor(knex, game);
  const players = await loadGamePlayers(knex, [row.user_1_id, row.user_2_id], now, viewer);
  return presentGameSummary(row, players, now);
}

/**
 * GET /game/get: the summary with the last CHAT_HISTORY_MAX chat lines (oldest first), every
 * piece of evidence (oldest first) and what the players' chat allows. A missing game is a 404; who may see it is
 * the caller's check.
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
 * The rows of a game's payload besides its summary: the last CHAT_HISTORY_MAX chat lines, all evidence and what
 * the players' chat allows at `now`. With a viewer, lines by players the viewer blocked are left out (docs/decisions.md#minors-safety).
 */
export async function gameExtrasRows(
  knex: Knex,
  game: GameRow,
  now: Date,
  viewerId: number | null = null,
): Promise<GameExtrasRows> {
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
  const [messages, evidence, chat_policy, block]: [
    ChatLineRow[],
    EvidenceRow[],
    GameExtrasRows['chat_policy'],
    unknown,
  ] = await Promise.all([
    lines.orderBy('chat_messages.id', 'desc').limit(CHAT_HISTORY_MAX),
    evidenceRows(knex).where('evidence.game_id', game.id).orderBy('evidence.id', 'asc'),
    gameChatPolicy(knex, game, now),
    opponentId === null || viewerId === null
      ? null
      : knex('blocks').where({ blocker_user_id: viewerId, blocked_user_id: opponentId }).first('blocked_user_id'),
  ]);
  return { messages, evidence, chat_policy, opponent_blocked: block !== null && block !== undefined };
}

/** {@link gameExtrasRows}, presented: the chat lines oldest first, the evidence, the policy and the block. */
export async function chatAndEvidence(
  knex: Knex,
  game: GameRow,
  now: Date,
  viewerId: number | null = null,
): Promise<Pick<GamePayload, 'messages' | 'evidence' | 'chat_policy' | 'opponent_blocked'>> {
  return presentGameExtras(await gameExtrasRows(knex, game, now, viewerId));
}

/**
 * Whether a result change of `game` must be followed by an Elo recalculation: either player has a final game that
 * became final after it (whose rating started from the one the change moved).
 */
export async function hasLaterRatedGames(
  trx: Knex,
  game: Pick<GameRow, 'id' | 'user_1_id' | 'user_2_id' | 'final_at'>,
) {
  if (!game.final_at) return false;
  const players = [game.user_1_id, game.user_2_id];
  const later = await trx('games')
    .where('state', 'final')
    .whereNot('id', game.id)
    .where((q) => q.whereIn('user_1_id', players).orWhereIn('user_2_id', players))
    .where((q) =>
      q
        .where('final_at', '>', game.final_at!)
        .orWhere((same) => same.where('final_at', game.final_at!).where('id', '>', game.id)),
    )
    .first('id');
  return later !== undefined;
}
