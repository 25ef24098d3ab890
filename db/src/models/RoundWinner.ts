import { BaseModel } from './base.ts';

/** A week's placed player, recorded once when the week's window closes (docs/rules.md "Prizes"). */
export class RoundWinner extends BaseModel {
  static override tableName = 'round_winners';
  id!: number;
  season_id!: number;
  /** Monday 00:00 local of the week, as `games.week_start`. */
  week_start!: Date;
  place!: number;
  user_id!: number;
  elo_gain!: number;
  games!: number;
  wins!: number;
  recorded_at!: Date;
}
