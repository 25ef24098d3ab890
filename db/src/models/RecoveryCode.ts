import { BaseModel } from './base.ts';

/** One of a staff member's one-time two-factor recovery codes (docs/decisions.md#permissions), kept as its SHA-256. */
export class RecoveryCode extends BaseModel {
  static override tableName = 'recovery_codes';
  id!: number;
  user_id!: number;
  code_hash!: string;
  created_at!: Date;
}
