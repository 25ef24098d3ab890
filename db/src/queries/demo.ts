import type { Knex } from 'knex';
import { DEMO_ACCOUNTS } from '../seed/demo.ts';

/** Whether the demo seed has run: its admin account (DEMO_ACCOUNTS) exists. */
export async function demoSeeded(knex: Knex): Promise<boolean> {
  return Boolean(await knex('users').where('username', DEMO_ACCOUNTS.admin.username).first('id'));
}

/** Whether any account exists (the start script seeds the demo only into an empty database). */
export async function hasAnyUser(knex: Knex): Promise<boolean> {
  return Boolean(await knex('users').first('id'));
}
