import { timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { EmailChange } from '../models/EmailChange.ts';
import { hashToken } from '../security/tokens.ts';

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
