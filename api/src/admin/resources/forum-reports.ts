import type { Knex } from 'knex';
import { MESSAGES, asTrimmed, validateReason, type AdminForumReportRecord } from '@ecup/domain';
import { FORUM_REPORT_ACTIONS, actOnForumReport, type ForumReportAction } from '@ecup/db';
import { badRequest, valid } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { iso, isoAlways, userRef } from '../present.ts';
import { boolFilter, defineResource, intFilter, sqlPage, type AdminContext } from '../resource.ts';

interface ForumReportFilters {
  resolved: boolean;
  post_id: number;
  thread_id: number;
  reporter_user_id: number;
}

type Row = Record<string, unknown>;

function baseQuery(knex: Knex) {
  const openReports = knex('forum_reports as open')
    .whereRaw('open.post_id = forum_reports.post_id')
    .whereNull('open.resolved_at')
    .count('*');
  return knex('forum_reports')
    .join('forum_posts as post', 'post.id', 'forum_reports.post_id')
    .join('forum_threads as thread', 'thread.id', 'post.thread_id')
    .join('users as reporter', 'reporter.id', 'forum_reports.reporter_user_id')
    .join('users as author', 'author.id', 'post.user_id')
    .leftJoin('users as resolver', 'resolver.id', 'forum_reports.resolved_by_user_id')
    .select(
      'forum_reports.id',
      'forum_reports.reason',
      'forum_reports.created_at',
      'forum_reports.resolved_at',
      'forum_reports.resolved_by_user_id',
      'forum_reports.reporter_user_id',
      'reporter.username as reporter_username',
      'resolver.username as resolver_username',
      'post.id as post_id',
      'post.message as post_message',
      'post.user_id as author_id',
      'author.username as author_username',
      'post.hidden_at as post_hidden_at',
      'post.hidden_reason as post_hidden_reason',
      'post.created_at as post_created_at',
      'thread.id as thread_id',
      'thread.title as thread_title',
      'thread.category_id as thread_category_id',
      'thread.locked as thread_locked',
    )
    .select({ open_reports: openReports });
}

function present(row: Row): AdminForumReportRecord {
  return {
    id: Number(row.id),
    reason: String(row.reason),
    reporter: userRef(row.reporter_user_id, row.reporter_username)!,
    created_at: isoAlways(row.created_at as Date),
    resolved: row.resolved_at !== null,
    resolved_at: iso(row.resolved_at as Date | null),
    resolved_by: userRef(row.resolved_by_user_id, row.resolver_username),
    post: {
      id: Number(row.post_id),
      message: String(row.post_message),
      author: userRef(row.author_id, row.author_username)!,
      hidden: row.post_hidden_at !== null,
      hidden_reason: (row.post_hidden_reason as string | null) ?? null,
      created_at: isoAlways(row.post_created_at as Date),
      open_reports: Number(row.open_reports),
    },
    thread: {
      id: Number(row.thread_id),
      title: String(row.thread_title),
      category_id: Number(row.thread_category_id),
      locked: Boolean(row.thread_locked),
    },
  };
}

async function one(ac: AdminContext, id: number): Promise<AdminForumReportRecord | null> {
  const row = (await baseQuery(ac.deps.knex).where('forum_reports.id', id).first()) as Row | undefined;
  return row ? present(row) : null;
}

/**
 * Forum reports (canBanUsers): reported posts with the post, its thread and the reporter, open ones oldest first
 * by default. Update with `action`: hide, unhide (optional `reason`, else the reporter's), lock, unlock, dismiss.
 */
export const forumReportsResource = defineResource<AdminForumReportRecord, ForumReportFilters>({
  name: 'forum-reports',
  sortable: ['id', 'created_at'],
  defaultSort: { field: 'created_at', order: 'ASC' },
  filters: { resolved: boolFilter, post_id: intFilter, thread_id: intFilter, reporter_user_id: intFilter },

  async list(ac, request) {
    const query = baseQuery(ac.deps.knex);
    const { resolved, post_id, thread_id, reporter_user_id } = request.filter;
    if (resolved === true) query.whereNotNull('forum_reports.resolved_at');
    if (resolved === false) query.whereNull('forum_reports.resolved_at');
    if (post_id !== undefined) query.where('forum_reports.post_id', post_id);
    if (thread_id !== undefined) query.where('post.thread_id', thread_id);
    if (reporter_user_id !== undefined) query.where('forum_reports.reporter_user_id', reporter_user_id);
    const { rows, total } = await sqlPage<Row>(query, request, {
      id: 'forum_reports.id',
      sort: { id: 'forum_reports.id', created_at: 'forum_reports.created_at' },
    });
    return { data: rows.map(present), total };
  },

  getOne: one,

  async update(ac, id, body) {
    const action = asTrimmed(body.action) as ForumReportAction;
    if (!FORUM_REPORT_ACTIONS.includes(action)) throw badRequest(MESSAGES.adminActionInvalid);
    const reason = action === 'hide' && asTrimmed(body.reason) !== '' ? valid(validateReason(body)).reason : null;
    await runCommand(ac.deps, (trx) =>
      actOnForumReport(trx, { actor: ac.actor, report_id: id, action, reason, ip: ac.ip, now: ac.now }),
    );
    return (await one(ac, id))!;
  },
});
