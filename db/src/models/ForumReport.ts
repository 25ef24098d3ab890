import { BaseModel } from './base.ts';
import { ForumPost } from './ForumPost.ts';
import { User } from './User.ts';

/** A player's report of a forum post; one per player and post, open until staff resolve it. */
export class ForumReport extends BaseModel {
  static override tableName = 'forum_reports';
  id!: number;
  post_id!: number;
  reporter_user_id!: number;
  reason!: string;
  created_at!: Date;
  resolved_at!: Date | null;
  resolved_by_user_id!: number | null;
  post?: ForumPost;
  reporter?: User;

  static override relationMappings = () => ({
    post: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: ForumPost,
      join: { from: 'forum_reports.post_id', to: 'forum_posts.id' },
    },
    reporter: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'forum_reports.reporter_user_id', to: 'users.id' },
    },
  });
}
