import type { AdminAuditRecord } from '@ecup/domain';
import { adminAuditPage, findAdminAudit, presentAdminAudit, type AdminAuditFilters } from '@ecup/db';
import { dateFilter, defineResource, intFilter, textFilter } from '../resource.ts';

/**
 * The audit log (who, what, when, before/after), read-only, newest first by default. Only holders of every flag see
 * it: it shows what every staff member did, including permission changes.
 */
export const auditLogResource = defineResource<AdminAuditRecord, AdminAuditFilters>({
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
    const { rows, total } = await adminAuditPage(ac.deps.knex, request);
    return { data: rows.map(presentAdminAudit), total };
  },

  async getOne(ac, id) {
    const row = await findAdminAudit(ac.deps.knex, id);
    return row ? presentAdminAudit(row) : null;
  },
});
