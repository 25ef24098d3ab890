import type { ChatMode } from '@ecup/domain';
import { BaseModel } from './base.ts';

export class Season extends BaseModel {
  static override tableName = 'seasons';
  id!: number;
  name!: string;
  product_name!: string;
  qualifiers_start!: Date;
  qualifiers_end!: Date;
  time_zone!: string;
  window_start_minute!: number;
  window_end_minute!: number;
  finals_date!: Date | null;
  trophy_hunt_end!: Date;
  prizes_text!: string;
  max_games_per_week!: number;
  start_countdown_at!: Date | null;
  chat_mode!: ChatMode;
  active!: boolean;
  created_at!: Date;
  updated_at!: Date;
}
