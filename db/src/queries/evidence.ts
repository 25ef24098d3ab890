import type { Knex } from 'knex';

/**
 * Evidence of conflicts whose moderator's decision came before `cutoff` (the game's `final_at`, or a later
 * correction in its Elo history), with an image still stored, oldest first.
 */
export async function solvedConflictEvidence(
  knex: Knex,
  cutoff: Date,
  limit: number,
): Promise<{ id: number; evidence_hash: string }[]> {
  return await knex('evidence as e')
    .join('games as g', 'g.id', 'e.game_id')
    .where('g.conflict_solved', true)
    .where('g.final_at', '<', cutoff)
    .whereNotExists((q) =>
      q
        .select(knex.raw('1'))
        .from('elo_history as h')
        .whereRaw('h.game_id = g.id')
        .where('h.kind', 'edit')
        .where('h.created_at', '>=', cutoff),
    )
    .whereNotNull('e.evidence_hash')
    .orderBy('e.id')
    .limit(limit)
    .select('e.id', 'e.evidence_hash');
}
