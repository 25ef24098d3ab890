import { BaseModel } from './base.ts';

export class ChatMessage extends BaseModel {
  static override tableName = 'chat_messages';
  id!: number;
  game_id!: number;
  user_id!: number;
  content!: string;
  is_admin!: boolean;
  preset!: string | null;
  created_at!: Date;
}
