import { BaseModel } from './base.ts';

export type MatchState = 'pending' | 'accepted' | 'declined' | 'expired';

export class Match extends BaseModel {
  static override tableName = 'matches';
  id!: number;
  season_id!: number;
  user_1_id!: number;
  user_2_id!: number;
  state!: MatchState;
  user_1_accepted_at!: Date | null;
  user_2_accepted_at!: Date | null;
  declined_user_id!: number | null;
  deadline_at!: Date;
  closed_at!: Date | null;
  created_at!: Date;
}
