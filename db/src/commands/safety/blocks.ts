import type { Knex } from 'knex';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';

/** Whether the two ever met in a game (a block needs a game together, so nobody blocks strangers by id). */
async function playedTogether(knex: Knex, a: number, b: number): Promise<boolean> {
  const game = await knex('games')
    .where((q) => q.where({ user_1_id: a, user_2_id: b }).orWhere({ user_1_id: b, user_2_id: a }))
    .first('id');
  return game !== undefined;
}

/**
 * A player blocks an opponent from one of their games (docs/decisions.md#minors-safety): never paired again, either way, and the
 * blocked player's chat lines and forum posts are hidden for the blocker. Anyone the player never played is a 404.
 * Blocking twice keeps the first block.
 */
export async function blockUser(
  trx: Knex,
  input: { user_id: number; blocked_user_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ blocked: true }>> {
  if (input.user_id === input.blocked_user_id || !(await playedTogether(trx, input.user_id, input.blocked_user_id))) {
    throw new CommandRejected('not_found', 'playerNotFound');
  }
  await trx('blocks')
    .insert({ blocker_user_id: input.user_id, blocked_user_id: input.blocked_user_id, created_at: input.now })
    .onConflict(['blocker_user_id', 'blocked_user_id'])
    .ignore();
  await writeAudit(trx, {
    actor_user_id: input.user_id,
    action: 'user.block',
    entity: 'user',
    entity_id: input.blocked_user_id,
    before: null,
    after: { blocked: true },
    ip: input.ip,
    now: input.now,
  });
  return { result: { blocked: true }, events: [] };
}

/** A player lifts their block of someone; a block that is not there is a 404. */
export async function unblockUser(
  trx: Knex,
  input: { user_id: number; blocked_user_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ blocked: false }>> {
  const removed = await trx('blocks')
    .where({ blocker_user_id: input.user_id, blocked_user_id: input.blocked_user_id })
    .delete();
  if (removed === 0) throw new CommandRejected('not_found', 'playerNotFound');
  await writeAudit(trx, {
    actor_user_id: input.user_id,
    action: 'user.unblock',
    entity: 'user',
    entity_id: input.blocked_user_id,
    before: { blocked: true },
    after: { blocked: false },
    ip: input.ip,
    now: input.now,
  });
  return { result: { blocked: false }, events: [] };
}
