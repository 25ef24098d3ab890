import { BaseModel } from './base.ts';

/** A masked forum post as typed, for staff only (docs/decisions.md#minors-safety); `reasons` are the filter's, comma-separated. */
export class ForumPostOriginal extends BaseModel {
  static override tableName = 'forum_post_originals';
  id!: number;
  post_id!: number;
  user_id!: number;
  original!: string;
  reasons!: string;
  created_at!: Date;
}
