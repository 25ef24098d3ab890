import type { Knex } from 'knex';
import type { ReportKind, ReportOutcome, ReportReason } from '@ecup/domain';
import type { ForumPost } from '../../models/ForumPost.ts';
import type { ForumThread } from '../../models/ForumThread.ts';
import type { User } from '../../models/User.ts';
import type { ChatLineRow } from '../../presenters/games.ts';
import { chatRows } from '../games.ts';
import { sqlPage, type AdminListRequest, type AdminPage } from './page.ts';

export interface AdminReportFilters {
  resolved: boolean;
  kind: ReportKind;
  reporter_user_id: number;
  reported_user_id: number;
  post_id: number;
}

/** Posts of a reported post's thread shown around it on the report's page. */
const THREAD_CONTEXT_POSTS = 5;
/** Masked attempts of both players read for a report's page. */
export const MASKED_ATTEMPTS_MAX = 100;

const PLAYER_COLUMNS = ['id', 'username', 'birth_date', 'chat_muted_until', 'banned_until'] as const;

/** A player of a report, read as `{alias}_{column}`. */
export type AdminReportPlayerColumns = Pick<User, 'id' | 'username' | 'birth_date' | 'banned_until'> & {
  chat_muted_until: Date | null;
};
type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}_${K}`]: T[K] };

/**
 * A report with its players, resolver, chat line and post joined. The reporter's columns are null for an automatic
 * flag.
 */
export type AdminReportRow = {
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
} & Prefixed<'reporter', { [K in keyof AdminReportPlayerColumns]: AdminReportPlayerColumns[K] | null }> &
  Prefixed<'reported', AdminReportPlayerColumns>;

/** A line of a player's other reports with both usernames. */
export interface AdminReportHistoryRow {
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

/** A masked chat line as typed, with its author and game. */
export interface AdminChatAttemptRow {
  user_id: number;
  username: string;
  original: string;
  reasons: string;
  created_at: Date;
  game_id: number;
}

/** A masked forum post or thread title as typed, with its author and thread. */
export interface AdminForumAttemptRow {
  user_id: number;
  username: string;
  original: string;
  reasons: string;
  created_at: Date;
  thread_id: number;
  title: string;
}

/** Both players' masked attempts: chat lines, forum posts and thread titles, each newest first. */
export interface AdminMaskedAttemptRows {
  lines: AdminChatAttemptRow[];
  posts: AdminForumAttemptRow[];
  titles: AdminForumAttemptRow[];
}

/** A post of the reported post's thread with its author. */
export type AdminThreadPostRow = Pick<ForumPost, 'id' | 'user_id' | 'message' | 'created_at' | 'hidden_at'> & {
  username: string;
};

/** The reported post's neighbours in its thread: before it (oldest first), itself, after it. */
export interface AdminThreadContextRows {
  before: AdminThreadPostRow[];
  reported: AdminThreadPostRow[];
  after: AdminThreadPostRow[];
}

/** A line of the reported game's chat with the original of a masked line. */
export type AdminTranscriptRow = ChatLineRow & { original: string | null };

function reportQuery(knex: Knex) {
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

/** The safeguarding queue's page: open flags, then open reports, then settled ones, whatever the sort. */
export function adminReportPage(
  knex: Knex,
  request: AdminListRequest<AdminReportFilters>,
): Promise<AdminPage<AdminReportRow>> {
  const query = reportQuery(knex);
  const { resolved, kind, reporter_user_id, reported_user_id, post_id } = request.filter;
  if (resolved === true) query.whereNotNull('reports.resolved_at');
  if (resolved === false) query.whereNull('reports.resolved_at');
  if (kind !== undefined) query.where('reports.kind', kind);
  if (reporter_user_id !== undefined) query.where('reports.reporter_user_id', reporter_user_id);
  if (reported_user_id !== undefined) query.where('reports.reported_user_id', reported_user_id);
  if (post_id !== undefined) query.where('reports.post_id', post_id);
  query.orderByRaw("reports.resolved_at IS NOT NULL, reports.kind <> 'flag'");
  return sqlPage(query, request, {
    id: 'reports.id',
    sort: { id: 'reports.id', created_at: 'reports.created_at' },
  });
}

/** One report, or undefined. */
export async function findAdminReport(knex: Knex, id: number): Promise<AdminReportRow | undefined> {
  const row: AdminReportRow | undefined = await reportQuery(knex).where('reports.id', id).first();
  return row;
}

/** Other reports than `reportId` by or against any of `users`, newest first (at most 50). */
export async function adminReportHistory(
  knex: Knex,
  reportId: number,
  users: number[],
): Promise<AdminReportHistoryRow[]> {
  const rows: AdminReportHistoryRow[] = await knex('reports')
    .leftJoin('users as reporter', 'reporter.id', 'reports.reporter_user_id')
    .join('users as reported', 'reported.id', 'reports.reported_user_id')
    .whereNot('reports.id', reportId)
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
    );
  return rows;
}

/**
 * The users' masked chat lines, forum posts and thread titles as typed (`chat_originals`, `forum_post_originals`,
 * `forum_thread_originals`: staff only, kept 90 days), each newest first, with the game or thread they were in.
 */
export async function adminMaskedAttempts(knex: Knex, users: number[]): Promise<AdminMaskedAttemptRows> {
  const [lines, posts, titles]: [AdminChatAttemptRow[], AdminForumAttemptRow[], AdminForumAttemptRow[]] =
    await Promise.all([
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
    ]);
  return { lines, posts, titles };
}

/** A reported post with the posts just before and after it in its thread. */
export async function adminThreadContext(
  knex: Knex,
  threadId: number,
  postId: number,
): Promise<AdminThreadContextRows> {
  const columns = ['p.id', 'p.user_id', 'u.username', 'p.message', 'p.created_at', 'p.hidden_at'];
  const around = (direction: 'before' | 'after') =>
    knex('forum_posts as p')
      .join('users as u', 'u.id', 'p.user_id')
      .where('p.thread_id', threadId)
      .where('p.id', direction === 'before' ? '<' : '>', postId)
      .orderBy('p.id', direction === 'before' ? 'desc' : 'asc')
      .limit(THREAD_CONTEXT_POSTS)
      .select(columns);
  const self = knex('forum_posts as p').join('users as u', 'u.id', 'p.user_id').where('p.id', postId).select(columns);
  const [before, reported, after]: AdminThreadPostRow[][] = await Promise.all([
    around('before'),
    self,
    around('after'),
  ]);
  return { before: before!.reverse(), reported: reported!, after: after! };
}

/** The reported game's chat, oldest first, with the originals of masked lines. */
export async function adminReportTranscript(knex: Knex, gameId: number): Promise<AdminTranscriptRow[]> {
  const rows: AdminTranscriptRow[] = await chatRows(knex)
    .leftJoin('chat_originals', 'chat_originals.message_id', 'chat_messages.id')
    .select('chat_originals.original')
    .where('chat_messages.game_id', gameId)
    .orderBy('chat_messages.id', 'asc');
  return rows;
}
