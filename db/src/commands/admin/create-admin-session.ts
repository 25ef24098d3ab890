import type { Knex } from 'knex';
import { createSession, type NewSession } from '../accounts/create-session.ts';
import type { CommandOutcome } from '../types.ts';

/**
 * A console sign-in (decisions §8): a session like the player app's, marked when the second factor was checked,
 * because the console API accepts staff with TOTP on, and holders of every flag, only on such a session.
 */
export async function createAdminSession(
  trx: Knex,
  input: { user_id: number; ip: string | null; user_agent: string | null; second_factor: boolean; now: Date },
): Promise<CommandOutcome<NewSession>> {
  return createSession(trx, { ...input, console: true });
}
