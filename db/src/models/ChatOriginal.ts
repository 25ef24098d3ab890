import { BaseModel } from './base.ts';

/** A masked chat line as typed, for staff only (docs/decisions.md#minors-safety); `reasons` are the filter's, comma-separated. */
export class ChatOriginal extends BaseModel {
  static override tableName = 'chat_originals';
  id!: number;
  message_id!: number;
  game_id!: number;
  user_id!: number;
  original!: string;
  reasons!: string;
  created_at!: Date;
}
