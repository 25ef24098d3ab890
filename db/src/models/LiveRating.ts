import { BaseModel } from './base.ts';

/** The one row naming the season the rating columns of `users` belong to (null before any activation named one). */
export class LiveRating extends BaseModel {
  static override tableName = 'live_ratings';
  id!: number;
  season_id!: number | null;
}
