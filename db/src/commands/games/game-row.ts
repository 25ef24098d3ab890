import type { Knex } from 'knex';
import type { GameCheck, GameSnapshot } from '@ecup/domain';
import type { BaseModel } from '../../models/base.ts';
import type { Game } from '../../models/Game.ts';
import { CommandRejected } from '../types.ts';

/**
 * A `games` row as the game commands read it: the Game model's columns (db/migrations/20260101000006_play.ts), its
 * flags as booleans.
 */
export type GameRow = Omit<Game, keyof BaseModel | 'user_1' | 'user_2' | 'messages' | 'evidence'>;

/** The row the driver gives: the flags are TINYINT 0/1. */
type StoredGame = Omit<GameRow, 'conflict' | 'conflict_solved'> & { conflict: number; conflict_solved: number };

function rowOf(stored: StoredGame): GameRow {
  return { ...stored, conflict: Boolean(stored.conflict), conflict_solved: Boolean(stored.conflict_solved) };
}

/** One game, or null. */
export async function findGame(knex: Knex, gameId: number): Promise<GameRow | null> {
  const stored = (await knex('games').where('id', gameId).first()) as StoredGame | undefined;
  return stored ? rowOf(stored) : null;
}

/**
 * One game under its row lock (`SELECT … FOR UPDATE`, decisions §2), so the rule checked and the write made see the
 * same state and concurrent calls on the game queue up. A missing game is a 404.
 */
export async function lockGame(trx: Knex, gameId: number): Promise<GameRow> {
  const stored = (await trx('games').where('id', gameId).forUpdate().first()) as StoredGame | undefined;
  if (!stored) throw new CommandRejected('not_found', 'gameNotFound');
  return rowOf(stored);
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
