import { BaseModel } from './base.ts';

/** One rating event of a game (docs/decisions.md#matchmaking, docs/decisions.md#elo): its id is the order in which the events were applied. */
export class EloHistory extends BaseModel {
  static override tableName = 'elo_history';
  id!: number;
  game_id!: number;
  kind!: 'final' | 'edit' | 'replay';
  score_1!: number;
  score_2!: number;
  previous_score_1!: number | null;
  previous_score_2!: number | null;
  elo_1_before!: number;
  elo_2_before!: number;
  elo_1_after!: number;
  elo_2_after!: number;
  games_1!: number;
  games_2!: number;
  created_at!: Date;
}
