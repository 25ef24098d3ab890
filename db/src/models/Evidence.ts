import { BaseModel } from './base.ts';
import { User } from './User.ts';

export class Evidence extends BaseModel {
  static override tableName = 'evidence';
  id!: number;
  game_id!: number;
  user_id!: number;
  youtube_id!: string | null;
  evidence_hash!: string | null;
  created_at!: Date;
  user?: User;

  static override relationMappings = () => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'evidence.user_id', to: 'users.id' },
    },
  });
}
