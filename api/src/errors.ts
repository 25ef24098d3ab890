import { MESSAGES } from '@ecup/domain';

/**
 * An error whose message is safe to show (CONVENTIONS §4; decisions §2 status table). Anything that is not an
 * HttpError becomes a generic 500 and is logged.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = MESSAGES.notSignedIn) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.noPermission) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, MESSAGES.rateLimited(retryAfterSeconds), { 'Retry-After': String(Math.ceil(retryAfterSeconds)) });
export const unavailable = (message: string) => new HttpError(503, message);

/** Throws a 400 with the validator's message when a domain validation failed; returns the value otherwise. */
export function valid<T>(result: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!result.ok) throw badRequest(result.error);
  return result.value;
}
