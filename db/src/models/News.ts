import type { NewsCategoryId } from '@ecup/domain';
import { BaseModel } from './base.ts';
import type { Columns } from './tables.ts';

export class News extends BaseModel {
  static override tableName = 'news';
  id!: number;
  title!: string;
  excerpt!: string;
  content!: string;
  image_hash!: string | null;
  category_id!: NewsCategoryId;
  publisher_user_id!: number | null;
  published!: boolean;
  published_at!: Date;
  created_at!: Date;
  updated_at!: Date;
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
export type NewsFields = Pick<Columns<News>, (typeof NEWS_FIELD_NAMES)[number]>;
