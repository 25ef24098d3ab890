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
