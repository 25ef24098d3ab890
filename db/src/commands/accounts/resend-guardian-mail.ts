import type { Knex } from 'knex';
import { birthDateOf, guardianApprovalState, sameMailbox } from '@ecup/domain';
import { guardianConfirmationMail } from '@ecup/mail';
import { hashToken, newToken } from '@ecup/security';
import { CommandRejected, type CommandOutcome } from '../types.ts';

/**
 * Writes the approval e-mail to a minor's parent or guardian (docs/product.md#validation "Signup"; docs/decisions.md#permissions) as an `emails` row in
 * the caller's transaction, with the link carrying `token`; sent by the worker after commit. Answers the row's id.
 */
export async function queueGuardianMail(
  trx: Knex,
  input: {
    id: number;
    username: string;
    first_name: string;
    last_name: string;
    guardian_email: string;
    token: string;
    public_url: string;
    product_name: string;
  },
): Promise<number> {
  const mail = guardianConfirmationMail({
    product: input.product_name,
    first_name: input.first_name,
    last_name: input.last_name,
    username: input.username,
    link: `${input.public_url}/guardian/confirm/${input.id}/${input.token}`,
  });
  const [emailId] = await trx('emails').insert({
    kind: 'guardian-confirmation',
    user_id: input.id,
    to_address: input.guardian_email,
    subject: mail.subject,
    text_body: mail.text,
  });
  return emailId!;
}

/**
 * A minor sends the guardian's approval e-mail again from settings (docs/decisions.md#permissions). The link gets a new token, so
 * the earlier e-mail's link stops working (one live link, as with password resets); refused once the guardian has
 * approved, for a player who needs no approval, and when the guardian address reaches the player's own inbox.
 */
export async function resendGuardianMail(
  trx: Knex,
  input: { user_id: number; now: Date; public_url: string; product_name: string },
): Promise<CommandOutcome<{ guardian_email: string }>> {
  const user = await trx('users')
    .where('id', input.user_id)
    .whereNull('erased_at')
    .first(
      'id',
      'username',
      'first_name',
      'last_name',
      'email',
      'birth_date',
      'guardian_email',
      'guardian_confirmed_at',
    )
    .forUpdate();
  if (!user) throw new CommandRejected('not_found', 'notFound');
  const state = guardianApprovalState(
    {
      birth_date: birthDateOf(user.birth_date),
      guardian_email: user.guardian_email,
      guardian_confirmed_at: user.guardian_confirmed_at,
    },
    input.now,
  );
  if (state === 'approved') throw new CommandRejected('conflict', 'guardianResendApproved');
  // A player without a guardian address needs no approval ('not_needed' says so too).
  const guardianEmail = user.guardian_email;
  if (state === 'not_needed' || guardianEmail === null)
    throw new CommandRejected('conflict', 'guardianResendNotNeeded');
  // The player's own address may have changed since sign-up; the approval must never reach their own inbox
  // (docs/rules.md "Guardian e-mail and link").
  if (sameMailbox(guardianEmail, user.email)) throw new CommandRejected('conflict', 'guardianResendOwnInbox');
  const token = newToken();
  const changed = await trx('users')
    .where('id', user.id)
    .whereNull('guardian_confirmed_at')
    .update({ guardian_token_hash: hashToken(token), guardian_token_issued_at: input.now });
  if (changed !== 1) throw new CommandRejected('conflict', 'guardianResendApproved');
  const email_id = await queueGuardianMail(trx, { ...user, guardian_email: guardianEmail, token, ...input });
  return { result: { guardian_email: guardianEmail }, events: [{ type: 'email', email_id }] };
}
