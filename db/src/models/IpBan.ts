import { BaseModel } from './base.ts';

export class IpBan extends BaseModel {
  static override tableName = 'ip_bans';
  id!: number;
  cidr!: string;
  range_start!: Buffer;
  range_end!: Buffer;
  reason!: string;
  created_by_user_id!: number | null;
  created_at!: Date;
}
