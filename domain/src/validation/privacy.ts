/** Settings → privacy (docs/rules.md "What others see of a player"). */
import { field } from './input.ts';
import type { FormInput } from './input.ts';
import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

export interface PrivacyUpdateValue {
  hide_real_name: boolean;
}

const YES = new Set(['1', 'true', 'on', 'yes']);
const NO = new Set(['0', 'false', 'off', 'no']);

/**
 * POST /user/privacy/update: `hide_real_name` must be said plainly (true or false, 1 or 0, as JSON or form text);
 * anything else is refused, so a broken client never flips the setting by accident.
 */
export function validatePrivacyUpdate(input: FormInput): Validation<PrivacyUpdateValue> {
  const value = field(input, 'hide_real_name');
  if (value === true || value === 1) return ok({ hide_real_name: true });
  if (value === false || value === 0) return ok({ hide_real_name: false });
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (YES.has(word)) return ok({ hide_real_name: true });
    if (NO.has(word)) return ok({ hide_real_name: false });
  }
  return fail('hideRealNameInvalid');
}
