import { BaseModel } from './base.ts';
import { Trophy } from './Trophy.ts';

export class TrophyPool extends BaseModel {
  static override tableName = 'trophy_pools';
  id!: number;
  season_id!: number;
  week_start!: Date;
  size!: number;
  created_at!: Date;
  trophies?: Trophy[];

  static override relationMappings = () => ({
    trophies: {
      relation: BaseModel.HasManyRelation,
      modelClass: Trophy,
      join: { from: 'trophy_pools.id', to: 'trophies.pool_id' },
    },
  });
}
