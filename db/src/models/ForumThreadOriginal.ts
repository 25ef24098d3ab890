import { BaseModel } from './base.ts';

/** A masked forum thread title as typed, for staff only; `reasons` are the filter's, comma-separated. */
export class ForumThreadOriginal extends BaseModel {
  static override tableName = 'forum_thread_originals';
  id!: number;
  thread_id!: number;
  user_id!: number;
  original!: string;
  reasons!: string;
  created_at!: Date;
}
