import type { Knex } from 'knex';
import type { AuditLog } from '../../models/AuditLog.ts';
import { like, prefixPattern } from '../../services/like.ts';
import { sqlPage, type AdminListRequest, type AdminPage } from './page.ts';

export interface AdminAuditFilters {
  /** The staff member (or player, for their own reports and two-factor changes) who acted. */
  actor_user_id: number;
  /** Exact action, e.g. `user.ban`; a value ending in `.` or `*` matches every action that starts with it. */
  action: string | undefined;
  entity: string | undefined;
  entity_id: string | undefined;
  /** From this instant on (inclusive). */
  created_at_gte: Date;
  /** Up to this instant (inclusive). */
  created_at_lte: Date;
}

/** An audit line with the actor's username joined. */
export type AdminAuditRow = AuditLog & { actor_username: string | null };

function auditQuery(knex: Knex) {
  return knex('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id')
    .select('audit_log.*', 'actor.username as actor_username');
}

/** The console's audit log page. */
export function adminAuditPage(
  knex: Knex,
  request: AdminListRequest<AdminAuditFilters>,
): Promise<AdminPage<AdminAuditRow>> {
  const query = auditQuery(knex);
  const f = request.filter;
  if (f.actor_user_id !== undefined) query.where('audit_log.actor_user_id', f.actor_user_id);
  if (f.action !== undefined) {
    const prefix = /[.*]$/.test(f.action) ? f.action.replace(/\*$/, '') : null;
    if (prefix !== null) query.where(like(knex, 'audit_log.action', prefixPattern(prefix)));
    else query.where('audit_log.action', f.action);
  }
  if (f.entity !== undefined) query.where('audit_log.entity', f.entity);
  if (f.entity_id !== undefined) query.where('audit_log.entity_id', f.entity_id);
  if (f.created_at_gte !== undefined) query.where('audit_log.created_at', '>=', f.created_at_gte);
  if (f.created_at_lte !== undefined) query.where('audit_log.created_at', '<=', f.created_at_lte);
  return sqlPage(query, request, {
    id: 'audit_log.id',
    sort: { id: 'audit_log.id', created_at: 'audit_log.created_at' },
  });
}

/** One audit line, or undefined. */
export async function findAdminAudit(knex: Knex, id: number): Promise<AdminAuditRow | undefined> {
  const row: AdminAuditRow | undefined = await auditQuery(knex).where('audit_log.id', id).first();
  return row;
}
