import { BaseModel } from './base.ts';

export class QueueEntry extends BaseModel {
  static override tableName = 'queue_entries';
  id!: number;
  user_id!: number;
  season_id!: number;
  elo!: number;
  entered_at!: Date;
  keepalive_at!: Date;
  /** The pending match the entry is in; matched entries are not paired again and need no keepalive. */
  match_id!: number | null;
}
