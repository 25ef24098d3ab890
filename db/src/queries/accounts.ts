import { timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { browserName, shortAddress } from '@ecup/domain';
import { hashToken } from '@ecup/security';
import { EmailChange } from '../models/EmailChange.ts';
import type { Session } from '../models/Session.ts';
import { User } from '../models/User.ts';
import { sessionLimits } from '../services/settings.ts';

/** One user by id, erased or not, or undefined. */
export async function findUserById(knex: Knex, id: number): Promise<User | undefined> {
  return await User.query(knex).findById(id);
}

/** One user by id that has not been erased, or undefined. */
export async function findLiveUser(knex: Knex, id: number): Promise<User | undefined> {
  return await User.query(knex).findById(id).whereNull('erased_at');
}

/** The account of a sign-in name that has not been erased, or undefined. */
export async function findLiveUserByUsername(knex: Knex, username: string): Promise<User | undefined> {
  return await User.query(knex).findOne({ username }).whereNull('erased_at');
}

/** The staff account (permissions above 0) of a sign-in name that has not been erased, or undefined. */
export async function findStaffByUsername(knex: Knex, username: string): Promise<User | undefined> {
  return await User.query(knex).findOne({ username }).whereNull('erased_at').where('permissions', '>', 0);
}

/** A session's columns read along with its user (`session_*`). */
export interface SessionColumns {
  session_id: number;
  session_last_seen_at: Date;
  session_created_at: Date;
  session_console: boolean | number;
  session_totp_verified_at: Date | null;
}

/** A user that has not been erased with the session of a token hash, in one query; undefined when either is missing. */
export async function findSessionUser(
  knex: Knex,
  userId: number,
  tokenHash: string,
): Promise<(User & SessionColumns) | undefined> {
  return await User.query(knex)
    .join('sessions', 'sessions.user_id', 'users.id')
    .where('sessions.token_hash', tokenHash)
    .where('users.id', userId)
    .whereNull('users.erased_at')
    .select(
      'users.*',
      'sessions.id as session_id',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.created_at as session_created_at',
      'sessions.console as session_console',
      'sessions.totp_verified_at as session_totp_verified_at',
    )
    .first()
    .castTo<(User & SessionColumns) | undefined>();
}

const SESSION_COLUMNS = ['id', 'ip', 'user_agent', 'created_at', 'last_seen_at', 'console'] as const;

/** The Session model's columns listed, as the driver gives them (`console` a TINYINT 0/1). */
type LiveSessionRow = Omit<Pick<Session, (typeof SESSION_COLUMNS)[number]>, 'console'> & {
  console: number | boolean;
};

/** One session that has not ended, ready to show: browser name and shortened address, never the whole address. */
export interface LiveSession {
  id: number;
  browser: string;
  address: string | null;
  created_at: Date;
  last_seen_at: Date;
  console: boolean;
}

/** The most sessions "Where you're signed in" lists (a list, not a history). */
const SESSIONS_SHOWN = 100;

/**
 * A user's sessions that have not ended at `now` (the limits of the `settings` table), most recently used first:
 * "Where you're signed in" in settings and on the console's user page.
 */
export async function liveSessions(knex: Knex, userId: number, now: Date): Promise<LiveSession[]> {
  const limits = await sessionLimits(knex, now);
  const since = (ms: number) => new Date(now.getTime() - ms);
  const rows: LiveSessionRow[] = await knex('sessions')
    .where('user_id', userId)
    .where((any) => {
      for (const kind of ['player', 'console'] as const) {
        any.orWhere((q) =>
          q
            .where('console', kind === 'console')
            .where('last_seen_at', '>=', since(limits[kind].idle_ms))
            .where('created_at', '>=', since(limits[kind].max_ms)),
        );
      }
    })
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SESSIONS_SHOWN)
    .select(SESSION_COLUMNS);
  return rows.map((row) => ({
    id: row.id,
    browser: browserName(row.user_agent),
    address: shortAddress(row.ip),
    created_at: new Date(row.created_at),
    last_seen_at: new Date(row.last_seen_at),
    console: Boolean(row.console),
  }));
}

/** The IP ban whose range covers an address (16 bytes, as stored), if any. */
export async function findIpBanCovering(knex: Knex, address: Buffer): Promise<{ id: number; reason: string } | null> {
  const ban: { id: number; reason: string } | undefined = await knex('ip_bans')
    .where('range_start', '<=', address)
    .andWhere('range_end', '>=', address)
    .first('id', 'reason');
  return ban ?? null;
}

/**
 * Whether `email` is the old address of another account's confirmed change that can still be undone: it stays
 * that account's, so a taker cannot sign up with it (or move another account to it) and block the undo.
 */
export async function isEmailHeldForUndo(
  trx: Knex,
  input: { email: string; now: Date; except_user_id?: number },
): Promise<boolean> {
  const query = trx('email_changes')
    .where('old_email', input.email)
    .whereNotNull('confirmed_at')
    .whereNull('undone_at')
    .where('undo_expires_at', '>', input.now);
  if (input.except_user_id !== undefined) query.whereNot('user_id', input.except_user_id);
  return Boolean(await query.first('id'));
}

/**
 * Whether a confirm or undo link can still be used, asked when its page opens: it matches, is neither used nor
 * cancelled, and has not expired. Used links answer no, so the page shows that state rather than a button.
 */
export async function isUsableEmailChangeLink(
  knex: Knex,
  input: { id: number; token: string; kind: 'confirm' | 'undo'; now: Date },
): Promise<boolean> {
  const row = await EmailChange.query(knex).findById(input.id);
  if (!row) return false;
  const given = Buffer.from(hashToken(input.token), 'hex');
  const stored = Buffer.from(String(input.kind === 'confirm' ? row.confirm_token_hash : row.undo_token_hash), 'hex');
  if (stored.length !== given.length || !timingSafeEqual(stored, given) || row.undone_at !== null) return false;
  if (input.kind === 'undo') return new Date(row.undo_expires_at).getTime() > input.now.getTime();
  return row.confirmed_at === null && new Date(row.confirm_expires_at).getTime() > input.now.getTime();
}

/**
 * Whether a reset link can still be used (POST /user/reset_password): it exists for that user, is unused, has
 * not expired and its token matches. Used both to check a link when its page opens and when it is used.
 */
export async function isUsableReset(
  knex: Knex,
  input: { id: number; uid: number; token: string; now: Date },
): Promise<boolean> {
  const reset = await knex('password_resets')
    .where({ id: input.id, user_id: input.uid })
    .first('id', 'token_hash', 'expires_at', 'used_at');
  const given = Buffer.from(hashToken(input.token), 'hex');
  return Boolean(
    reset &&
    reset.used_at === null &&
    new Date(reset.expires_at).getTime() > input.now.getTime() &&
    timingSafeEqual(Buffer.from(String(reset.token_hash), 'hex'), given),
  );
}
