/**
 * Reports and a moderator's answers to them (docs/decisions.md#minors-safety; not in the spec): the player's report dialog, the
 * console's warn and mute forms and the API read these, so all show the same message.
 */
import { REPORT_REASONS, type ReportReason } from '../contract/reports.ts';

import { asInteger, asTrimmed, charLength, field, type FormInput } from './input.ts';
import { fail, ok, type Validation } from './result.ts';

/** The longest report text, warning and the like. */
export const REPORT_TEXT_MAX = 500;
/** The longest chat mute a moderator gives, in days. */
export const MUTE_DAYS_MAX = 365;

/** A report's reason (one of four) and text: optional, except for "other"; at most 500 characters. */
export function validateReport(input: FormInput): Validation<{ reason: ReportReason; text: string | null }> {
  const reason = asTrimmed(field(input, 'reason')) as ReportReason;
  if (!REPORT_REASONS.includes(reason)) return fail('reportReasonInvalid');
  const text = asTrimmed(field(input, 'text'));
  if (charLength(text) > REPORT_TEXT_MAX) return fail('reportTextTooLong');
  if (reason === 'other' && text === '') return fail('reportTextRequired');
  return ok({ reason, text: text === '' ? null : text });
}

/** A moderator's warning: trimmed, 1-500 characters. */
export function validateWarning(input: FormInput): Validation<{ message: string }> {
  const message = asTrimmed(field(input, 'message'));
  if (message === '') return fail('warningRequired');
  if (charLength(message) > REPORT_TEXT_MAX) return fail('warningTooLong');
  return ok({ message });
}

/** A chat mute: whole days from 1 to {@link MUTE_DAYS_MAX}. */
export function validateMuteDays(input: FormInput): Validation<{ days: number }> {
  const days = asInteger(field(input, 'days'));
  if (days === undefined || days < 1 || days > MUTE_DAYS_MAX) return fail('muteDaysInvalid');
  return ok({ days });
}
