import test from 'ava';
import { summarise } from '../security/suite.ts';
import { suite } from './suites/mysql-restart.ts';

test('MariaDB stopped for 4 s under load: the API and worker stay up, every answer meanwhile is 503 "This is not available right now. Please try again in a minute." and /ready 503, both serve again once it is back, no acknowledged write is lost or half-applied', async (t) => {
  t.timeout(150_000);
  const report = await suite.run({ fast: true, log: (line) => t.log(line) });
  for (const [key, value] of Object.entries(report.figures)) t.log(`${key}: ${value}`);
  t.deepEqual(report.violations, [], summarise(report.violations));
});
