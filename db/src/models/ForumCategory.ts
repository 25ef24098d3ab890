import { BaseModel } from './base.ts';
import { ForumThread } from './ForumThread.ts';

export class ForumCategory extends BaseModel {
  static override tableName = 'forum_categories';
  id!: number;
  slug!: string;
  title!: string;
  description!: string;
  thread_count!: number;
  threads?: ForumThread[];

  static override relationMappings = () => ({
    threads: {
      relation: BaseModel.HasManyRelation,
      modelClass: ForumThread,
      join: { from: 'forum_categories.id', to: 'forum_threads.category_id' },
    },
  });
}
