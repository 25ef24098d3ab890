import { BaseModel } from './base.ts';

export class TrophyPool extends BaseModel {
  static override tableName = 'trophy_pools';
  id!: number;
  season_id!: number;
  week_start!: Date;
  size!: number;
  created_at!: Date;
}
