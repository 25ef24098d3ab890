import type { Knex } from 'knex';

import {
  SESSION_SETTINGS,
  isSessionSettingName,
  parseSettingMs,
  sessionLimitsFrom,
  type SessionLimits,
} from '@ecup/domain';

import { CommandRejected } from '../commands/types.ts';

/** How long a process keeps the settings it read before reading them again. */
export const SETTINGS_CACHE_MS = 5_000;

interface Cached {
  at: number;
  limits: Promise<Record<'player' | 'console', SessionLimits>>;
}

// Per connection pool: each test database (and each process) has its own settings.
const cache = new WeakMap<Knex, Cached>();

/**
 * The session limits in force (docs/decisions.md#minors-safety) from the `settings` table, read at most once every few seconds per
 * process (on `now`'s clock, so a moved test clock reads afresh); a missing or invalid row, or a database without
 * the table yet, gives the constants.
 */
export async function sessionLimits(knex: Knex, now: Date): Promise<Record<'player' | 'console', SessionLimits>> {
  const cached = cache.get(knex);
  if (cached && Math.abs(now.getTime() - cached.at) < SETTINGS_CACHE_MS) return cached.limits;
  const limits = readSettings(knex).then(sessionLimitsFrom);
  cache.set(knex, { at: now.getTime(), limits });
  // A failed read is not kept: the next call tries again.
  limits.catch(() => {
    if (cache.get(knex)?.limits === limits) cache.delete(knex);
  });
  return limits;
}

/** Forgets this process's cached settings (after `setSetting`, so the same process sees its own change at once). */
export function forgetSettings(knex: Knex): void {
  cache.delete(knex);
}

async function readSettings(knex: Knex): Promise<Map<string, unknown>> {
  const rows = await knex('settings').select('name', 'value');
  return new Map(rows.map((row) => [row.name, row.value]));
}

/** Every known setting with its value in force and whether that is the default (`settings:list`). */
export async function listSettings(
  knex: Knex,
): Promise<{ name: string; value: number; stored: string | null; default: number; updated_at: Date | null }[]> {
  const rows = await knex('settings').select('name', 'value', 'updated_at');
  const byName = new Map(rows.map((row) => [row.name, row]));
  return Object.entries(SESSION_SETTINGS).map(([name, setting]) => {
    const row = byName.get(name);
    return {
      name,
      value: parseSettingMs(row?.value) ?? setting.default,
      stored: row?.value ?? null,
      default: setting.default,
      updated_at: row?.updated_at ?? null,
    };
  });
}

/**
 * Sets one setting (`settings:set`): a known name and a positive whole number of milliseconds, else refused with
 * the reason and nothing changed. Every API process and worker uses the new value within SETTINGS_CACHE_MS.
 */
export async function setSetting(
  knex: Knex,
  input: { name: string; value: string; now: Date },
): Promise<{ name: string; value: number; before: number }> {
  if (!isSessionSettingName(input.name)) {
    const known = Object.keys(SESSION_SETTINGS).join(', ');
    throw new CommandRejected('invalid', {
      operator: `unknown setting '${input.name.slice(0, 64)}'; the settings are ${known}.`,
    });
  }
  const value = parseSettingMs(input.value);
  if (value === null) {
    throw new CommandRejected('invalid', {
      operator: `'${input.value.slice(0, 64)}' is not a number of milliseconds; give a whole number of 1 or more (e.g. 43200000 for 12 hours).`,
    });
  }
  const row = await knex('settings').where('name', input.name).first('value');
  await knex('settings')
    .insert({ name: input.name, value: String(value), updated_at: input.now })
    .onConflict('name')
    .merge(['value', 'updated_at']);
  forgetSettings(knex);
  return { name: input.name, value, before: parseSettingMs(row?.value) ?? SESSION_SETTINGS[input.name].default };
}
