import { BaseModel } from './base.ts';

export class Ban extends BaseModel {
  static override tableName = 'bans';
  id!: number;
  user_id!: number;
  reason!: string;
  created_by_user_id!: number | null;
  expires_at!: Date | null;
  lifted_at!: Date | null;
  lifted_by_user_id!: number | null;
  created_at!: Date;
}
