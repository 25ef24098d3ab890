import {
  asTrimmed,
  validateBan,
  validateMuteDays,
  validateWarning,
  validateReason,
  type AdminReportRecord,
  type ReportKind,
} from '@ecup/domain';
import {
  actOnReport,
  adminMaskedAttempts,
  adminReportHistory,
  adminReportPage,
  adminReportTranscript,
  adminThreadContext,
  findAdminReport,
  presentAdminMaskedAttempts,
  presentAdminReport,
  presentAdminReportHistory,
  presentAdminThreadPosts,
  presentAdminTranscript,
  reportPlayerIds,
  type AdminReportFilters,
  type ReportAction,
} from '@ecup/db';
import { badRequest, valid } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { boolFilter, choiceFilter, defineResource, intFilter, type AdminContext } from '../resource.ts';

const KINDS: readonly ReportKind[] = ['chat', 'player', 'forum', 'flag'];

/**
 * A report's page: for a post, the posts around it in its thread, else the game's transcript with the reported line
 * and the originals of masked lines; then both players' other reports and their masked attempts.
 */
async function one(ac: AdminContext, id: number): Promise<AdminReportRecord | null> {
  const { knex } = ac.deps;
  const row = await findAdminReport(knex, id);
  if (!row) return null;
  const report = presentAdminReport(row, ac.now);
  if (report.post) {
    report.thread_posts = presentAdminThreadPosts(
      await adminThreadContext(knex, report.post.thread.id, report.post.id),
      report.post.id,
    );
  } else {
    const lines = report.game_id === null ? [] : await adminReportTranscript(knex, report.game_id);
    report.transcript = presentAdminTranscript(lines, report.chat_message_id);
  }
  const players = reportPlayerIds(report);
  const [history, masked] = await Promise.all([
    adminReportHistory(knex, report.id, players),
    adminMaskedAttempts(knex, players),
  ]);
  report.history = history.map(presentAdminReportHistory);
  report.masked = presentAdminMaskedAttempts(masked);
  return report;
}

/**
 * The moderator's action from the update body: dismiss, warn (`message`), mute (`days`), ban (the ban form) or, for
 * a post report, hide the post (optional `reason`, else the reporter's words).
 */
function actionOf(body: Record<string, unknown>): ReportAction {
  const action = asTrimmed(body.action);
  if (action === 'dismiss') return { action };
  if (action === 'hide') {
    return { action, reason: asTrimmed(body.reason) === '' ? null : valid(validateReason(body)).reason };
  }
  if (action === 'warn') return { action, message: valid(validateWarning(body)).message };
  if (action === 'mute') return { action, days: valid(validateMuteDays(body)).days };
  if (action === 'ban') return { action, ...valid(validateBan(body)) };
  throw badRequest('adminActionInvalid');
}

/**
 * The one safeguarding queue (docs/decisions.md#minors-safety, canBanUsers): reports of chat lines, players and forum posts, and
 * automatic flags, with both players' ages; open flags first, then open reports, then settled ones, oldest first by
 * default. The page shows the game's transcript with the reported line and the originals of masked lines (for a post,
 * the posts around it in its thread), both players' other reports and their masked attempts. Update with `action`:
 * dismiss, warn (`message`), mute (`days`), ban (`reason` and `days` or `permanent`), and for a post report hide
 * (optional `reason`); each is audited and settles the report.
 */
export const reportsResource = defineResource<AdminReportRecord, AdminReportFilters>({
  name: 'reports',
  sortable: ['id', 'created_at'],
  defaultSort: { field: 'created_at', order: 'ASC' },
  filters: {
    resolved: boolFilter,
    kind: choiceFilter(KINDS),
    reporter_user_id: intFilter,
    reported_user_id: intFilter,
    post_id: intFilter,
  },

  async list(ac, request) {
    const { rows, total } = await adminReportPage(ac.deps.knex, request);
    return { data: rows.map((row) => presentAdminReport(row, ac.now)), total };
  },

  getOne: one,

  async update(ac, id, body) {
    const act = actionOf(body);
    await runCommand(ac.deps, (trx) =>
      actOnReport(trx, { actor: ac.actor, report_id: id, act, ip: ac.ip, now: ac.now }),
    );
    return (await one(ac, id))!;
  },
});
