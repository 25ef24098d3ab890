import type { Knex } from 'knex';
import { SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS } from '@ecup/domain';
import { auditEvidenceCleanup, deleteEvidenceRows, solvedConflictEvidence, type Logger } from '@ecup/db';
import { removeWithThumbnail, type ImageStore } from '@ecup/storage';

/** Evidence rows handled per pass; a night's share is far smaller than this many passes. */
const BATCH = 200;
const MAX_PASSES = 1000;

/**
 * The nightly clean-up of long-solved conflicts' evidence: the uploaded images (full size and game-page
 * copy, in the store the uploads use) of conflicts whose moderator's decision is more than
 * SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS days old are deleted, then their evidence rows. The decision is the
 * game's last result (`final_at`, or a later correction in its Elo history). The game, its result and YouTube
 * links stay. Files go first, so a run that stops halfway leaves rows the next run finds again; idempotent. The
 * count goes to the audit log and the worker's log.
 */
export async function cleanEvidence(deps: {
  knex: Knex;
  now: Date;
  images: ImageStore;
  log: Pick<Logger, 'info'>;
}): Promise<{ evidence: number }> {
  const { knex } = deps;
  const cutoff = new Date(deps.now.getTime() - SOLVED_CONFLICT_EVIDENCE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let evidence = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const rows = await solvedConflictEvidence(knex, cutoff, BATCH);
    if (rows.length === 0) break;
    for (const row of rows) await removeWithThumbnail(deps.images, 'evidence_thumb', row.evidence_hash);
    evidence += (await deleteEvidenceRows(knex, { ids: rows.map((row) => row.id) })).result;
  }
  if (evidence > 0) {
    await auditEvidenceCleanup(knex, { deleted: evidence, cutoff, now: deps.now });
  }
  deps.log.info(
    { evidence },
    `clean-evidence: deleted ${evidence} evidence images of conflicts solved before ${cutoff.toISOString()}`,
  );
  return { evidence };
}
