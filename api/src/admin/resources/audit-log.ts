import type { AdminAuditRecord } from '@ecup/domain';
import { like, prefixPattern, type AuditLog } from '@ecup/db';
import { isoAlways, userRef } from '../present.ts';
import { dateFilter, defineResource, intFilter, sqlPage, textFilter, type AdminContext } from '../resource.ts';

interface AuditFilters {
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
type Row = AuditLog & { actor_username: string | null };

function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function present(row: Row): AdminAuditRecord {
  return {
    id: row.id,
    actor: userRef(row.actor_user_id, row.actor_username),
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: parsed(row.before),
    after: parsed(row.after),
    ip: row.ip,
    created_at: isoAlways(row.created_at),
  };
}

function baseQuery(ac: AdminContext) {
  return ac.deps
    .knex('audit_log')
    .leftJoin('users as actor', 'actor.id', 'audit_log.actor_user_id')
    .select('audit_log.*', 'actor.username as actor_username');
}

/**
 * The audit log (decisions §8: who, what, when, before/after), read-only, newest first by default. Only holders of
 * every flag see it: it shows what every staff member did, including permission changes.
 */
export const auditLogResource = defineResource<AdminAuditRecord, AuditFilters>({
  name: 'audit-log',
  sortable: ['id', 'created_at'],
  defaultSort: { field: 'id', order: 'DESC' },
  filters: {
    actor_user_id: intFilter,
    action: textFilter,
    entity: textFilter,
    entity_id: textFilter,
    created_at_gte: dateFilter,
    created_at_lte: dateFilter,
  },

  async list(ac, request) {
    const query = baseQuery(ac);
    const f = request.filter;
    if (f.actor_user_id !== undefined) query.where('audit_log.actor_user_id', f.actor_user_id);
    if (f.action !== undefined) {
      const prefix = /[.*]$/.test(f.action) ? f.action.replace(/\*$/, '') : null;
      if (prefix !== null) query.where(like(ac.deps.knex, 'audit_log.action', prefixPattern(prefix)));
      else query.where('audit_log.action', f.action);
    }
    if (f.entity !== undefined) query.where('audit_log.entity', f.entity);
    if (f.entity_id !== undefined) query.where('audit_log.entity_id', f.entity_id);
    if (f.created_at_gte !== undefined) query.where('audit_log.created_at', '>=', f.created_at_gte);
    if (f.created_at_lte !== undefined) query.where('audit_log.created_at', '<=', f.created_at_lte);
    const { rows, total } = await sqlPage<Row>(query, request, {
      id: 'audit_log.id',
      sort: { id: 'audit_log.id', created_at: 'audit_log.created_at' },
    });
    return { data: rows.map(present), total };
  },

  async getOne(ac, id) {
    const row = (await baseQuery(ac).where('audit_log.id', id).first()) as Row | undefined;
    return row ? present(row) : null;
  },
});
