import test from 'ava';
import { createKnex, parseDatabaseUrl } from '@ecup/db';
import { TEST_DATABASE_SERVER } from '../helpers/db.ts';

// Numeric results arrive as numbers from the driver, so no read converts them again; a DECIMAL too large for a
// double stays a string rather than come back rounded.

test('counts, sums, averages and BIGINTs arrive as numbers; a DECIMAL beyond a double stays its exact text', async (t) => {
  const knex = createKnex({ ...parseDatabaseUrl(TEST_DATABASE_SERVER), database: '' }, { pool: { min: 0, max: 1 } });
  t.teardown(() => knex.destroy());
  const [[row]] = (await knex.raw(
    `SELECT COUNT(*) AS n, SUM(v) AS total, AVG(v) AS mean, CAST(9007199254740991 AS SIGNED) AS big,
            CAST(-12.50 AS DECIMAL(6, 2)) AS negative, SUM(NULL) AS nothing,
            CAST('12345678901234567.89' AS DECIMAL(30, 2)) AS huge
       FROM (SELECT 1 AS v UNION ALL SELECT 2) AS t`,
  )) as [[Record<string, unknown>]];
  t.deepEqual(row, {
    n: 2,
    total: 3,
    mean: 1.5,
    big: 9007199254740991,
    negative: -12.5,
    nothing: null,
    huge: '12345678901234567.89',
  });
});
