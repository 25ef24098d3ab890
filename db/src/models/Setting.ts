import { BaseModel } from './base.ts';

/** An operator setting by name (`settings:set`); the value is text, read by the setting's own parser. */
export class Setting extends BaseModel {
  static override tableName = 'settings';
  static override get idColumn() {
    return 'name';
  }
  name!: string;
  value!: string;
  updated_at!: Date;
}
