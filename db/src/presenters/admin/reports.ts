import {
  ageOn,
  type AdminMaskedAttempt,
  type AdminReportHistoryItem,
  type AdminReportPlayer,
  type AdminReportRecord,
  type AdminReportThreadPost,
} from '@ecup/domain';
import {
  MASKED_ATTEMPTS_MAX,
  type AdminChatAttemptRow,
  type AdminForumAttemptRow,
  type AdminMaskedAttemptRows,
  type AdminReportHistoryRow,
  type AdminReportPlayerColumns,
  type AdminReportRow,
  type AdminThreadContextRows,
  type AdminTranscriptRow,
} from '../../queries/admin/reports.ts';
import { presentChatMessage } from '../games.ts';
import { iso, isoAlways, userRef } from './common.ts';

function playerOf(row: AdminReportRow, alias: 'reporter' | 'reported', now: Date): AdminReportPlayer {
  const player = (column: keyof AdminReportPlayerColumns) => row[`${alias}_${column}`];
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

/** A report of the queue with both players' ages as of `now`. */
export function presentAdminReport(row: AdminReportRow, now: Date): AdminReportRecord {
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
export function reportPlayerIds(report: AdminReportRecord): number[] {
  return report.reporter ? [report.reported.id, report.reporter.id] : [report.reported.id];
}

export function presentAdminReportHistory(row: AdminReportHistoryRow): AdminReportHistoryItem {
  return {
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    reporter: userRef(row.reporter_user_id, row.reporter_username),
    reported: { id: row.reported_user_id, username: row.reported_username },
    created_at: isoAlways(row.created_at),
    outcome: row.outcome,
  };
}

/** The masked attempts of all three kinds in one list, newest first, at most MASKED_ATTEMPTS_MAX. */
export function presentAdminMaskedAttempts(rows: AdminMaskedAttemptRows): AdminMaskedAttempt[] {
  const common = (row: AdminChatAttemptRow | AdminForumAttemptRow) => ({
    user: { id: row.user_id, username: row.username },
    original: row.original,
    reasons: row.reasons.split(',').filter(Boolean),
    created_at: isoAlways(row.created_at),
  });
  const forum = (row: AdminForumAttemptRow, source: 'forum' | 'forum_title'): AdminMaskedAttempt => ({
    source,
    ...common(row),
    game_id: null,
    thread: { id: row.thread_id, title: row.title },
  });
  return [
    ...rows.lines.map((row): AdminMaskedAttempt => ({
      source: 'chat',
      ...common(row),
      game_id: row.game_id,
      thread: null,
    })),
    ...rows.posts.map((row) => forum(row, 'forum')),
    ...rows.titles.map((row) => forum(row, 'forum_title')),
  ]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, MASKED_ATTEMPTS_MAX);
}

/** The reported post among its neighbours, oldest first. */
export function presentAdminThreadPosts(rows: AdminThreadContextRows, postId: number): AdminReportThreadPost[] {
  return [...rows.before, ...rows.reported, ...rows.after].map((row) => ({
    id: row.id,
    author: { id: row.user_id, username: row.username },
    message: row.message,
    created_at: isoAlways(row.created_at),
    hidden: row.hidden_at !== null,
    reported: row.id === postId,
  }));
}

/** The reported game's chat with the reported line marked and the originals of masked lines. */
export function presentAdminTranscript(
  rows: AdminTranscriptRow[],
  chatMessageId: number | null,
): NonNullable<AdminReportRecord['transcript']> {
  return rows.map((line) => {
    const message = presentChatMessage(line);
    return { ...message, reported: message.id === chatMessageId, original: line.original };
  });
}
