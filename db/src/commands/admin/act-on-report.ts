import type { Knex } from 'knex';
import { outranks, type ReportOutcome } from '@ecup/domain';
import { writeAudit } from '../audit.ts';
import { CommandRejected, type CommandEvent, type CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';
import { banUser } from './ban-user.ts';
import { setPostHidden } from '../forums/set-post-hidden.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a moderator does with an item of the queue (canBanUsers, checked by the caller); `hide` is for posts. A ban
 * needs the user page's ban flags too, which banUser checks.
 */
export type ReportAction =
  | { action: 'dismiss' }
  | { action: 'warn'; message: string }
  | { action: 'mute'; days: number }
  | { action: 'ban'; reason: string; days: number | null }
  | { action: 'hide'; reason: string | null };

const OUTCOME: Record<ReportAction['action'], ReportOutcome> = {
  dismiss: 'dismissed',
  warn: 'warned',
  mute: 'muted',
  ban: 'banned',
  hide: 'hidden',
};

/**
 * A moderator settles an item of the queue (docs/decisions.md#minors-safety): dismiss it, warn the reported player (a message they see
 * once on their next visit), mute their chat for some days, or ban them (the console's ban, audited as `user.ban`);
 * for a post report also hide the post (the forum's own hide, audited as `forum.post.hide`, with the reporter's words
 * when no reason is given), which settles every open report of that post, since it is gone from the players' view.
 * Each settled report gets its outcome and is audited; a report already settled is a 409, an unknown one a 404,
 * hiding on anything but a post report a 400.
 */
export async function actOnReport(
  trx: Knex,
  input: { actor: AdminActor; report_id: number; act: ReportAction; ip: string | null; now: Date },
): Promise<CommandOutcome<{ id: number }>> {
  const report = await trx('reports')
    .where('id', input.report_id)
    .forUpdate()
    .first('id', 'kind', 'reported_user_id', 'post_id', 'text', 'resolved_at');
  if (!report) throw new CommandRejected('not_found', 'recordNotFound');
  if (report.resolved_at !== null) throw new CommandRejected('conflict', 'reportAlreadySettled');
  if (input.act.action === 'hide' && (report.kind !== 'forum' || report.post_id === null)) {
    throw new CommandRejected('invalid', 'adminActionInvalid');
  }
  const userId = report.reported_user_id;
  if (input.act.action === 'warn' || input.act.action === 'mute') {
    // Staff cannot warn or mute staff who hold a flag they lack (docs/rules.md "Staff actions and audit"); a ban
    // checks the same, and more, in banUser.
    const target = await trx('users').where('id', userId).forUpdate().first('permissions');
    if (!outranks(input.actor.permissions, target?.permissions ?? 0)) {
      throw new CommandRejected('forbidden', 'cannotActOnSeniorStaff');
    }
  }
  const common = { actor_user_id: input.actor.id, ip: input.ip, now: input.now };
  const events: CommandEvent[] = [];
  const { act } = input;
  if (act.action === 'warn') {
    const [warningId] = await trx('user_warnings').insert({
      user_id: userId,
      message: act.message,
      created_by: input.actor.id,
      created_at: input.now,
    });
    await writeAudit(trx, {
      ...common,
      action: 'user.warn',
      entity: 'user',
      entity_id: userId,
      before: null,
      after: { warning_id: warningId!, message: act.message },
    });
  }
  if (act.action === 'mute') {
    const user = await trx('users').where('id', userId).forUpdate().first('chat_muted_until');
    const until = new Date(input.now.getTime() + act.days * DAY_MS);
    await trx('users').where('id', userId).update({ chat_muted_until: until, updated_at: input.now });
    await writeAudit(trx, {
      ...common,
      action: 'user.mute_chat',
      entity: 'user',
      entity_id: userId,
      before: { chat_muted_until: user?.chat_muted_until ?? null },
      after: { chat_muted_until: until, days: act.days },
    });
  }
  if (act.action === 'ban') {
    const banned = await banUser(trx, {
      actor: input.actor,
      user_id: userId,
      reason: act.reason,
      days: act.days,
      ip: input.ip,
      now: input.now,
    });
    events.push(...banned.events);
  }
  const settled = [report.id];
  if (act.action === 'hide' && report.post_id !== null) {
    const postId = report.post_id;
    const reason = act.reason ?? report.text;
    events.push(...(await setPostHidden(trx, { ...common, post_id: postId, hidden: true, reason })).events);
    // Read plainly and settled by id (a locking range read would take gap locks that block players' new reports).
    const others = (await trx('reports')
      .where({ kind: 'forum', post_id: postId })
      .whereNull('resolved_at')
      .whereNot('id', report.id)
      .pluck('id')) as number[];
    settled.push(...others);
  }
  const outcome = OUTCOME[act.action];
  for (const id of settled) {
    // The guard on resolved_at keeps a report settled at the same moment by another moderator from counting twice.
    const changed = await trx('reports')
      .where({ id, resolved_at: null })
      .update({ resolved_at: input.now, resolved_by: input.actor.id, outcome });
    if (changed !== 1) continue;
    await writeAudit(trx, {
      ...common,
      action: 'report.resolve',
      entity: 'report',
      entity_id: id,
      before: { resolved: false },
      after: { resolved: true, outcome },
    });
  }
  return { result: { id: report.id }, events };
}
