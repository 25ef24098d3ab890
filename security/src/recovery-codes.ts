import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '@ecup/domain';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * The recovery codes of one enrolment (docs/decisions.md#permissions): {@link RECOVERY_CODE_COUNT} codes of
 * {@link RECOVERY_CODE_LENGTH} random base32 characters (60 bits each), shown as `abcd-efgh-ijkl`.
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return chars.match(/.{1,4}/g)!.join('-');
  });
}

/** The stored form of a recovery code: SHA-256 of its characters, lowercase, without the dashes. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase(), 'utf8').digest('hex');
}
