import { BaseModel } from './base.ts';
import { User } from './User.ts';

export class News extends BaseModel {
  static override tableName = 'news';
  id!: number;
  title!: string;
  excerpt!: string;
  content!: string;
  image_hash!: string | null;
  category_id!: number;
  publisher_user_id!: number | null;
  published!: boolean;
  published_at!: Date;
  created_at!: Date;
  updated_at!: Date;
  publisher?: User | null;

  static override relationMappings = () => ({
    publisher: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: User,
      join: { from: 'news.publisher_user_id', to: 'users.id' },
    },
  });
}

/** The columns of a news row the console edits. */
export const NEWS_FIELD_NAMES = [
  'title',
  'content',
  'excerpt',
  'category_id',
  'image_hash',
  'published',
  'published_at',
] as const;

/** The editable columns of a news row (db/migrations/20260101000004_teams_news.ts). */
export type NewsFields = Pick<News, (typeof NEWS_FIELD_NAMES)[number]>;
