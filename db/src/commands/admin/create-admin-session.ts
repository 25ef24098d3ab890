import type { Knex } from 'knex';
import { writeAudit } from '../audit.ts';
import { createSession, type NewSession } from '../accounts/create-session.ts';
import type { CommandOutcome } from '../types.ts';

/**
 * A console sign-in (docs/decisions.md#permissions): a session like the player app's, marked when the second factor was checked,
 * because the console API accepts staff with TOTP on, and holders of every flag, only on such a session. Every
 * console sign-in is audited as `console.sign_in` (docs/rules.md "Staff actions and audit"), so the audit log shows
 * who opened the console, when and from where.
 */
export async function createAdminSession(
  trx: Knex,
  input: { user_id: number; ip: string | null; user_agent: string | null; second_factor: boolean; now: Date },
): Promise<CommandOutcome<NewSession>> {
  const opened = await createSession(trx, { ...input, console: true });
  await writeAudit(trx, {
    actor_user_id: input.user_id,
    action: 'console.sign_in',
    entity: 'console_sign_in',
    entity_id: input.user_id,
    before: null,
    after: { session_id: opened.result.session_id, second_factor: input.second_factor },
    ip: input.ip,
    now: input.now,
  });
  return opened;
}

/** Why a console sign-in of a staff account was refused, as the audit line records it. */
export type ConsoleSignInFailure = 'password' | 'second_factor';

/**
 * A refused console sign-in of a staff account (wrong password, or a missing or wrong second factor), audited as
 * `console.sign_in_failed` (docs/rules.md "Staff actions and audit"). Attempts on names that are not staff are not
 * written: the sign-in limits already bound them, and the audit log is about staff accounts.
 */
export async function auditConsoleSignInFailed(
  trx: Knex,
  input: { user_id: number; reason: ConsoleSignInFailure; ip: string | null; now: Date },
): Promise<CommandOutcome<null>> {
  await writeAudit(trx, {
    actor_user_id: null,
    action: 'console.sign_in_failed',
    entity: 'console_sign_in',
    entity_id: input.user_id,
    before: null,
    after: { reason: input.reason },
    ip: input.ip,
    now: input.now,
  });
  return { result: null, events: [] };
}
