import { BaseModel } from './base.ts';

/** A one-time console enrolment link (docs/decisions.md#permissions), kept as the SHA-256 of its token. */
export class EnrolmentLink extends BaseModel {
  static override tableName = 'enrolment_links';
  id!: number;
  user_id!: number;
  token_hash!: string;
  expires_at!: Date;
  used_at!: Date | null;
  created_at!: Date;
}
