import { BaseModel } from './base.ts';
import { TrophyPool } from './TrophyPool.ts';
import { User } from './User.ts';

export type TrophyState = 'pool' | 'held' | 'secured';

export class Trophy extends BaseModel {
  static override tableName = 'trophies';
  id!: number;
  pool_id!: number;
  state!: TrophyState;
  holder_user_id!: number | null;
  wins!: number;
  taken_at!: Date | null;
  expires_at!: Date | null;
  secured_at!: Date | null;
  last_move_id!: number | null;
  expiry_notified_for!: Date | null;
  updated_at!: Date;
  pool?: TrophyPool;
  holder?: User | null;

  static override relationMappings = () => ({
    pool: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: TrophyPool,
      join: { from: 'trophies.pool_id', to: 'trophy_pools.id' },
    },
    holder: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'trophies.holder_user_id', to: 'users.id' },
    },
  });
}
