import { BaseModel } from './base.ts';
import { ForumThread } from './ForumThread.ts';
import { User } from './User.ts';

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
  thread?: ForumThread;
  user?: User;

  static override relationMappings = () => ({
    thread: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: ForumThread,
      join: { from: 'forum_posts.thread_id', to: 'forum_threads.id' },
    },
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'forum_posts.user_id', to: 'users.id' },
    },
  });
}
