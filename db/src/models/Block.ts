import { BaseModel } from './base.ts';

/** One player's block of another (docs/decisions.md#minors-safety): mutual for pairing, one-sided for display. */
export class Block extends BaseModel {
  static override tableName = 'blocks';
  static override get idColumn() {
    return ['blocker_user_id', 'blocked_user_id'];
  }
  blocker_user_id!: number;
  blocked_user_id!: number;
  created_at!: Date;
}
