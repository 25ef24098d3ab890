import type { ReportOutcome, ReportReason } from '@ecup/domain';

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
};
