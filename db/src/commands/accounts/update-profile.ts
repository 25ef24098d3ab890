import type { Knex } from 'knex';
import { UniqueViolationError } from 'objection';
import type { ConsoleUpdateValue, ProfileUpdateValue, TeamsUpdateValue } from '@ecup/domain';
import { User } from '../../models/User.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';

/**
 * Settings → personal info (docs/product.md#screens-and-routes, docs/product.md#validation): names, with the e-mail as stored (the API sends a new address through
 * `requestEmailChange` instead: docs/rules.md "Account changes"); an e-mail used by someone else is refused. The read
 * gives the friendly message; the unique key settles two players taking the same address at the same instant (a
 * 400, never a 500).
 */
export async function updateProfile(
  trx: Knex,
  input: { user_id: number } & ProfileUpdateValue,
): Promise<CommandOutcome<null>> {
  const clash = await trx('users').where('email', input.email).whereNot('id', input.user_id).first('id');
  if (clash) throw new CommandRejected('invalid', 'emailInUse');
  try {
    await User.query(trx)
      .where('id', input.user_id)
      .patch({
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        updated_at: trx.fn.now(3),
      });
  } catch (error) {
    if (error instanceof UniqueViolationError) throw new CommandRejected('invalid', 'emailInUse');
    throw error;
  }
  return { result: null, events: [] };
}

/** Settings → console and gamer tag (docs/product.md#screens-and-routes, docs/product.md#validation). */
export async function updateConsole(
  trx: Knex,
  input: { user_id: number } & ConsoleUpdateValue,
): Promise<CommandOutcome<null>> {
  await trx('users')
    .where('id', input.user_id)
    .update({ console: input.console, gamer_tag: input.gamer_tag, updated_at: trx.fn.now(3) });
  return { result: null, events: [] };
}

/**
 * Settings → teams: the IRL team (its photo stays) and the FIFA team. The ranking and the player card read the
 * current names, so a change shows there at once; finished games keep no copy of them.
 */
export async function updateTeams(
  trx: Knex,
  input: { user_id: number } & TeamsUpdateValue,
): Promise<CommandOutcome<null>> {
  await trx('users')
    .where('id', input.user_id)
    .update({ team_name: input.irl_team, fifa_team_name: input.fifa_team, updated_at: trx.fn.now(3) });
  return { result: null, events: [] };
}

/** Settings → profile image: points the user at a newly stored avatar; returns the previous one to remove. */
export async function setAvatar(
  trx: Knex,
  input: { user_id: number; avatar_hash: string },
): Promise<CommandOutcome<{ previous: string | null }>> {
  const user = await trx('users').where('id', input.user_id).first('avatar_hash').forUpdate();
  await trx('users')
    .where('id', input.user_id)
    .update({ avatar_hash: input.avatar_hash, updated_at: trx.fn.now(3) });
  return { result: { previous: (user?.avatar_hash as string | null) ?? null }, events: [] };
}
