import { BaseModel } from './base.ts';
import { ForumCategory } from './ForumCategory.ts';
import { ForumPost } from './ForumPost.ts';
import { User } from './User.ts';

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
  category?: ForumCategory;
  user?: User;
  posts?: ForumPost[];

  static override relationMappings = () => ({
    category: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: ForumCategory,
      join: { from: 'forum_threads.category_id', to: 'forum_categories.id' },
    },
    user: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'forum_threads.user_id', to: 'users.id' },
    },
    posts: {
      relation: BaseModel.HasManyRelation,
      modelClass: ForumPost,
      join: { from: 'forum_threads.id', to: 'forum_posts.thread_id' },
    },
  });
}
