import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;

/** The code an authenticator app shows for the base32 `secret` at `timestampMs` (RFC 6238 defaults). */
export function totpCode(secret: string, timestampMs: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: timestampMs,
  });
}

/** A code that is certainly wrong at `timestampMs`: not the current one, nor one of the periods either side. */
export function wrongTotpCode(secret: string, timestampMs: number): string {
  const valid = new Set([-PERIOD_MS, 0, PERIOD_MS].map((offset) => totpCode(secret, timestampMs + offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
