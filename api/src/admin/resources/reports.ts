import type { Knex } from 'knex';
import {
  asTrimmed,
  ageOn,
  validateBan,
  validateMuteDays,
  validateWarning,
  validateReason,
  type AdminMaskedAttempt,
  type AdminReportHistoryItem,
  type AdminReportPlayer,
  type AdminReportRecord,
  type AdminReportThreadPost,
  type ReportKind,
  type ReportOutcome,
  type ReportReason,
} from '@ecup/domain';
import {
  actOnReport,
  chatRows,
  presentChatMessage,
  type ChatLineRow,
  type ForumPost,
  type ForumThread,
  type ReportAction,
  type User,
} from '@ecup/db';
import { badRequest, valid } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { iso, isoAlways, userRef } from '../present.ts';
import { boolFilter, choiceFilter, defineResource, intFilter, sqlPage, type AdminContext } from '../resource.ts';

interface ReportFilters {
  resolved: boolean;
  kind: ReportKind;
  reporter_user_id: number;
  reported_user_id: number;
  post_id: number;
}

const KINDS: readonly ReportKind[] = ['chat', 'player', 'forum', 'flag'];

/** Posts of a reported post's thread shown around it on the report's page. */
const THREAD_CONTEXT_POSTS = 5;
/** Masked attempts of both players shown on a report's page. */
const MASKED_ATTEMPTS_MAX = 100;

const PLAYER_COLUMNS = ['id', 'username', 'birth_date', 'chat_muted_until', 'banned_until'] as const;

/** A player of a report, read as `{alias}_{column}`. */
type PlayerColumns = Pick<User, 'id' | 'username' | 'birth_date' | 'banned_until'> & { chat_muted_until: Date | null };
type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}_${K}`]: T[K] };
type PlayerAlias = 'reporter' | 'reported';

/**
 * A report with its players, resolver, chat line and post joined (the `reports` table is read only here and in its
 * commands, so it has no model). The reporter's columns are null for an automatic flag.
 */
type Row = {
  id: number;
  kind: ReportKind;
  reason: ReportReason;
  text: string | null;
  game_id: number | null;
  chat_message_id: number | null;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by: number | null;
  outcome: ReportOutcome | null;
  attempts: number | null;
  post_id: number | null;
  resolver_username: string | null;
  line_content: string | null;
  post_message: ForumPost['message'] | null;
  post_hidden_at: ForumPost['hidden_at'];
  post_hidden_reason: ForumPost['hidden_reason'];
  post_created_at: ForumPost['created_at'] | null;
  thread_id: ForumThread['id'] | null;
  thread_title: ForumThread['title'] | null;
  thread_category_id: ForumThread['category_id'] | null;
  thread_locked: ForumThread['locked'] | null;
} & Prefixed<'reporter', { [K in keyof PlayerColumns]: PlayerColumns[K] | null }> &
  Prefixed<'reported', PlayerColumns>;

/** A line of a player's other reports with both usernames. */
interface HistoryRow {
  id: number;
  kind: ReportKind;
  reason: ReportReason;
  created_at: Date;
  outcome: ReportOutcome | null;
  reporter_user_id: number | null;
  reporter_username: string | null;
  reported_user_id: number;
  reported_username: string;
}

/** A masked chat line or forum post as typed, with its author (and the game or thread it was in). */
interface AttemptRow {
  user_id: number;
  username: string;
  original: string;
  reasons: string;
  created_at: Date;
  game_id?: number;
  thread_id?: number;
  title?: string;
}

/** A post of the reported post's thread with its author. */
type ThreadPostRow = Pick<ForumPost, 'id' | 'user_id' | 'message' | 'created_at' | 'hidden_at'> & { username: string };

function baseQuery(knex: Knex) {
  const player = (alias: string) => PLAYER_COLUMNS.map((column) => `${alias}.${column} as ${alias}_${column}`);
  return knex('reports')
    .leftJoin('users as reporter', 'reporter.id', 'reports.reporter_user_id')
    .join('users as reported', 'reported.id', 'reports.reported_user_id')
    .leftJoin('users as resolver', 'resolver.id', 'reports.resolved_by')
    .leftJoin('chat_messages as line', 'line.id', 'reports.chat_message_id')
    .leftJoin('forum_posts as post', 'post.id', 'reports.post_id')
    .leftJoin('forum_threads as thread', 'thread.id', 'post.thread_id')
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
      'reports.attempts',
      'reports.post_id',
      'resolver.username as resolver_username',
      'line.content as line_content',
      'post.message as post_message',
      'post.hidden_at as post_hidden_at',
      'post.hidden_reason as post_hidden_reason',
      'post.created_at as post_created_at',
      'thread.id as thread_id',
      'thread.title as thread_title',
      'thread.category_id as thread_category_id',
      'thread.locked as thread_locked',
      ...player('reporter'),
      ...player('reported'),
    );
}

function playerOf(row: Row, alias: PlayerAlias, now: Date): AdminReportPlayer {
  const player = (column: keyof PlayerColumns) => row[`${alias}_${column}`];
  const birth = isoAlways(player('birth_date') as Date).slice(0, 10);
  const [year, month, day] = birth.split('-').map(Number) as [number, number, number];
  const banned = player('banned_until') as Date | null;
  return {
    id: player('id') as number,
    username: player('username') as string,
    age: ageOn({ year, month, day }, now),
    chat_muted_until: iso(player('chat_muted_until') as Date | null),
    banned: banned !== null && banned.getTime() > now.getTime(),
  };
}

function present(row: Row, now: Date): AdminReportRecord {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    text: row.text,
    reporter: row.reporter_id === null ? null : playerOf(row, 'reporter', now),
    reported: playerOf(row, 'reported', now),
    attempts: row.attempts,
    post:
      row.post_id === null || row.thread_id === null
        ? null
        : {
            id: row.post_id,
            message: row.post_message ?? '',
            hidden: row.post_hidden_at !== null,
            hidden_reason: row.post_hidden_reason,
            created_at: isoAlways(row.post_created_at!),
            thread: {
              id: row.thread_id,
              title: row.thread_title ?? '',
              category_id: row.thread_category_id!,
              locked: Boolean(row.thread_locked),
            },
          },
    game_id: row.game_id,
    chat_message_id: row.chat_message_id,
    created_at: isoAlways(row.created_at),
    resolved: row.resolved_at !== null,
    resolved_at: iso(row.resolved_at),
    resolved_by: userRef(row.resolved_by, row.resolver_username),
    outcome: row.outcome,
    line: row.line_content,
  };
}

/** The players of a report: the reported one and, unless it is a flag, the reporter. */
function playersOf(report: AdminReportRecord): number[] {
  return report.reporter ? [report.reported.id, report.reporter.id] : [report.reported.id];
}

/** Other reports by or against either player of a report, newest first (at most 50). */
async function history(knex: Knex, report: AdminReportRecord): Promise<AdminReportHistoryItem[]> {
  const users = playersOf(report);
  const rows = (await knex('reports')
    .leftJoin('users as reporter', 'reporter.id', 'reports.reporter_user_id')
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
    )) as HistoryRow[];
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    reporter: userRef(row.reporter_user_id, row.reporter_username),
    reported: { id: row.reported_user_id, username: row.reported_username },
    created_at: isoAlways(row.created_at),
    outcome: row.outcome,
  }));
}

/**
 * Both players' masked chat lines, forum posts and thread titles as typed (`chat_originals`, `forum_post_originals`,
 * `forum_thread_originals`: staff only, kept 90 days), newest first, with the game or thread they were in.
 */
async function maskedAttempts(knex: Knex, report: AdminReportRecord): Promise<AdminMaskedAttempt[]> {
  const users = playersOf(report);
  const [lines, posts, titles] = (await Promise.all([
    knex('chat_originals as o')
      .join('users as u', 'u.id', 'o.user_id')
      .whereIn('o.user_id', users)
      .orderBy('o.created_at', 'desc')
      .limit(MASKED_ATTEMPTS_MAX)
      .select('o.user_id', 'u.username', 'o.original', 'o.reasons', 'o.created_at', 'o.game_id'),
    knex('forum_post_originals as o')
      .join('users as u', 'u.id', 'o.user_id')
      .join('forum_posts as p', 'p.id', 'o.post_id')
      .join('forum_threads as t', 't.id', 'p.thread_id')
      .whereIn('o.user_id', users)
      .orderBy('o.created_at', 'desc')
      .limit(MASKED_ATTEMPTS_MAX)
      .select('o.user_id', 'u.username', 'o.original', 'o.reasons', 'o.created_at', 't.id as thread_id', 't.title'),
    knex('forum_thread_originals as o')
      .join('users as u', 'u.id', 'o.user_id')
      .join('forum_threads as t', 't.id', 'o.thread_id')
      .whereIn('o.user_id', users)
      .orderBy('o.created_at', 'desc')
      .limit(MASKED_ATTEMPTS_MAX)
      .select('o.user_id', 'u.username', 'o.original', 'o.reasons', 'o.created_at', 't.id as thread_id', 't.title'),
  ])) as [AttemptRow[], AttemptRow[], AttemptRow[]];
  const attempt = (row: AttemptRow, source: AdminMaskedAttempt['source']): AdminMaskedAttempt => ({
    source,
    user: { id: row.user_id, username: row.username },
    original: row.original,
    reasons: row.reasons.split(',').filter(Boolean),
    created_at: isoAlways(row.created_at),
    game_id: source === 'chat' ? row.game_id! : null,
    thread: source === 'chat' ? null : { id: row.thread_id!, title: row.title! },
  });
  return [
    ...lines.map((row) => attempt(row, 'chat')),
    ...posts.map((row) => attempt(row, 'forum')),
    ...titles.map((row) => attempt(row, 'forum_title')),
  ]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, MASKED_ATTEMPTS_MAX);
}

/** A reported post with the posts just before and after it in its thread, oldest first. */
async function threadContext(
  knex: Knex,
  post: NonNullable<AdminReportRecord['post']>,
): Promise<AdminReportThreadPost[]> {
  const around = (direction: 'before' | 'after') =>
    knex('forum_posts as p')
      .join('users as u', 'u.id', 'p.user_id')
      .where('p.thread_id', post.thread.id)
      .where('p.id', direction === 'before' ? '<' : '>', post.id)
      .orderBy('p.id', direction === 'before' ? 'desc' : 'asc')
      .limit(THREAD_CONTEXT_POSTS)
      .select('p.id', 'p.user_id', 'u.username', 'p.message', 'p.created_at', 'p.hidden_at');
  const self = knex('forum_posts as p')
    .join('users as u', 'u.id', 'p.user_id')
    .where('p.id', post.id)
    .select('p.id', 'p.user_id', 'u.username', 'p.message', 'p.created_at', 'p.hidden_at');
  const [before, reported, after] = (await Promise.all([around('before'), self, around('after')])) as ThreadPostRow[][];
  return [...before!.reverse(), ...reported!, ...after!].map((row) => ({
    id: row.id,
    author: { id: row.user_id, username: row.username },
    message: row.message,
    created_at: isoAlways(row.created_at),
    hidden: row.hidden_at !== null,
    reported: row.id === post.id,
  }));
}

async function one(ac: AdminContext, id: number): Promise<AdminReportRecord | null> {
  const row = (await baseQuery(ac.deps.knex).where('reports.id', id).first()) as Row | undefined;
  if (!row) return null;
  const report = present(row, ac.now);
  const { knex } = ac.deps;
  if (report.post) {
    report.thread_posts = await threadContext(knex, report.post);
  } else {
    const lines =
      report.game_id === null
        ? []
        : ((await chatRows(knex)
            .leftJoin('chat_originals', 'chat_originals.message_id', 'chat_messages.id')
            .select('chat_originals.original')
            .where('chat_messages.game_id', report.game_id)
            .orderBy('chat_messages.id', 'asc')) as (ChatLineRow & { original: string | null })[]);
    report.transcript = lines.map((line) => {
      const message = presentChatMessage(line);
      return {
        ...message,
        reported: message.id === report.chat_message_id,
        original: line.original,
      };
    });
  }
  [report.history, report.masked] = await Promise.all([history(knex, report), maskedAttempts(knex, report)]);
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
 * The one safeguarding queue (decisions §10, canBanUsers): reports of chat lines, players and forum posts, and
 * automatic flags, with both players' ages; open flags first, then open reports, then settled ones, oldest first by
 * default. The page shows the game's transcript with the reported line and the originals of masked lines (for a post,
 * the posts around it in its thread), both players' other reports and their masked attempts. Update with `action`:
 * dismiss, warn (`message`), mute (`days`), ban (`reason` and `days` or `permanent`), and for a post report hide
 * (optional `reason`); each is audited and settles the report.
 */
export const reportsResource = defineResource<AdminReportRecord, ReportFilters>({
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
    const query = baseQuery(ac.deps.knex);
    const { resolved, kind, reporter_user_id, reported_user_id, post_id } = request.filter;
    if (resolved === true) query.whereNotNull('reports.resolved_at');
    if (resolved === false) query.whereNull('reports.resolved_at');
    if (kind !== undefined) query.where('reports.kind', kind);
    if (reporter_user_id !== undefined) query.where('reports.reporter_user_id', reporter_user_id);
    if (reported_user_id !== undefined) query.where('reports.reported_user_id', reported_user_id);
    if (post_id !== undefined) query.where('reports.post_id', post_id);
    // Open flags, then open reports, then settled ones, whatever the sort.
    query.orderByRaw("reports.resolved_at IS NOT NULL, reports.kind <> 'flag'");
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
