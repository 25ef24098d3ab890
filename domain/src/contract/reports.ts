/**
 * Reports and blocks (docs/decisions.md#minors-safety; docs/api.md "Reports and blocks"): what a player sends and reads. A payload the
 * reported player can read never names the reporter.
 */

/** Why a player reports a chat line or an opponent. */
export const REPORT_REASONS = ['personal_details', 'bullying', 'cheating', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * What a report is about: an opponent's chat line, the opponent, or a forum post; or an automatic flag (no reporter):
 * an adult whose lines to a minor were masked for contact details.
 */
export type ReportKind = 'chat' | 'player' | 'forum' | 'flag';

/**
 * How a moderator settled a report: `hidden` when the reported post was hidden; `locked` only on post reports
 * settled by locking their thread before the queues were merged.
 */
export const REPORT_OUTCOMES = ['dismissed', 'warned', 'muted', 'banned', 'hidden', 'locked'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** POST /game/report */
export interface GameReportRequest {
  game_id: number;
  chat_message_id?: number;
  reason: ReportReason;
  text?: string;
}

/** One of the player's own reports (GET /user/reports): the reporter's view, without the moderator's name. */
export interface OwnReportPayload {
  id: number;
  kind: ReportKind;
  reason: ReportReason;
  reported_username: string;
  game_id: number | null;
  created_at: string;
  /** True once a moderator settled it ("We looked at your report"). */
  handled: boolean;
}

/** A player the caller blocked (GET /user/blocks). */
export interface BlockedPlayerPayload {
  user_id: number;
  username: string;
  avatar_hash: string | null;
  blocked_at: string;
}

/** GET /user/blocks */
export interface BlocksResponse {
  blocks: BlockedPlayerPayload[];
}

/** A moderator's warning the player has not seen yet (GET /user/warning). */
export interface WarningPayload {
  id: number;
  message: string;
  created_at: string;
}
