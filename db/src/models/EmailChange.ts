import { BaseModel } from './base.ts';

/** A requested change of a player's e-mail address and its two links (docs/rules.md "Account changes"). */
export class EmailChange extends BaseModel {
  static override tableName = 'email_changes';
  id!: number;
  user_id!: number;
  old_email!: string;
  new_email!: string;
  confirm_token_hash!: string;
  undo_token_hash!: string;
  confirm_expires_at!: Date;
  undo_expires_at!: Date;
  confirmed_at!: Date | null;
  undone_at!: Date | null;
  created_at!: Date;
}
