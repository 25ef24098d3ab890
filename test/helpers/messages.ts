import { messageWithText } from '../../domain/src/testing/refusals.ts';

/**
 * The body the API answers for a refusal with the spec's fixed English text: `{ error, code }`, the code being that
 * text's message name, plus any other fields the answer carries (`totp_required`).
 */
export function refusalBody(text: string, extra: Record<string, unknown> = {}) {
  return { ...messageWithText(text), ...extra };
}
