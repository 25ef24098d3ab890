import type { Knex } from 'knex';
import type { PrivacyUpdateValue } from '@ecup/domain';
import { User } from '../../models/User.ts';
import type { CommandOutcome } from '../types.ts';

/**
 * Settings → privacy: whether others see the player's real name (docs/rules.md "What others see of a player").
 * A minor's name is hidden whatever this says; the setting matters from the 18th birthday on.
 */
export async function updatePrivacy(
  trx: Knex,
  input: { user_id: number } & PrivacyUpdateValue,
): Promise<CommandOutcome<null>> {
  await User.query(trx)
    .where('id', input.user_id)
    .patch({ hide_real_name: input.hide_real_name, updated_at: trx.fn.now(3) });
  return { result: null, events: [] };
}
