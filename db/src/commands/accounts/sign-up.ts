import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import type { SignupValue } from '@ecup/domain';
import { User } from '../../models/User.ts';
import { hashToken, newToken } from '@ecup/security';
import { CommandRejected, type CommandEvent, type CommandOutcome } from '../types.ts';
import { createSession, type NewSession } from './create-session.ts';
import { isEmailHeldForUndo } from '../../queries/accounts.ts';
import { queueGuardianMail } from './resend-guardian-mail.ts';

export interface SignUpInput {
  form: SignupValue;
  password_hash: string;
  avatar_hash: string | null;
  team_avatar_hash: string | null;
  now: Date;
  public_url: string;
  product_name: string;
  ip: string | null;
  user_agent: string | null;
}

/**
 * Creates a player and signs them in (docs/product.md#calls /user/signup). A minor's guardian gets a confirmation e-mail
 * (docs/decisions.md#permissions). Username and e-mail are unique; a clash is refused with the form's message.
 */
export async function signUp(trx: Knex, input: SignUpInput): Promise<CommandOutcome<NewSession & { user_id: number }>> {
  const { form } = input;
  // Plain reads for the friendly message; the unique keys settle two sign-ups at the same instant. (A locking read
  // of a row that does not exist takes gap locks, and concurrent sign-ups of different players then deadlock.)
  const [usernameTaken, emailTaken] = await Promise.all([
    trx('users').where('username', form.username).first('id'),
    trx('users').where('email', form.email).first('id'),
  ]);
  if (usernameTaken) throw new CommandRejected('invalid', 'usernameTaken');
  if (emailTaken || (await isEmailHeldForUndo(trx, { email: form.email, now: input.now }))) {
    throw new CommandRejected('invalid', 'emailInUse');
  }

  const guardianToken = form.guardian_email ? newToken() : null;
  let user: User;
  try {
    user = await User.query(trx).insertAndFetch({
      username: form.username,
      first_name: form.first_name,
      last_name: form.last_name,
      email: form.email,
      password_hash: input.password_hash,
      avatar_hash: input.avatar_hash,
      console: form.console,
      gamer_tag: form.gamer_tag,
      country_id: form.country_id,
      birth_date: new Date(Date.UTC(form.birth_year, form.birth_month - 1, form.birth_day)),
      team_name: form.irl_team,
      team_avatar_hash: input.team_avatar_hash,
      fifa_team_name: form.fifa_team,
      guardian_email: form.guardian_email,
      guardian_token_hash: guardianToken ? hashToken(guardianToken) : null,
      guardian_token_issued_at: guardianToken ? input.now : null,
      terms_accepted_at: input.now,
    });
  } catch (error) {
    // Two sign-ups with the same name at the same instant: the unique key settles it.
    if (error instanceof UniqueViolationError) {
      const columns = error.columns ?? [];
      throw new CommandRejected(
        'invalid',
        columns.includes('email') || String(error.constraint).includes('email') ? 'emailInUse' : 'usernameTaken',
      );
    }
    throw error;
  }

  const events: CommandEvent[] = [];
  if (form.guardian_email && guardianToken) {
    const email_id = await queueGuardianMail(trx, {
      ...user,
      guardian_email: form.guardian_email,
      token: guardianToken,
      public_url: input.public_url,
      product_name: input.product_name,
    });
    events.push({ type: 'email', email_id });
  }
  const session = await createSession(trx, {
    user_id: user.id,
    ip: input.ip,
    user_agent: input.user_agent,
    now: input.now,
  });
  return { result: { ...session.result, user_id: user.id }, events };
}
