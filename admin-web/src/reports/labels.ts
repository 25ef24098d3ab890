import type { AdminReportRecord, ReportKind, ReportOutcome, ReportReason } from '@ecup/domain';

/** The reasons as the player chose them. */
export const REASON_LABELS: Record<ReportReason, string> = {
  personal_details: 'Asking for personal details',
  bullying: 'Bullying or hate',
  cheating: 'Cheating',
  other: 'Other',
};

/** How a report was settled. */
export const OUTCOME_LABELS: Record<ReportOutcome, string> = {
  dismissed: 'Dismissed',
  warned: 'Warned',
  muted: 'Chat muted',
  banned: 'Banned',
  hidden: 'Post hidden',
  locked: 'Thread locked',
};

/** What an item of the queue is about. */
export const KIND_LABELS: Record<ReportKind, string> = {
  chat: 'Chat line',
  player: 'Player',
  forum: 'Forum post',
  flag: 'Flag',
};

/**
 * A flag's contact attempts (masked chat lines to a minor; masked forum titles or posts, which minors read, when the
 * flag points at a post; without a game or post, contact details refused in the player's own names and tags), or a
 * report's reason.
 */
export function summaryOf(
  record: Pick<AdminReportRecord, 'kind' | 'reason' | 'attempts' | 'game_id'> & { post?: unknown },
): string {
  if (record.kind === 'flag') {
    const n = record.attempts ?? 0;
    const attempts = n === 1 ? 'attempt' : 'attempts';
    if (record.post) return `${n} masked contact ${attempts}, the latest in the forum`;
    if (record.game_id === null) return `${n} contact ${attempts} in their profile`;
    return `${n} masked contact ${attempts} to a minor`;
  }
  return REASON_LABELS[record.reason];
}
