import type { Knex } from 'knex';
import { MESSAGES } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandEvent, type CommandOutcome } from '../types.ts';
import { setPostHidden } from '../forums/set-post-hidden.ts';
import { setThreadLock } from '../forums/set-thread-lock.ts';
import type { AdminActor } from './actor.ts';

/** What a moderator does with a reported post (canBanUsers, checked by the caller). */
export const FORUM_REPORT_ACTIONS = ['hide', 'unhide', 'lock', 'unlock', 'dismiss'] as const;
export type ForumReportAction = (typeof FORUM_REPORT_ACTIONS)[number];

/**
 * A moderator acts on a post report (moderation, decisions §8): hide or show the post, lock or unlock its thread
 * (the forum's own commands, which audit the post or thread), or dismiss the report. Hiding, locking and dismissing
 * settle the report; hiding settles every open report of the post, since the post is gone from the players' view.
 * A hide without a reason uses the reporter's. Each settled report is audited; an unknown report is a 404.
 */
export async function actOnForumReport(
  trx: Knex,
  input: {
    actor: AdminActor;
    report_id: number;
    action: ForumReportAction;
    reason: string | null;
    ip: string | null;
    now: Date;
  },
): Promise<CommandOutcome<{ id: number }>> {
  const report = await trx('forum_reports')
    .join('forum_posts', 'forum_posts.id', 'forum_reports.post_id')
    .where('forum_reports.id', input.report_id)
    .forUpdate()
    .first('forum_reports.id', 'forum_reports.post_id', 'forum_reports.reason', 'forum_posts.thread_id');
  if (!report) throw new CommandRejected('not_found', MESSAGES.recordNotFound);
  const common = { actor_user_id: input.actor.id, ip: input.ip, now: input.now };
  const events: CommandEvent[] = [];
  if (input.action === 'hide' || input.action === 'unhide') {
    const hidden = input.action === 'hide';
    const reason = hidden ? (input.reason ?? String(report.reason)) : null;
    events.push(...(await setPostHidden(trx, { ...common, post_id: report.post_id, hidden, reason })).events);
  }
  if (input.action === 'lock' || input.action === 'unlock') {
    const locked = input.action === 'lock';
    events.push(...(await setThreadLock(trx, { ...common, thread_id: report.thread_id, locked })).events);
  }
  if (input.action === 'hide' || input.action === 'lock' || input.action === 'dismiss') {
    const settled = trx('forum_reports').whereNull('resolved_at');
    if (input.action === 'hide') settled.where('post_id', report.post_id);
    else settled.where('id', report.id);
    // Read plainly and settled by id (a locking range read would take gap locks that block players' new reports);
    // the guard on resolved_at keeps a report settled at the same moment by another moderator from counting twice.
    const ids = (await settled.pluck('id')) as number[];
    const settledIds: number[] = [];
    for (const id of ids) {
      const changed = await trx('forum_reports')
        .where({ id, resolved_at: null })
        .update({ resolved_at: input.now, resolved_by_user_id: input.actor.id });
      if (changed === 1) settledIds.push(id);
    }
    for (const id of settledIds) {
      await writeAudit(trx, {
        actor_user_id: input.actor.id,
        action: 'forum_report.resolve',
        entity: 'forum_report',
        entity_id: id,
        before: { resolved: false },
        after: { resolved: true, action: input.action },
        ip: input.ip,
        now: input.now,
      });
    }
  }
  return { result: { id: Number(report.id) }, events };
}
