import type { Knex } from 'knex';
import { writeAudit } from '../audit.ts';
import type { CommandOutcome } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';

/**
 * A staff member downloaded personal data in bulk from the console (the trophy winners' CSV: names, e-mails, birth
 * dates, guardians' addresses). Audited as `<name>.export` with the number of rows before the file is sent, so no
 * export leaves unrecorded (docs/rules.md "Staff actions and audit").
 */
export async function recordExport(
  trx: Knex,
  input: { actor: AdminActor; name: 'trophy_winners'; rows: number; ip: string | null; now: Date },
): Promise<CommandOutcome<null>> {
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: `${input.name}.export`,
    entity: 'export',
    entity_id: input.name,
    before: null,
    after: { format: 'csv', rows: input.rows },
    ip: input.ip,
    now: input.now,
  });
  return { result: null, events: [] };
}
