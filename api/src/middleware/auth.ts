import type Koa from 'koa';
import {
  SESSION_TOUCH_EVERY_MS,
  bannedAt,
  has,
  parsePositiveInt,
  sessionEnded,
  sessionPermissions,
  message,
} from '@ecup/domain';
import { findSessionUser, sessionLimits, touchSession, type User } from '@ecup/db';
import { hashToken } from '@ecup/security';
import { forbidden, unauthorized } from '../errors.ts';
import type { AppDeps, AppState, SessionRef } from '../context.ts';
import { runCommand } from '../services/commands.ts';
import { currentSeason } from '../services/season.ts';
import { bodyOf } from './body.ts';

/**
 * Reads the `<id>:<token>` pair from `Authorization: Bearer` or, for POST bodies, from `_u`/`_t`
 * (docs/decisions.md#api-contract). Never from the query string: a token in a URL ends up in logs and history.
 */
export function credentialsOf(ctx: Koa.Context): { id: number; token: string } | null {
  const header = ctx.get('authorization');
  const bearer = /^Bearer\s+(\d{1,10}):([0-9a-fA-F]{64})\s*$/.exec(header);
  if (bearer) return { id: Number(bearer[1]), token: bearer[2]!.toLowerCase() };
  if (header) return { id: 0, token: '' };
  const body = bodyOf(ctx);
  const id = parsePositiveInt(body._u);
  const token = typeof body._t === 'string' ? body._t : undefined;
  if (id !== undefined && token !== undefined) return { id, token: token.toLowerCase() };
  if (body._u !== undefined || body._t !== undefined) return { id: 0, token: '' };
  return null;
}

/** Whether a user is banned at `now`. */
export function isBanned(user: Pick<User, 'banned_until'>, now: Date): boolean {
  return bannedAt(user, now);
}

/** The 403 a banned user sees, with the reason (docs/decisions.md#permissions); a far-future date means a permanent ban. */
export function bannedError(user: Pick<User, 'banned_until' | 'ban_reason'>, timeZone: string) {
  const until = user.banned_until ? new Date(user.banned_until) : null;
  const permanent = until !== null && until.getUTCFullYear() >= 9000;
  return forbidden(
    message('banned', {
      reason: user.ban_reason ?? '',
      until: permanent || until === null ? null : until.toISOString(),
      time_zone: timeZone,
    }),
  );
}

/**
 * Finds the session of an id/token pair and its user in one query; null when either does not exist or the session
 * has ended (docs/decisions.md#minors-safety: unused too long or too old, with the console's shorter limits; the limits are the
 * `settings` table's).
 */
export async function findSession(deps: Pick<AppDeps, 'knex' | 'now'>, id: number, token: string) {
  if (!/^[0-9a-f]{64}$/.test(token) || id < 1) return null;
  const row = await findSessionUser(deps.knex, id, hashToken(token));
  if (!row) return null;
  const now = deps.now();
  const limits = (await sessionLimits(deps.knex, now))[row.session_console ? 'console' : 'player'];
  if (sessionEnded({ created_at: row.session_created_at, last_seen_at: row.session_last_seen_at }, limits, now))
    return null;
  const session: SessionRef = {
    id: row.session_id,
    last_seen_at: row.session_last_seen_at,
    second_factor: row.session_totp_verified_at !== null,
    console: Boolean(row.session_console),
  };
  const user: User = row;
  delete (row as Partial<typeof row>).session_id;
  delete (row as Partial<typeof row>).session_last_seen_at;
  delete (row as Partial<typeof row>).session_created_at;
  delete (row as Partial<typeof row>).session_console;
  delete (row as Partial<typeof row>).session_totp_verified_at;
  return { session, user };
}

/**
 * Loads the signed-in user when credentials are sent. A bad pair answers 401 at once; a banned user 403.
 * Routes that need a user call `requireUser`.
 */
export function authenticate(deps: AppDeps): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const credentials = credentialsOf(ctx);
    if (credentials) {
      const found = await findSession(deps, credentials.id, credentials.token);
      if (!found) throw unauthorized('sessionExpired');
      const now = deps.now();
      // The end of a ban reads in the season's zone, as at sign-in (e.g. 'CET'), whichever call meets it.
      if (isBanned(found.user, now))
        throw bannedError(found.user, (await currentSeason(deps.knex))?.time_zone ?? 'UTC');
      ctx.state.user = found.user;
      ctx.state.session = found.session;
      const header = ctx.get('authorization');
      if (header !== '') deps.verifiedSessions.add(header, found.user.id);
      // Last use is written at most once a minute per session, and the guard keeps concurrent calls to one write.
      const stale = new Date(now.getTime() - SESSION_TOUCH_EVERY_MS);
      if (new Date(found.session.last_seen_at).getTime() < stale.getTime()) {
        await runCommand(deps, (trx) => touchSession(trx, { session_id: found.session.id, stale, now }));
      }
    }
    await next();
  };
}

/** The signed-in user, or a 401 with the spec-voice message. */
export function requireUser(ctx: { state: AppState }): User {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}

/** The staff flags this request's session may use (domain `sessionPermissions`); 0 when signed out. */
export function permissionsOf(ctx: { state: AppState }): number {
  const { user, session } = ctx.state;
  if (!user || !session) return 0;
  return sessionPermissions(user, session.second_factor);
}

/**
 * The signed-in staff member holding `flag` (docs/decisions.md#permissions): 403 "You do not have permission to do that." without
 * it, and 403 "Sign in to the console with your two-factor code." when the account needs a second factor that
 * this session did not pass (a password alone must not open staff powers of such an account).
 */
export function requireStaffFlag(ctx: { state: AppState }, flag: number): User {
  const user = requireUser(ctx);
  if (!has(user.permissions, flag)) throw forbidden('noPermission');
  if (!has(permissionsOf(ctx), flag)) throw forbidden('consoleSignInRequired');
  return user;
}
