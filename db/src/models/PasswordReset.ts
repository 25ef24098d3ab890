import { BaseModel } from './base.ts';

export class PasswordReset extends BaseModel {
  static override tableName = 'password_resets';
  id!: number;
  user_id!: number;
  token_hash!: string;
  expires_at!: Date;
  used_at!: Date | null;
  created_at!: Date;
}
