import { message, type Message, type MessageName } from '@ecup/domain';

/** A fixed message's name, or a built message (domain `message`). */
export type Refusal = MessageName | Message;

/**
 * An error whose message is safe to show (docs/conventions.md#errors; docs/decisions.md#api-contract status table). It answers
 * `{ error, code, params? }`: the English text, its stable code and the parameters. Anything that is not an
 * HttpError becomes a generic 500 and is logged.
 */
export class HttpError extends Error {
  readonly body: Message;

  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    refusal: Refusal,
    readonly headers: Record<string, string> = {},
  ) {
    const body = typeof refusal === 'string' ? message(refusal) : refusal;
    super(body.error);
    this.body = body;
  }
}

export const badRequest = (refusal: Refusal) => new HttpError(400, refusal);
export const unauthorized = (refusal: Refusal = 'notSignedIn') => new HttpError(401, refusal);
export const forbidden = (refusal: Refusal = 'noPermission') => new HttpError(403, refusal);
export const notFound = (refusal: Refusal = 'notFound') => new HttpError(404, refusal);
export const conflict = (refusal: Refusal) => new HttpError(409, refusal);
export const payloadTooLarge = (refusal: Refusal) => new HttpError(413, refusal);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, message('rateLimited', { seconds: retryAfterSeconds }), {
    'Retry-After': String(Math.ceil(retryAfterSeconds)),
  });
export const unavailable = (refusal: Refusal) => new HttpError(503, refusal);

/** The message of a refused check (`{ ok: false, error, code, params? }`) without its `ok`. */
export function refusalOf(refused: { ok: false } & Message): Message {
  return {
    error: refused.error,
    code: refused.code,
    ...(refused.params === undefined ? {} : { params: refused.params }),
  };
}

/** Throws a 400 with the validator's message when a domain validation failed; returns the value otherwise. */
export function valid<T>(result: { ok: true; value: T } | ({ ok: false } & Message)): T {
  if (!result.ok) throw badRequest(refusalOf(result));
  return result.value;
}
