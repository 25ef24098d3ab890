/**
 * Compiled by the type check only, never imported: if the table map ever stops typing reads and writes (a model or
 * tables.ts loosened to `any`), the expected errors below go missing and the type check fails.
 */
import type { Knex } from 'knex';
import './index.ts';

export async function misspeltColumns(knex: Knex): Promise<unknown[]> {
  return [
    // @ts-expect-error `usernme` is not a column of users.
    await knex('users').where({ usernme: 'a' }),
    // @ts-expect-error `scor_1` is not a column of games.
    (await knex('games').where({ id: 1 }).first())?.scor_1,
    // @ts-expect-error score_1 holds a number.
    await knex('games').where({ id: 1 }).update({ score_1: 'three' }),
  ];
}
