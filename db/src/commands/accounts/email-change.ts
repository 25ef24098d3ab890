import { timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import {
  EMAIL_CHANGE_CONFIRM_VALID_HOURS,
  EMAIL_CHANGE_UNDO_VALID_DAYS,
  sameMailbox,
  type ProfileUpdateValue,
} from '@ecup/domain';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '@ecup/mail';
import { EmailChange } from '../../models/EmailChange.ts';
import { hashToken, newToken } from '@ecup/security';
import { CommandRejected, type CommandEvent, type CommandOutcome } from '../types.ts';
import { isEmailHeldForUndo } from '../../queries/accounts.ts';

const HOUR_MS = 3_600_000;

/** 400 emailInUse when another account holds `email`, or may still take it back by an undo. */
async function refuseTaken(trx: Knex, email: string, user_id: number, now: Date): Promise<void> {
  const clash = await trx('users').where('email', email).whereNot('id', user_id).first('id');
  if (clash || (await isEmailHeldForUndo(trx, { email, now, except_user_id: user_id }))) {
    throw new CommandRejected('invalid', 'emailInUse');
  }
}

/**
 * Settings → personal info with a new e-mail address (docs/rules.md "Account changes"; the caller has checked the
 * password): the names are saved at once, the address is not. A pending change is stored with two one-time links:
 * a confirmation to the new address (valid 24 hours) and a notice with an undo link to the old one (valid 7 days).
 * A newer request replaces an older pending one. An address another account holds is refused at once.
 */
export async function requestEmailChange(
  trx: Knex,
  input: { user_id: number; now: Date; public_url: string; product_name: string } & Omit<
    ProfileUpdateValue,
    'current_password'
  >,
): Promise<CommandOutcome<{ change_id: number; new_email: string }>> {
  const user = await trx('users')
    .where('id', input.user_id)
    .forUpdate()
    .first('id', 'username', 'email', 'guardian_email', 'erased_at');
  if (!user || user.erased_at !== null) throw new CommandRejected('not_found', 'notSignedIn');
  // The guardian's inbox is where approvals and notices for the guardian go: a player who moved there could act as
  // their own guardian (docs/rules.md "Guardian e-mail and link").
  if (user.guardian_email && sameMailbox(user.guardian_email, input.email)) {
    throw new CommandRejected('invalid', 'emailIsGuardians');
  }
  await refuseTaken(trx, input.email, input.user_id, input.now);
  await trx('users')
    .where('id', input.user_id)
    .update({ first_name: input.first_name, last_name: input.last_name, updated_at: trx.fn.now(3) });
  await trx('email_changes')
    .where('user_id', input.user_id)
    .whereNull('confirmed_at')
    .whereNull('undone_at')
    .update({ undone_at: input.now });
  const confirmToken = newToken();
  const undoToken = newToken();
  const [changeId] = await trx('email_changes').insert({
    user_id: input.user_id,
    old_email: user.email,
    new_email: input.email,
    confirm_token_hash: hashToken(confirmToken),
    undo_token_hash: hashToken(undoToken),
    confirm_expires_at: new Date(input.now.getTime() + EMAIL_CHANGE_CONFIRM_VALID_HOURS * HOUR_MS),
    undo_expires_at: new Date(input.now.getTime() + EMAIL_CHANGE_UNDO_VALID_DAYS * 24 * HOUR_MS),
    created_at: input.now,
  });
  const mails = [
    {
      to: input.email,
      kind: 'email-change-confirm',
      mail: emailChangeConfirmMail({
        product: input.product_name,
        first_name: input.first_name,
        username: user.username,
        link: `${input.public_url}/email/confirm/${changeId}/${confirmToken}`,
        validHours: EMAIL_CHANGE_CONFIRM_VALID_HOURS,
      }),
    },
    {
      to: user.email as string,
      kind: 'email-change-notice',
      mail: emailChangeNoticeMail({
        product: input.product_name,
        first_name: input.first_name,
        username: user.username,
        new_email: input.email,
        link: `${input.public_url}/email/undo/${changeId}/${undoToken}`,
        validDays: EMAIL_CHANGE_UNDO_VALID_DAYS,
      }),
    },
  ];
  const events: CommandEvent[] = [];
  for (const { to, kind, mail } of mails) {
    const [emailId] = await trx('emails').insert({
      kind,
      user_id: input.user_id,
      to_address: to,
      subject: mail.subject,
      text_body: mail.text,
    });
    events.push({ type: 'email', email_id: emailId! });
  }
  return { result: { change_id: changeId!, new_email: input.email }, events };
}

/** The change of a link, locked, when the token matches the one kind of link; else null. */
async function changeOfLink(
  trx: Knex,
  input: { id: number; token: string },
  which: 'confirm_token_hash' | 'undo_token_hash',
): Promise<EmailChange | null> {
  const row = await EmailChange.query(trx).findById(input.id).forUpdate();
  if (!row) return null;
  const given = Buffer.from(hashToken(input.token), 'hex');
  const stored = Buffer.from(String(row[which]), 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given) ? row : null;
}

/**
 * The new address opened its confirmation link (docs/rules.md "Account changes"): the account's address becomes
 * the new one. A link that is unknown, expired, already used, cancelled or replaced is refused, and so is one
 * whose account has changed its address meanwhile; two confirmations at once succeed once (the row is locked).
 */
export async function confirmEmailChange(
  trx: Knex,
  input: { id: number; token: string; now: Date },
): Promise<CommandOutcome<{ user_id: number; email: string }>> {
  const change = await changeOfLink(trx, input, 'confirm_token_hash');
  if (
    !change ||
    change.confirmed_at !== null ||
    change.undone_at !== null ||
    new Date(change.confirm_expires_at).getTime() <= input.now.getTime()
  ) {
    throw new CommandRejected('invalid', 'emailChangeLinkInvalid');
  }
  const user = await trx('users').where('id', change.user_id).forUpdate().first('email', 'erased_at');
  if (!user || user.erased_at !== null || user.email !== change.old_email) {
    throw new CommandRejected('invalid', 'emailChangeLinkInvalid');
  }
  await refuseTaken(trx, change.new_email, change.user_id, input.now);
  try {
    await trx('users')
      .where('id', change.user_id)
      .update({ email: change.new_email, updated_at: trx.fn.now(3) });
  } catch (error) {
    if (error instanceof UniqueViolationError || (error as { code?: string }).code === 'ER_DUP_ENTRY') {
      throw new CommandRejected('invalid', 'emailInUse');
    }
    throw error;
  }
  await trx('email_changes').where('id', change.id).update({ confirmed_at: input.now });
  return { result: { user_id: change.user_id, email: change.new_email }, events: [] };
}

/**
 * The old address opened its undo link (docs/rules.md "Account changes"). Before confirmation the change is
 * cancelled. After it the address goes back to the old one and, since the change was likely made by someone who
 * had taken the session, every session of the account ends and every open password-reset link stops working (one
 * may have gone to the new address). An unknown, expired or already used link is refused.
 */
export async function undoEmailChange(
  trx: Knex,
  input: { id: number; token: string; now: Date },
): Promise<CommandOutcome<{ reverted: boolean }>> {
  const change = await changeOfLink(trx, input, 'undo_token_hash');
  if (!change || change.undone_at !== null || new Date(change.undo_expires_at).getTime() <= input.now.getTime()) {
    throw new CommandRejected('invalid', 'emailChangeLinkInvalid');
  }
  await trx('email_changes').where('id', change.id).update({ undone_at: input.now });
  if (change.confirmed_at === null) return { result: { reverted: false }, events: [] };
  await trx('users').where('id', change.user_id).forUpdate().first('id');
  await refuseTaken(trx, change.old_email, change.user_id, input.now);
  await trx('users')
    .where('id', change.user_id)
    .update({ email: change.old_email, updated_at: trx.fn.now(3) });
  // Any other change still waiting (the taker may have asked for another) is cancelled too.
  await trx('email_changes')
    .where('user_id', change.user_id)
    .whereNull('confirmed_at')
    .whereNull('undone_at')
    .update({ undone_at: input.now });
  await trx('password_resets').where('user_id', change.user_id).whereNull('used_at').update({ used_at: input.now });
  await trx('sessions').where('user_id', change.user_id).delete();
  return {
    result: { reverted: true },
    events: [{ type: 'sessions-revoked', user_id: change.user_id, kept_session_id: null }],
  };
}
