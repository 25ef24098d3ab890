import { BaseModel } from './base.ts';
import { User } from './User.ts';

export class Session extends BaseModel {
  static override tableName = 'sessions';
  id!: number;
  user_id!: number;
  token_hash!: string;
  ip!: string | null;
  user_agent!: string | null;
  created_at!: Date;
  last_seen_at!: Date;
  console!: boolean;
  user?: User;

  static override relationMappings = () => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'sessions.user_id', to: 'users.id' },
    },
  });
}
