import type { Knex } from 'knex';
import type { GameCheck, GameSnapshot, GameStateName } from '@ecup/domain';
import { CommandRejected } from '../types.ts';

/** A `games` row as the game commands read it (db/migrations/20260101000006_play.ts). */
export interface GameRow {
  id: number;
  season_id: number;
  user_1_id: number;
  user_2_id: number;
  score_1: number | null;
  score_2: number | null;
  state: GameStateName;
  submitted_user_id: number | null;
  confirmed_user_id: number | null;
  dropped_user_id: number | null;
  conflict: boolean;
  conflict_solved: boolean;
  solved_by_user_id: number | null;
  submitted_at: Date | null;
  final_at: Date | null;
  elo_1_before: number | null;
  elo_2_before: number | null;
  elo_1_after: number | null;
  elo_2_after: number | null;
  created_at: Date;
}

const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as Date));

function rowOf(raw: Record<string, unknown>): GameRow {
  return {
    id: Number(raw.id),
    season_id: Number(raw.season_id),
    user_1_id: Number(raw.user_1_id),
    user_2_id: Number(raw.user_2_id),
    score_1: id(raw.score_1),
    score_2: id(raw.score_2),
    state: raw.state as GameStateName,
    submitted_user_id: id(raw.submitted_user_id),
    confirmed_user_id: id(raw.confirmed_user_id),
    dropped_user_id: id(raw.dropped_user_id),
    conflict: Boolean(raw.conflict),
    conflict_solved: Boolean(raw.conflict_solved),
    solved_by_user_id: id(raw.solved_by_user_id),
    submitted_at: date(raw.submitted_at),
    final_at: date(raw.final_at),
    elo_1_before: id(raw.elo_1_before),
    elo_2_before: id(raw.elo_2_before),
    elo_1_after: id(raw.elo_1_after),
    elo_2_after: id(raw.elo_2_after),
    created_at: new Date(raw.created_at as Date),
  };
}

/** One game, or null. */
export async function findGame(knex: Knex, gameId: number): Promise<GameRow | null> {
  const raw = (await knex('games').where('id', gameId).first()) as Record<string, unknown> | undefined;
  return raw ? rowOf(raw) : null;
}

/**
 * One game under its row lock (`SELECT … FOR UPDATE`, decisions §2), so the rule checked and the write made see the
 * same state and concurrent calls on the game queue up. A missing game is a 404.
 */
export async function lockGame(trx: Knex, gameId: number): Promise<GameRow> {
  const raw = (await trx('games').where('id', gameId).forUpdate().first()) as Record<string, unknown> | undefined;
  if (!raw) throw new CommandRejected('not_found', 'gameNotFound');
  return rowOf(raw);
}

/** What the domain's result rules read of a row. */
export function snapshotOf(game: GameRow): GameSnapshot {
  return {
    state: game.state,
    user_1_id: game.user_1_id,
    user_2_id: game.user_2_id,
    created_at: game.created_at,
    submitted_at: game.submitted_at,
    submitted_user_id: game.submitted_user_id,
    confirmed_user_id: game.confirmed_user_id,
    dropped_user_id: game.dropped_user_id,
  };
}

/** Turns a domain refusal into the command's rejection (the API answers its kind's status). */
export function enforce(check: GameCheck): void {
  if (!check.ok) {
    const { ok: _ok, kind, ...refusal } = check;
    throw new CommandRejected(kind, refusal);
  }
}
