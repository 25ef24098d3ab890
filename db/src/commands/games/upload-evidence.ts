import type { Knex } from 'knex';
import { checkUploadEvidence, gameRoom, push, type EvidencePayload, type GameActor } from '@ecup/domain';
import { enforce, pushEvents, type CommandOutcome } from '../types.ts';
import { evidenceLine, lockGame } from '../../queries/games.ts';
import { presentEvidence } from '../../presenters/games.ts';

/**
 * Evidence (docs/product.md#states, docs/product.md#calls /game/upload_evidence): a player of a game whose result was submitted, reported or
 * protested adds a YouTube video id or the id of an image already stored under `evidence/` (exactly one of the
 * two). Pushes `evidence` on the game's room, where moderators get their 'New evidence' notice (docs/product.md#roles, docs/product.md#errors).
 */
export async function uploadEvidence(
  trx: Knex,
  input: {
    game_id: number;
    actor: GameActor;
    evidence: { youtube_id: string; evidence_hash?: undefined } | { evidence_hash: string; youtube_id?: undefined };
    now: Date;
  },
): Promise<CommandOutcome<EvidencePayload>> {
  const game = await lockGame(trx, input.game_id);
  enforce(checkUploadEvidence(game, input.actor));
  const [id] = await trx('evidence').insert({
    game_id: game.id,
    user_id: input.actor.id,
    youtube_id: input.evidence.youtube_id ?? null,
    evidence_hash: input.evidence.evidence_hash ?? null,
    created_at: input.now,
  });
  const evidence = presentEvidence(await evidenceLine(trx, id!));
  return { result: evidence, events: pushEvents([push(gameRoom(game.id), 'evidence', evidence)]) };
}
