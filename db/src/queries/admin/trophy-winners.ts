import type { Knex } from 'knex';
import type { User } from '../../models/User.ts';

/** What the prize hand-out needs of a winner beyond the name: birth date and the guardian's confirmation. */
export type AdminWinnerContactRow = Pick<User, 'id' | 'birth_date' | 'guardian_email' | 'guardian_confirmed_at'>;

/** The contact rows of the given winners. */
export async function adminWinnerContacts(knex: Knex, ids: number[]): Promise<AdminWinnerContactRow[]> {
  if (ids.length === 0) return [];
  const rows: AdminWinnerContactRow[] = await knex('users')
    .whereIn('id', ids)
    .select('id', 'birth_date', 'guardian_email', 'guardian_confirmed_at');
  return rows;
}
