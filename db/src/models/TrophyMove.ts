import { BaseModel } from './base.ts';
import type { Columns } from './tables.ts';

export class TrophyMove extends BaseModel {
  static override tableName = 'trophy_moves';
  id!: number;
  trophy_id!: number;
  game_id!: number | null;
  kind!: 'take' | 'pass' | 'win' | 'secure' | 'return' | 'expire' | 'reset' | 'reverse';
  from_user_id!: number | null;
  to_user_id!: number | null;
  wins_before!: number | null;
  taken_at_before!: Date | null;
  expires_at_before!: Date | null;
  reversed_at!: Date | null;
  created_at!: Date;
}

/** A `trophy_moves` row: the model's columns. */
export type TrophyMoveRow = Columns<TrophyMove>;
