import type { Knex } from 'knex';
import type { OwnReportPayload, WarningPayload } from '@ecup/domain';
import type { Report } from '../../models/Report.ts';
import type { User } from '../../models/User.ts';
import type { UserWarning } from '../../models/UserWarning.ts';

/** The oldest warning a player has not seen yet, or null (GET /user/warning). */
export async function unseenWarning(knex: Knex, userId: number): Promise<WarningPayload | null> {
  const row = (await knex('user_warnings')
    .where('user_id', userId)
    .whereNull('seen_at')
    .orderBy('id')
    .first('id', 'message', 'created_at')) as Pick<UserWarning, 'id' | 'message' | 'created_at'> | undefined;
  return row ? { id: row.id, message: row.message, created_at: row.created_at.toISOString() } : null;
}

/** The player saw a warning (POST /user/warning/seen): shown once. Someone else's warning changes nothing. */
export async function markWarningSeen(knex: Knex, input: { user_id: number; warning_id: number; now: Date }) {
  await knex('user_warnings')
    .where({ id: input.warning_id, user_id: input.user_id })
    .whereNull('seen_at')
    .update({ seen_at: input.now });
}

/**
 * A player's own reports, newest first (GET /user/reports): whom and why, and whether a moderator handled it; never
 * the moderator or the outcome.
 */
export async function ownReports(knex: Knex, userId: number): Promise<OwnReportPayload[]> {
  const rows = (await knex('reports')
    .join('users as reported', 'reported.id', 'reports.reported_user_id')
    .where('reports.reporter_user_id', userId)
    .orderBy('reports.id', 'desc')
    .limit(100)
    .select(
      'reports.id',
      'reports.kind',
      'reports.reason',
      'reports.game_id',
      'reports.created_at',
      'reports.resolved_at',
      'reported.username',
    )) as (Pick<Report, 'id' | 'kind' | 'reason' | 'game_id' | 'created_at' | 'resolved_at'> &
    Pick<User, 'username'>)[];
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    reason: row.reason,
    reported_username: row.username,
    game_id: row.game_id,
    created_at: row.created_at.toISOString(),
    handled: row.resolved_at !== null,
  }));
}
