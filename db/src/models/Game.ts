import { BaseModel } from './base.ts';
import type { Columns } from './tables.ts';

export type GameState = 'playing' | 'submitted' | 'dropped' | 'conflict' | 'final';

export class Game extends BaseModel {
  static override tableName = 'games';
  id!: number;
  season_id!: number;
  match_id!: number | null;
  user_1_id!: number;
  user_2_id!: number;
  score_1!: number | null;
  score_2!: number | null;
  state!: GameState;
  submitted_user_id!: number | null;
  confirmed_user_id!: number | null;
  dropped_user_id!: number | null;
  conflict!: boolean;
  conflict_solved!: boolean;
  solved_by_user_id!: number | null;
  claimed_by_user_id!: number | null;
  claimed_at!: Date | null;
  submitted_at!: Date | null;
  final_at!: Date | null;
  week_start!: Date;
  elo_1_before!: number | null;
  elo_2_before!: number | null;
  elo_1_after!: number | null;
  elo_2_after!: number | null;
  created_at!: Date;
}

/** A `games` row as commands and presenters read it: the model's columns, its flags as booleans. */
export type GameRow = Columns<Game>;
