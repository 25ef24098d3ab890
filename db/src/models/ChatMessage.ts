import { BaseModel } from './base.ts';
import { User } from './User.ts';

export class ChatMessage extends BaseModel {
  static override tableName = 'chat_messages';
  id!: number;
  game_id!: number;
  user_id!: number;
  content!: string;
  is_admin!: boolean;
  preset!: string | null;
  created_at!: Date;
  user?: User;

  static override relationMappings = () => ({
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'chat_messages.user_id', to: 'users.id' },
    },
  });
}
