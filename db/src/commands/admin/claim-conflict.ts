import type { Knex } from 'knex';
import { message } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandOutcome } from '../types.ts';
import type { Game } from '../../models/Game.ts';
import type { AdminActor } from '../../models/User.ts';

/** A game in conflict as the claim commands read it: the Game model's columns and the claimer's name. */
type ClaimRow = Pick<Game, 'id' | 'conflict_solved' | 'claimed_by_user_id'> & { claimed_by_username: string | null };

/**
 * A game in conflict under its row lock with who claimed it; a game that never went to conflict is a 404 here (the
 * console's conflicts are those games only).
 */
export async function lockConflict(trx: Knex, gameId: number): Promise<ClaimRow> {
  const row = await trx('games')
    .where({ id: gameId, conflict: true })
    .forUpdate()
    .first('id', 'conflict_solved', 'claimed_by_user_id');
  if (!row) throw new CommandRejected('not_found', 'recordNotFound');
  const claimer =
    row.claimed_by_user_id === null
      ? undefined
      : await trx('users').where('id', row.claimed_by_user_id).first('username');
  return {
    id: row.id,
    conflict_solved: Boolean(row.conflict_solved),
    claimed_by_user_id: row.claimed_by_user_id,
    claimed_by_username: claimer?.username ?? null,
  };
}

/**
 * A moderator claims an open conflict (canResolveConflicts, checked by the caller), so two do not work on the same
 * game: the row lock orders simultaneous claims, the first one wins and the other gets a 409 naming who has it.
 * Claiming one's own claim again changes nothing; a solved conflict is a 409. Audited.
 */
export async function claimConflict(
  trx: Knex,
  input: { actor: AdminActor; game_id: number; ip: string | null; now: Date },
): Promise<CommandOutcome<{ claimed: boolean }>> {
  const game = await lockConflict(trx, input.game_id);
  if (game.conflict_solved) throw new CommandRejected('conflict', 'conflictAlreadySolved');
  if (game.claimed_by_user_id === input.actor.id) return { result: { claimed: false }, events: [] };
  if (game.claimed_by_user_id !== null) {
    throw new CommandRejected(
      'conflict',
      message('conflictClaimedByOther', { username: game.claimed_by_username ?? '' }),
    );
  }
  await trx('games').where('id', game.id).update({ claimed_by_user_id: input.actor.id, claimed_at: input.now });
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: 'conflict.claim',
    entity: 'game',
    entity_id: game.id,
    before: { claimed_by_user_id: null },
    after: { claimed_by_user_id: input.actor.id },
    ip: input.ip,
    now: input.now,
  });
  return { result: { claimed: true }, events: [] };
}
