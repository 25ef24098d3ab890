import { BaseModel } from './base.ts';

export class Evidence extends BaseModel {
  static override tableName = 'evidence';
  id!: number;
  game_id!: number;
  user_id!: number;
  youtube_id!: string | null;
  evidence_hash!: string | null;
  created_at!: Date;
}
