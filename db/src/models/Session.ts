import { BaseModel } from './base.ts';

export class Session extends BaseModel {
  static override tableName = 'sessions';
  id!: number;
  user_id!: number;
  token_hash!: string;
  ip!: string | null;
  user_agent!: string | null;
  created_at!: Date;
  last_seen_at!: Date;
  console!: boolean;
  /** When a console session passed its second factor; null for a player's session. */
  totp_verified_at!: Date | null;
}
