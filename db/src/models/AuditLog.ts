import { BaseModel } from './base.ts';

export class AuditLog extends BaseModel {
  static override tableName = 'audit_log';
  id!: number;
  actor_user_id!: number | null;
  action!: string;
  entity!: string;
  entity_id!: string | null;
  before!: string | null;
  after!: string | null;
  ip!: string | null;
  created_at!: Date;
}
