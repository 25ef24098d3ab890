import type { Knex } from 'knex';
import { CHAT_ORIGINAL_RETENTION_DAYS } from '@ecup/domain';
import { sessionLimits } from '../../services/settings.ts';
import { writeAudit } from '../audit.ts';
import type { CommandOutcome } from '../types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes masked lines' originals older than CHAT_ORIGINAL_RETENTION_DAYS days (docs/rules.md "Chat safety filter"
 * and "Forum titles and posts"); the masked text the players saw stays. `forum` counts posts and titles.
 */
export async function deleteOldOriginals(
  trx: Knex,
  input: { now: Date },
): Promise<CommandOutcome<{ chat: number; forum: number }>> {
  const cutoff = new Date(input.now.getTime() - CHAT_ORIGINAL_RETENTION_DAYS * DAY_MS);
  const chat = await trx('chat_originals').where('created_at', '<', cutoff).delete();
  const posts = await trx('forum_post_originals').where('created_at', '<', cutoff).delete();
  const titles = await trx('forum_thread_originals').where('created_at', '<', cutoff).delete();
  return { result: { chat, forum: posts + titles }, events: [] };
}

/**
 * Deletes sessions that have ended (unused too long or too old, the console's with its shorter limits, as the
 * `settings` table sets them) and password-reset links that were used or have run out.
 */
export async function deleteEndedSessions(
  trx: Knex,
  input: { now: Date },
): Promise<CommandOutcome<{ sessions: number; resets: number }>> {
  const before = (ms: number) => new Date(input.now.getTime() - ms);
  let sessions = 0;
  const limits = await sessionLimits(trx, input.now);
  for (const [isConsole, kindLimits] of [
    [false, limits.player],
    [true, limits.console],
  ] as const) {
    sessions += await trx('sessions')
      .where('console', isConsole)
      .where((q) =>
        q.where('last_seen_at', '<', before(kindLimits.idle_ms)).orWhere('created_at', '<', before(kindLimits.max_ms)),
      )
      .delete();
  }
  const resets = await trx('password_resets')
    .where((q) => q.whereNotNull('used_at').orWhere('expires_at', '<', input.now))
    .delete();
  return { result: { sessions, resets }, events: [] };
}

/** Deletes evidence rows whose images are already gone from the store. Answers how many went. */
export async function deleteEvidenceRows(trx: Knex, input: { ids: number[] }): Promise<CommandOutcome<number>> {
  const deleted = input.ids.length === 0 ? 0 : await trx('evidence').whereIn('id', input.ids).delete();
  return { result: deleted, events: [] };
}

/** Audits a night's evidence clean-up: how many evidence images of conflicts solved before `cutoff` went. */
export async function auditEvidenceCleanup(
  trx: Knex,
  input: { deleted: number; cutoff: Date; now: Date },
): Promise<CommandOutcome<null>> {
  await writeAudit(trx, {
    actor_user_id: null,
    action: 'evidence.clean',
    entity: 'evidence',
    entity_id: 'solved-conflicts',
    before: null,
    after: { deleted: input.deleted, solved_before: input.cutoff.toISOString() },
    ip: null,
    now: input.now,
  });
  return { result: null, events: [] };
}
