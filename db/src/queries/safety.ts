import type { Knex } from 'knex';

import type { BlockedPlayerPayload, OwnReportPayload, WarningPayload } from '@ecup/domain';

import type { Block } from '../models/Block.ts';

import type { Report } from '../models/Report.ts';

import type { User } from '../models/User.ts';

/** The oldest warning a player has not seen yet, or null (GET /user/warning). */
export async function unseenWarning(knex: Knex, userId: number): Promise<WarningPayload | null> {
  const row = await knex('user_warnings')
    .where('user_id', userId)
    .whereNull('seen_at')
    .orderBy('id')
    .first('id', 'message', 'created_at');
  return row ? { id: row.id, message: row.message, created_at: row.created_at.toISOString() } : null;
}

/**
 * A player's own reports, newest first (GET /user/reports): whom and why, and whether a moderator handled it; never
 * the moderator or the outcome.
 */
export async function ownReports(knex: Knex, userId: number): Promise<OwnReportPayload[]> {
  const rows: (Pick<Report, 'id' | 'kind' | 'reason' | 'game_id' | 'created_at' | 'resolved_at'> &
    Pick<User, 'username'>)[] = await knex('reports')
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
    );
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

/** The players a user blocked, newest first (GET /user/blocks). */
export async function blockedPlayers(knex: Knex, userId: number): Promise<BlockedPlayerPayload[]> {
  const rows: (Pick<User, 'id' | 'username' | 'avatar_hash'> & Pick<Block, 'created_at'>)[] = await knex('blocks')
    .join('users', 'users.id', 'blocks.blocked_user_id')
    .where('blocks.blocker_user_id', userId)
    .orderBy('blocks.created_at', 'desc')
    .select('users.id', 'users.username', 'users.avatar_hash', 'blocks.created_at');
  return rows.map((row) => ({
    user_id: row.id,
    username: row.username,
    avatar_hash: row.avatar_hash,
    blocked_at: row.created_at.toISOString(),
  }));
}

/** Ids of the users `userId` blocked (their chat lines and posts are hidden for `userId`). */
export async function blockedIds(knex: Knex, userId: number): Promise<Set<number>> {
  const ids: Block['blocked_user_id'][] = await knex('blocks')
    .where('blocker_user_id', userId)
    .pluck('blocked_user_id');
  return new Set(ids);
}
