import { BaseModel } from './base.ts';

export class Team extends BaseModel {
  static override tableName = 'teams';
  id!: number;
  name!: string;
  is_irl!: boolean;
  is_fifa!: boolean;
  created_at!: Date;
}
