import { BaseModel } from './base.ts';

/** A moderator's warning to a player, shown to them once (docs/decisions.md#minors-safety). */
export class UserWarning extends BaseModel {
  static override tableName = 'user_warnings';
  id!: number;
  user_id!: number;
  message!: string;
  created_by!: number | null;
  created_at!: Date;
  seen_at!: Date | null;
}
