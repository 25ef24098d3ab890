import { BaseModel } from './base.ts';

/** A finished season's final standing of one player: the rating columns of `users` as they were at its end. */
export class SeasonStanding extends BaseModel {
  static override tableName = 'season_standings';
  id!: number;
  season_id!: number;
  user_id!: number;
  /** The final place in the Elo ranking; null for a player who played but was not ranked (banned, erased). */
  rank!: number | null;
  elo!: number;
  wins!: number;
  ties!: number;
  losses!: number;
  scored_goals!: number;
  conceded_goals!: number;
  games_played!: number;
  secured_trophies!: number;
}
