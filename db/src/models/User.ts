import { BaseModel } from './base.ts';

export class User extends BaseModel {
  static override tableName = 'users';
  id!: number;
  username!: string;
  first_name!: string;
  last_name!: string;
  email!: string;
  password_hash!: string;
  avatar_hash!: string | null;
  permissions!: number;
  console!: number;
  gamer_tag!: string;
  country_id!: number;
  birth_date!: Date;
  team_name!: string;
  team_avatar_hash!: string | null;
  fifa_team_name!: string;
  wins!: number;
  losses!: number;
  ties!: number;
  games_played!: number;
  scored_goals!: number;
  conceded_goals!: number;
  secured_trophies!: number;
  unsecured_trophies!: number;
  elo!: number;
  forum_post_count!: number;
  guardian_email!: string | null;
  guardian_token_hash!: string | null;
  /** When the current guardian link was sent; it works for GUARDIAN_LINK_MS from then. */
  guardian_token_issued_at!: Date | null;
  guardian_confirmed_at!: Date | null;
  terms_accepted_at!: Date;
  banned_until!: Date | null;
  ban_reason!: string | null;
  totp_secret!: string | null;
  totp_enabled!: boolean;
  erased_at!: Date | null;
  /** A moderator's chat mute (docs/decisions.md#minors-safety). */
  chat_muted_until!: Date | null;
  /** An adult's choice to show others the username instead of the real name (docs/rules.md). */
  hide_real_name!: boolean;
  created_at!: Date;
  updated_at!: Date;
}

/** The staff member behind a console change (the audit log's `actor_user_id`): a user's id and flags. */
export type AdminActor = Pick<User, 'id' | 'permissions'>;
