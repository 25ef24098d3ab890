import { BaseModel } from './base.ts';

export class Email extends BaseModel {
  static override tableName = 'emails';
  id!: number;
  kind!: string;
  user_id!: number | null;
  to_address!: string;
  subject!: string;
  text_body!: string;
  sent_at!: Date | null;
  attempts!: number;
  last_error!: string | null;
  unsubscribe_url!: string | null;
  created_at!: Date;
}
