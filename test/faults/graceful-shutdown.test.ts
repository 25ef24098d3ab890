import test from 'ava';
import { summarise } from '../security/suite.ts';
import { suite } from './suites/graceful-shutdown.ts';

test('SIGTERM with 50 requests and 20 e-mail jobs in flight: every request answered 200, no job stalled or failed, API and worker gone within 10 s', async (t) => {
  t.timeout(150_000);
  const report = await suite.run({ fast: true, log: (line) => t.log(line) });
  for (const [key, value] of Object.entries(report.figures)) t.log(`${key}: ${value}`);
  t.deepEqual(report.violations, [], summarise(report.violations));
});
