/**
 * Whole-database snapshots, diffs and restores for the mass-assignment suite (suite 7): every table of a
 * test database read in primary-key order, the row-level difference between two snapshots, a comparison of two
 * differences that ignores what legitimately varies between runs (times within seconds, random tokens, hashes and
 * salts), and a restore to a snapshot that also puts the AUTO_INCREMENT counters back, so the same request in the
 * same state writes the same ids.
 */
import type { Knex } from 'knex';

type Row = Record<string, unknown>;

export interface Snapshot {
  tables: Map<string, Map<string, Row>>;
  autoIncrement: Map<string, number | null>;
}

export interface TableInfo {
  name: string;
  primary: string[];
  columns: { name: string; dataType: string; columnType: string }[];
}

/** The tables of the connection's database (knex's own left out), with primary keys and column types. */
export async function tablesOf(knex: Knex): Promise<TableInfo[]> {
  const [columns] = (await knex.raw(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS d, COLUMN_TYPE AS ct, COLUMN_KEY AS k
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION`,
  )) as [{ t: string; c: string; d: string; ct: string; k: string }[]];
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    if (row.t.startsWith('knex_')) continue;
    const table = tables.get(row.t) ?? { name: row.t, primary: [], columns: [] };
    table.columns.push({ name: row.c, dataType: row.d, columnType: row.ct });
    if (row.k === 'PRI') table.primary.push(row.c);
    tables.set(row.t, table);
  }
  return [...tables.values()];
}

const keyOf = (row: Row, primary: string[]) =>
  (primary.length > 0 ? primary : Object.keys(row)).map((c) => String(row[c])).join('|');

/** Every row of every table, and the AUTO_INCREMENT counters. */
export async function snapshot(knex: Knex, tables: TableInfo[]): Promise<Snapshot> {
  const out: Snapshot = { tables: new Map(), autoIncrement: new Map() };
  await Promise.all(
    tables.map(async (table) => {
      const rows = (await knex(table.name)
        .select('*')
        .orderBy(table.primary.length ? table.primary : [])) as Row[];
      out.tables.set(table.name, new Map(rows.map((row) => [keyOf(row, table.primary), row])));
    }),
  );
  const [counters] = (await knex.raw(
    'SELECT TABLE_NAME AS t, AUTO_INCREMENT AS a FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()',
  )) as [{ t: string; a: number | null }[]];
  for (const { t, a } of counters) out.autoIncrement.set(t, a === null ? null : Number(a));
  return out;
}

/** What changed in one table: rows added, rows removed, and per kept row the columns that changed. */
export interface TableDiff {
  inserted: Map<string, Row>;
  deleted: Map<string, Row>;
  updated: Map<string, Record<string, [unknown, unknown]>>;
}

export type Diff = Map<string, TableDiff>;

const exact = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date
    ? a.getTime() === b.getTime()
    : Buffer.isBuffer(a) && Buffer.isBuffer(b)
      ? a.equals(b)
      : a === b;

/** The changes from `before` to `after` (tables without a change are left out). */
export function diff(before: Snapshot, after: Snapshot): Diff {
  const out: Diff = new Map();
  for (const [name, rows] of after.tables) {
    const old = before.tables.get(name) ?? new Map<string, Row>();
    const table: TableDiff = { inserted: new Map(), deleted: new Map(), updated: new Map() };
    for (const [key, row] of rows) {
      const was = old.get(key);
      if (!was) {
        table.inserted.set(key, row);
        continue;
      }
      const changes: Record<string, [unknown, unknown]> = {};
      for (const column of Object.keys(row))
        if (!exact(was[column], row[column])) changes[column] = [was[column], row[column]];
      if (Object.keys(changes).length > 0) table.updated.set(key, changes);
    }
    for (const [key, row] of old) if (!rows.has(key)) table.deleted.set(key, row);
    if (table.inserted.size + table.deleted.size + table.updated.size > 0) out.set(name, table);
  }
  return out;
}

/**
 * Text that is random on every run: hex tokens and hashes, scrypt hashes, base64 salts, base32 TOTP secrets, image
 * ids (the suite's own values all contain a space, so they never pass for random).
 */
const RANDOM = /^[A-Za-z0-9+/=$._:-]{20,}$/;
const normaliseText = (text: string) =>
  text.replace(/[0-9a-f]{24,}/gi, '<hex>').replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>');

/**
 * Whether two values written by two runs of the same request are the same write: equal, or times within
 * `toleranceMs` once the second run's start (`shiftMs` later) is allowed for, or both random-looking text, or JSON text that is the same under these rules.
 */
export function sameWrite(a: unknown, b: unknown, shiftMs = 0, toleranceMs = 15_000): boolean {
  if (exact(a, b)) return true;
  if (a instanceof Date && b instanceof Date) return Math.abs(a.getTime() + shiftMs - b.getTime()) <= toleranceMs;
  if (typeof a === 'string' && typeof b === 'string') {
    if (RANDOM.test(a) && RANDOM.test(b)) return true;
    if (/^[[{]/.test(a) && /^[[{]/.test(b)) {
      try {
        return sameJson(JSON.parse(a), JSON.parse(b), shiftMs, toleranceMs);
      } catch {
        // not JSON: compared as text below
      }
    }
    return normaliseText(a) === normaliseText(b);
  }
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.length === b.length && a.length >= 16;
  return false;
}

function sameJson(a: unknown, b: unknown, shiftMs: number, toleranceMs: number): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    if (/^\d{4}-\d\d-\d\dT/.test(a) && /^\d{4}-\d\d-\d\dT/.test(b)) {
      return Math.abs(Date.parse(a) + shiftMs - Date.parse(b)) <= toleranceMs;
    }
    return sameWrite(a, b, shiftMs, toleranceMs);
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i], shiftMs, toleranceMs));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return ka.join() === kb.join() && ka.every((k) => sameJson((a as Row)[k], (b as Row)[k], shiftMs, toleranceMs));
  }
  return a === b;
}

const show = (value: unknown) => {
  const text =
    value instanceof Date
      ? value.toISOString()
      : Buffer.isBuffer(value)
        ? `0x${value.toString('hex')}`
        : JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/**
 * How `actual` differs from `expected` (the plain request's diff): rows or columns it wrote that the plain request
 * did not, values that differ, and changes it left out. Empty when they are the same write. `shiftMs`: how much
 * later `actual`'s request ran.
 */
export function compareDiffs(expected: Diff, actual: Diff, shiftMs = 0): string[] {
  const problems: string[] = [];
  for (const name of new Set([...expected.keys(), ...actual.keys()])) {
    const none: TableDiff = { inserted: new Map(), deleted: new Map(), updated: new Map() };
    const e = expected.get(name) ?? none;
    const a = actual.get(name) ?? none;
    for (const [key, row] of a.inserted) {
      const want = e.inserted.get(key);
      if (!want) {
        problems.push(`${name}: inserted a row the plain request does not (${key})`);
        continue;
      }
      for (const column of Object.keys(row)) {
        if (!sameWrite(want[column], row[column], shiftMs)) {
          problems.push(`${name}.${column} of the new row ${key} is ${show(row[column])}, not ${show(want[column])}`);
        }
      }
    }
    for (const key of e.inserted.keys()) if (!a.inserted.has(key)) problems.push(`${name}: did not insert row ${key}`);
    for (const key of a.deleted.keys()) if (!e.deleted.has(key)) problems.push(`${name}: deleted row ${key}`);
    for (const key of e.deleted.keys()) if (!a.deleted.has(key)) problems.push(`${name}: did not delete row ${key}`);
    for (const [key, changes] of a.updated) {
      const want: Record<string, [unknown, unknown]> = e.updated.get(key) ?? {};
      for (const [column, [, value]] of Object.entries(changes)) {
        if (!(column in want)) problems.push(`${name}.${column} of row ${key} changed to ${show(value)}`);
        else if (!sameWrite(want[column]![1], value, shiftMs)) {
          problems.push(`${name}.${column} of row ${key} is ${show(value)}, not ${show(want[column]![1])}`);
        }
      }
    }
    for (const [key, changes] of e.updated) {
      for (const column of Object.keys(changes)) {
        if (!a.updated.get(key)?.[column]) problems.push(`${name}.${column} of row ${key} did not change`);
      }
    }
  }
  return problems;
}

/**
 * Puts the database back to `target`: the tables whose rows differ are emptied and refilled (foreign keys off on
 * one connection), and every AUTO_INCREMENT counter that moved (a rolled-back insert moves it too) is reset.
 */
export async function restore(
  knex: Knex,
  tables: TableInfo[],
  target: Snapshot,
  current: Snapshot | null = null,
): Promise<void> {
  current ??= await snapshot(knex, tables);
  const changed = [...diff(target, current).keys()];
  for (const [name, rows] of current.tables) if (rows.size !== target.tables.get(name)?.size) changed.push(name);
  const names = [...new Set(changed)];
  if (names.length > 0) {
    await knex.transaction(async (trx) => {
      await trx.raw('SET FOREIGN_KEY_CHECKS = 0');
      for (const name of names) {
        await trx(name).delete();
        const rows = [...(target.tables.get(name)?.values() ?? [])];
        for (let i = 0; i < rows.length; i += 200) await trx(name).insert(rows.slice(i, i + 200));
      }
      await trx.raw('SET FOREIGN_KEY_CHECKS = 1');
    });
  }
  for (const [name, value] of target.autoIncrement) {
    if (value !== null && current.autoIncrement.get(name) !== value) {
      await knex.raw(`ALTER TABLE ?? AUTO_INCREMENT = ${Number(value)}`, [name]);
    }
  }
}
