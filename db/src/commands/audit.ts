import type { Knex } from 'knex';

/** One audit row (docs/decisions.md#permissions: who, what, when, before/after), written in the caller's transaction. */
export interface AuditEntry {
  actor_user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | string;
  before: unknown;
  after: unknown;
  ip: string | null;
  now: Date;
}

export async function writeAudit(trx: Knex, entry: AuditEntry): Promise<void> {
  await trx('audit_log').insert({
    actor_user_id: entry.actor_user_id,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entity_id),
    before: entry.before === null ? null : JSON.stringify(entry.before),
    after: entry.after === null ? null : JSON.stringify(entry.after),
    ip: entry.ip,
    created_at: entry.now,
  });
}
