import { BaseModel } from './base.ts';
import { User } from './User.ts';

export class Ban extends BaseModel {
  static override tableName = 'bans';
  id!: number;
  user_id!: number;
  reason!: string;
  created_by_user_id!: number | null;
  expires_at!: Date | null;
  lifted_at!: Date | null;
  lifted_by_user_id!: number | null;
  created_at!: Date;
  user?: User;

  static override relationMappings = () => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'bans.user_id', to: 'users.id' },
    },
  });
}
