import { BaseModel } from './base.ts';

export class ForumCategory extends BaseModel {
  static override tableName = 'forum_categories';
  id!: number;
  slug!: string;
  title!: string;
  description!: string;
  thread_count!: number;
}
