import test from 'ava';
import { summarise } from '../security/suite.ts';
import { suite } from './suites/races.ts';

test('concurrent accepts, accept against timeout, double submissions and trophy challengers each settle to exactly one outcome', async (t) => {
  t.timeout(150_000);
  const report = await suite.run({ fast: true, log: (line) => t.log(line) });
  for (const [key, value] of Object.entries(report.figures)) t.log(`${key}: ${value}`);
  t.deepEqual(report.violations, [], summarise(report.violations));
});
