import type { Knex } from 'knex';
import type { CommandOutcome } from '../types.ts';

/**
 * Stores a stronger hash of the same password after a successful sign-in, only while the row still holds the hash
 * that was checked: a password changed or reset meanwhile wins (docs/conventions.md#races). Answers whether it was stored.
 */
export async function rehashPassword(
  trx: Knex,
  input: { user_id: number; checked_hash: string; password_hash: string },
): Promise<CommandOutcome<{ stored: boolean }>> {
  const changed = await trx('users')
    .where({ id: input.user_id, password_hash: input.checked_hash })
    .update({ password_hash: input.password_hash });
  return { result: { stored: changed === 1 }, events: [] };
}
