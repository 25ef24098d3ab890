import type { Knex } from 'knex';
import { PASSWORD_RESET_VALID_MINUTES } from '@ecup/domain';
import { passwordResetMail } from '@ecup/mail';
import { hashToken, newToken } from '@ecup/security';
import type { CommandOutcome } from '../types.ts';

/**
 * Starts a password reset when username and e-mail belong to one account (docs/product.md#calls /user/forgot_password): a
 * one-time link is e-mailed. Answers the same outcome shape either way so the API reveals nothing.
 */
export async function requestPasswordReset(
  trx: Knex,
  input: { username: string; email: string; now: Date; public_url: string; product_name: string },
): Promise<CommandOutcome<{ matched: boolean }>> {
  const user = await trx('users')
    .where({ username: input.username, email: input.email })
    .whereNull('erased_at')
    .first('id', 'username', 'first_name', 'email');
  if (!user) return { result: { matched: false }, events: [] };
  const token = newToken();
  const [resetId] = await trx('password_resets').insert({
    user_id: user.id,
    token_hash: hashToken(token),
    expires_at: new Date(input.now.getTime() + PASSWORD_RESET_VALID_MINUTES * 60_000),
  });
  const mail = passwordResetMail({
    product: input.product_name,
    first_name: user.first_name,
    username: user.username,
    link: `${input.public_url}/resetpassword/${resetId}/${user.id}/${token}`,
    validMinutes: PASSWORD_RESET_VALID_MINUTES,
  });
  const [emailId] = await trx('emails').insert({
    kind: 'password-reset',
    user_id: user.id,
    to_address: user.email,
    subject: mail.subject,
    text_body: mail.text,
  });
  return { result: { matched: true }, events: [{ type: 'email', email_id: emailId! }] };
}
