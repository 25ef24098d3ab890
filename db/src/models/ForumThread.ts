import { BaseModel } from './base.ts';

export class ForumThread extends BaseModel {
  static override tableName = 'forum_threads';
  id!: number;
  category_id!: number;
  user_id!: number;
  title!: string;
  reply_count!: number;
  created_at!: Date;
  last_post_at!: Date;
  /** A locked thread takes no replies (moderation). */
  locked!: boolean;
}
