import { BaseModel } from './base.ts';

export class ForumPost extends BaseModel {
  static override tableName = 'forum_posts';
  id!: number;
  thread_id!: number;
  user_id!: number;
  message!: string;
  created_at!: Date;
  /** Set when staff hid the post; players no longer see it, counts do not change. */
  hidden_at!: Date | null;
  hidden_by_user_id!: number | null;
  hidden_reason!: string | null;
}
