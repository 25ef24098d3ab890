import type { Knex } from 'knex';

import { writeAudit } from '../audit.ts';
import { CommandRejected } from '../types.ts';
import type { AdminActor } from '../../models/User.ts';

/**
 * Deletes one row of a console resource under its row lock and audits it with what it held (`before`); an unknown
 * id is a 404. Returns the row as it was read.
 */
export async function deleteAudited<Row extends { id: number }>(
  trx: Knex,
  input: {
    actor: AdminActor;
    ip: string | null;
    now: Date;
    table: string;
    id: number;
    /** The columns read (all when omitted). */
    columns?: readonly (keyof Row & string)[];
    /** The audit row's action and entity, e.g. `news.delete` and `news`. */
    action: string;
    entity: string;
    /** What the audit row keeps of the deleted row. */
    before: (row: Row) => unknown;
  },
): Promise<Row> {
  const query = trx(input.table).where('id', input.id).forUpdate();
  const row = (await (input.columns ? query.first(input.columns) : query.first())) as Row | undefined;
  if (!row) throw new CommandRejected('not_found', 'recordNotFound');
  await trx(input.table).where('id', row.id).delete();
  await writeAudit(trx, {
    actor_user_id: input.actor.id,
    action: input.action,
    entity: input.entity,
    entity_id: row.id,
    before: input.before(row),
    after: null,
    ip: input.ip,
    now: input.now,
  });
  return row;
}
