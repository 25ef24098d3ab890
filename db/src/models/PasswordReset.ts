import { BaseModel } from './base.ts';
import { User } from './User.ts';

export class PasswordReset extends BaseModel {
  static override tableName = 'password_resets';
  id!: number;
  user_id!: number;
  token_hash!: string;
  expires_at!: Date;
  used_at!: Date | null;
  created_at!: Date;
  user?: User;

  static override relationMappings = () => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'password_resets.user_id', to: 'users.id' },
    },
  });
}
