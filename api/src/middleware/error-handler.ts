import type Koa from 'koa';
import { message } from '@ecup/domain';
import { isDatabaseUnavailable } from '@ecup/db';
import { HASH_BUSY_RETRY_AFTER_S, HashingBusyError } from '@ecup/security';
import { HttpError } from '../errors.ts';
import type { AppDeps, AppState } from '../context.ts';

interface BodyParserError {
  status?: number;
  statusCode?: number;
  httpCode?: number;
  expose?: boolean;
  type?: string;
  code?: number | string;
}

/** Maps errors raised by the body parsers (raw-body, co-body, formidable) to safe answers, or null. */
function bodyError(error: BodyParserError): HttpError | null {
  const status = error.status ?? error.statusCode ?? error.httpCode;
  if (status === 413 || error.type === 'entity.too.large' || error.code === 1009 || error.code === 1016) {
    return new HttpError(413, message('photoTooLarge', { megabytes: 5 }));
  }
  // formidable's smallerThanMinFileSize / noEmptyFiles: an empty upload is not a JPEG or PNG either.
  if (error.code === 1008 || error.code === 1010) return new HttpError(400, 'photoType');
  if (
    error.type === 'entity.parse.failed' ||
    error.type === 'encoding.unsupported' ||
    error.type === 'charset.unsupported'
  ) {
    return new HttpError(400, 'invalidRequestBody');
  }
  if (status === 415) return new HttpError(415, 'invalidRequestBody');
  // Our own code raises only HttpError; a 4xx from elsewhere comes from parsing the body (broken JSON, bad
  // multipart boundaries, too many fields).
  if (typeof status === 'number' && status >= 400 && status < 500) return new HttpError(400, 'invalidRequestBody');
  return null;
}

/**
 * What goes to the log for an unexpected error. A database error's message holds the whole statement with its
 * values (password hashes, e-mail addresses), so only its code, the server's message and the stack are logged.
 */
function loggable(error: unknown): unknown {
  type DriverError = { code?: string; sqlMessage?: string };
  // objection wraps the driver's error in nativeError; a knex query throws the driver's own (with `sql` on it).
  const wrapped = (error as { nativeError?: DriverError } | null)?.nativeError;
  const native =
    wrapped ?? ((error as DriverError | null)?.sqlMessage !== undefined ? (error as DriverError) : undefined);
  if (!native) return error;
  const stack = (error as Error).stack?.split('\n').slice(1).join('\n') ?? '';
  return `${(error as Error).name} ${native.code ?? ''}: ${native.sqlMessage ?? ''}\n${stack}`;
}

/**
 * The one error middleware at the top (docs/conventions.md#errors): `{ error, code, params? }` bodies (domain `message`), never
 * internals.
 */
export function errorHandler(deps: AppDeps): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = caught instanceof HttpError ? caught : bodyError(caught as BodyParserError);
      if (error) {
        ctx.status = error.status;
        ctx.set(error.headers);
        ctx.body = error.body;
        return;
      }
      // Every password-hashing thread busy and the line full: a crowd signing in, not a fault; the client comes back.
      if (caught instanceof HashingBusyError) {
        ctx.status = 503;
        ctx.set('Retry-After', String(HASH_BUSY_RETRY_AFTER_S));
        ctx.body = message('hashingBusy');
        return;
      }
      // MySQL down or restarting is an outage, not a bug: a quick 503 the client may retry, one warn line
      // with the driver's code only (knex puts the statement and its values into the message, see loggable).
      if (isDatabaseUnavailable(caught)) {
        const native = ((caught as { nativeError?: unknown }).nativeError ?? caught) as Error & { code?: unknown };
        (ctx.state.log ?? deps.log).warn(
          { code: native.code ?? native.name, method: ctx.method },
          'database unavailable',
        );
        ctx.status = 503;
        ctx.body = message('serviceUnavailable');
        return;
      }
      // The request's logger carries its id, so the line meets the request's own line and the X-Request-Id.
      (ctx.state.log ?? deps.log).error({ err: loggable(caught), method: ctx.method }, 'unexpected error');
      ctx.status = 500;
      ctx.body = message('somethingWentWrong');
    }
  };
}
