import { BaseModel } from './base.ts';
import { Trophy } from './Trophy.ts';

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
  trophy?: Trophy;

  static override relationMappings = () => ({
    trophy: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Trophy,
      join: { from: 'trophy_moves.trophy_id', to: 'trophies.id' },
    },
  });
}

/** A `trophy_moves` row: the model's columns. */
export type TrophyMoveRow = Omit<TrophyMove, keyof BaseModel>;
