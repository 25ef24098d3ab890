import type Koa from 'koa';
import { hasAll, isStaff, needsSecondFactor } from '@ecup/domain';
import type { User } from '@ecup/db';
import type { AppState } from '../context.ts';
import { HttpError, forbidden, unauthorized, type Refusal } from '../errors.ts';

/**
 * A refusal of the console that carries more than the message: `totp_required` / `totp_setup_required`, so the
 * console knows which sign-in step to show (docs/decisions.md#permissions). The admin router's error step writes the extra fields;
 * anywhere else it still answers `{ error }`.
 */
export class ConsoleAuthError extends HttpError {
  constructor(
    status: 401,
    refusal: Refusal,
    readonly extra: Record<string, unknown>,
  ) {
    super(status, refusal);
  }
}

/** Writes a ConsoleAuthError with its extra fields; other errors go on to the app's error middleware. */
export const consoleErrors: Koa.Middleware<AppState> = async (ctx, next) => {
  try {
    await next();
  } catch (error) {
    if (!(error instanceof ConsoleAuthError)) throw error;
    ctx.status = error.status;
    ctx.body = { ...error.body, ...error.extra };
  }
};

/**
 * The console's gate (docs/decisions.md#permissions; docs/api.md "Admin API"): 401 when signed out, 403 for players (permissions
 * 0), and 401 with `totp_required` when the account needs a second factor (TOTP on, or every flag) but this is not
 * a console session that passed one: a token from the player app's sign-in, even one with the code, must not open
 * the console, whose sessions end sooner (docs/decisions.md#minors-safety). Any other player-app session of a staff member is a 401
 * too. Banned users never get here (the authenticate middleware refuses them with the reason).
 */
export function requireConsole(ctx: { state: AppState }): User {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  if (!isStaff(user)) throw forbidden('noPermission');
  const session = ctx.state.session;
  if (needsSecondFactor(user) && !(session?.second_factor && session.console)) {
    throw new ConsoleAuthError(401, 'consoleSignInRequired', { totp_required: true });
  }
  // Only a session the console's own sign-in (or an enrolment) created opens it, two-factor or not: a player-app
  // session lives 30 days and may sit in a shared browser, while the console's end sooner (docs/rules.md
  // "Account changes").
  if (!session?.console) throw unauthorized('consoleSessionRequired');
  return user;
}

/** 403 with MESSAGES.noPermission unless the staff member holds every bit of `flags`. */
export function requireFlags(user: User, flags: number): void {
  if (!hasAll(user, flags)) throw forbidden('noPermission');
}
