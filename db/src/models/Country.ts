import { BaseModel } from './base.ts';

export class Country extends BaseModel {
  static override tableName = 'countries';
  id!: number;
  code!: string;
  name!: string;
}
