import test from 'ava';
import { ROUTES } from './inventory.ts';
import { summarise } from './suite.ts';
import { suite } from './suites/mass-assignment.ts';

test('suite 7 (fast): every write route loaded with every column plus permissions, elo, banned, id, user_id writes only what the plain request writes', async (t) => {
  t.timeout(180_000);
  const report = await suite.run({ fast: true, log: () => undefined });
  t.deepEqual(report.violations, [], summarise(report.violations));
  const writes = ROUTES.filter((route) => route.writes && !route.testOnly).length;
  t.is(report.figures['write routes checked'], writes);
  t.true(
    Number(report.figures['extra fields tried']) >= 40 * writes,
    `extra fields: ${report.figures['extra fields tried']}`,
  );
});
