import type { Knex } from 'knex';
import {
  MESSAGES,
  asTrimmed,
  ageOn,
  validateBan,
  validateMuteDays,
  validateWarning,
  type AdminReportHistoryItem,
  type AdminReportPlayer,
  type AdminReportRecord,
  type ReportKind,
  type ReportOutcome,
  type ReportReason,
} from '@ecup/domain';
import { actOnReport, chatRows, presentChatMessage, type ReportAction } from '@ecup/db';
import { badRequest, valid } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { iso, isoAlways, userRef } from '../present.ts';
import { boolFilter, defineResource, intFilter, sqlPage, type AdminContext } from '../resource.ts';

interface ReportFilters {
  resolved: boolean;
  reporter_user_id: number;
  reported_user_id: number;
}

type Row = Record<string, unknown>;

const PLAYER_COLUMNS = ['id', 'username', 'birth_date', 'chat_muted_until', 'banned_until'] as const;

function baseQuery(knex: Knex) {
  const player = (alias: string) => PLAYER_COLUMNS.map((column) => `${alias}.${column} as ${alias}_${column}`);
  return knex('reports')
    .join('users as reporter', 'reporter.id', 'reports.reporter_user_id')
    .join('users as reported', 'reported.id', 'reports.reported_user_id')
    .leftJoin('users as resolver', 'resolver.id', 'reports.resolved_by')
    .leftJoin('chat_messages as line', 'line.id', 'reports.chat_message_id')
    .select(
      'reports.id',
      'reports.kind',
      'reports.reason',
      'reports.text',
      'reports.game_id',
      'reports.chat_message_id',
      'reports.created_at',
      'reports.resolved_at',
      'reports.resolved_by',
      'reports.outcome',
      'resolver.username as resolver_username',
      'line.content as line_content',
      ...player('reporter'),
      ...player('reported'),
    )
    .whereIn('reports.kind', ['chat', 'player']);
}

function playerOf(row: Row, alias: string, now: Date): AdminReportPlayer {
  const birth = isoAlways(row[`${alias}_birth_date`] as Date).slice(0, 10);
  const [year, month, day] = birth.split('-').map(Number) as [number, number, number];
  const banned = row[`${alias}_banned_until`] as Date | null;
  return {
    id: Number(row[`${alias}_id`]),
    username: String(row[`${alias}_username`]),
    age: ageOn({ year, month, day }, now),
    chat_muted_until: iso(row[`${alias}_chat_muted_until`] as Date | null),
    banned: banned !== null && new Date(banned).getTime() > now.getTime(),
  };
}

function present(row: Row, now: Date): AdminReportRecord {
  return {
    id: Number(row.id),
    kind: row.kind as ReportKind,
    reason: row.reason as ReportReason,
    text: (row.text as string | null) ?? null,
    reporter: playerOf(row, 'reporter', now),
    reported: playerOf(row, 'reported', now),
    game_id: row.game_id === null ? null : Number(row.game_id),
    chat_message_id: row.chat_message_id === null ? null : Number(row.chat_message_id),
    created_at: isoAlways(row.created_at as Date),
    resolved: row.resolved_at !== null,
    resolved_at: iso(row.resolved_at as Date | null),
    resolved_by: userRef(row.resolved_by, row.resolver_username),
    outcome: (row.outcome as ReportOutcome | null) ?? null,
    line: (row.line_content as string | null) ?? null,
  };
}

/** Other reports by or against either player of a report, newest first (at most 50). */
async function history(knex: Knex, report: AdminReportRecord): Promise<AdminReportHistoryItem[]> {
  const users = [report.reporter.id, report.reported.id];
  const rows = (await knex('reports')
    .join('users as reporter', 'reporter.id', 'reports.reporter_user_id')
    .join('users as reported', 'reported.id', 'reports.reported_user_id')
    .whereNot('reports.id', report.id)
    .where((q) => q.whereIn('reports.reporter_user_id', users).orWhereIn('reports.reported_user_id', users))
    .orderBy('reports.id', 'desc')
    .limit(50)
    .select(
      'reports.id',
      'reports.kind',
      'reports.reason',
      'reports.created_at',
      'reports.outcome',
      'reports.reporter_user_id',
      'reporter.username as reporter_username',
      'reports.reported_user_id',
      'reported.username as reported_username',
    )) as Row[];
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind as ReportKind,
    reason: row.reason as ReportReason,
    reporter: userRef(row.reporter_user_id, row.reporter_username)!,
    reported: userRef(row.reported_user_id, row.reported_username)!,
    created_at: isoAlways(row.created_at as Date),
    outcome: (row.outcome as ReportOutcome | null) ?? null,
  }));
}

async function one(ac: AdminContext, id: number): Promise<AdminReportRecord | null> {
  const row = (await baseQuery(ac.deps.knex).where('reports.id', id).first()) as Row | undefined;
  if (!row) return null;
  const report = present(row, ac.now);
  const lines =
    report.game_id === null
      ? []
      : ((await chatRows(ac.deps.knex)
          .where('chat_messages.game_id', report.game_id)
          .orderBy('chat_messages.id', 'asc')) as Row[]);
  report.transcript = lines.map((line) => {
    const message = presentChatMessage(line);
    return { ...message, reported: message.id === report.chat_message_id };
  });
  report.history = await history(ac.deps.knex, report);
  return report;
}

/** The moderator's action from the update body: dismiss, warn (`message`), mute (`days`) or ban (the ban form). */
function actionOf(body: Record<string, unknown>): ReportAction {
  const action = asTrimmed(body.action);
  if (action === 'dismiss') return { action };
  if (action === 'warn') return { action, message: valid(validateWarning(body)).message };
  if (action === 'mute') return { action, days: valid(validateMuteDays(body)).days };
  if (action === 'ban') return { action, ...valid(validateBan(body)) };
  throw badRequest(MESSAGES.adminActionInvalid);
}

/**
 * Reports of chat lines and players (decisions §10, canBanUsers): open ones first, oldest first, with both players'
 * ages. The page shows the game's transcript with the reported line and both players' other reports. Update with
 * `action`: dismiss, warn (`message`), mute (`days`), ban (`reason` and `days` or `permanent`); each is audited and
 * settles the report.
 */
export const reportsResource = defineResource<AdminReportRecord, ReportFilters>({
  name: 'reports',
  sortable: ['id', 'created_at'],
  defaultSort: { field: 'created_at', order: 'ASC' },
  filters: { resolved: boolFilter, reporter_user_id: intFilter, reported_user_id: intFilter },

  async list(ac, request) {
    const query = baseQuery(ac.deps.knex);
    const { resolved, reporter_user_id, reported_user_id } = request.filter;
    if (resolved === true) query.whereNotNull('reports.resolved_at');
    if (resolved === false) query.whereNull('reports.resolved_at');
    if (reporter_user_id !== undefined) query.where('reports.reporter_user_id', reporter_user_id);
    if (reported_user_id !== undefined) query.where('reports.reported_user_id', reported_user_id);
    // Open reports before settled ones, whatever the sort.
    query.orderByRaw('reports.resolved_at IS NOT NULL');
    const { rows, total } = await sqlPage<Row>(query, request, {
      id: 'reports.id',
      sort: { id: 'reports.id', created_at: 'reports.created_at' },
    });
    return { data: rows.map((row) => present(row, ac.now)), total };
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
