import type { AdminAuditRecord } from '@ecup/domain';
import type { AdminAuditRow } from '../../queries/admin/audit-log.ts';
import { isoAlways, userRef } from './common.ts';

/** A stored before/after as the JSON it was written as; text that is not JSON as it is. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function presentAdminAudit(row: AdminAuditRow): AdminAuditRecord {
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
