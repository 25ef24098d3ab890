import type { ReportKind, ReportOutcome, ReportReason } from '@ecup/domain';
import { BaseModel } from './base.ts';

/**
 * One entry of the safeguarding queue (docs/decisions.md#minors-safety): a player's report of a chat line, a player or a forum post,
 * or an automatic flag (no reporter, `attempts` masked lines). `open_flag_user_id` is generated: the flagged player
 * while the flag is open.
 */
export class Report extends BaseModel {
  static override tableName = 'reports';
  id!: number;
  kind!: ReportKind;
  reporter_user_id!: number | null;
  reported_user_id!: number;
  game_id!: number | null;
  chat_message_id!: number | null;
  post_id!: number | null;
  reason!: ReportReason;
  text!: string | null;
  created_at!: Date;
  resolved_at!: Date | null;
  resolved_by!: number | null;
  outcome!: ReportOutcome | null;
  reporter_seen_at!: Date | null;
  attempts!: number | null;
  open_flag_user_id!: number | null;
}
