/** The links of an e-mail change (docs/rules.md "Account changes"). */
import { field, parsePositiveInt } from './input.ts';
import type { FormInput } from './input.ts';
import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

export interface EmailChangeLinkValue {
  /** The change's id (routes /email/confirm/{id}/{token} and /email/undo/{id}/{token}). */
  id: number;
  token: string;
}

/**
 * A confirm or undo link's parts: a positive whole id and a token of 64 hex digits (as the server makes them, in
 * any case); anything else cannot be a link we sent and gets the invalid-link message.
 */
export function validateEmailChangeLink(input: FormInput): Validation<EmailChangeLinkValue> {
  const id = parsePositiveInt(field(input, 'id'));
  const raw = field(input, 'token');
  const token = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (id === undefined || !/^[0-9a-f]{64}$/.test(token)) return fail('emailChangeLinkInvalid');
  return ok({ id, token });
}
