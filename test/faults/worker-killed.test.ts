import test from 'ava';
import { summarise } from '../security/suite.ts';
import { suite } from './suites/worker-killed.ts';

test('60 matches played to a final result while a worker is SIGKILLed twice: every game final and rated once, every held job run again within 15 s', async (t) => {
  t.timeout(150_000);
  const report = await suite.run({ fast: true, log: (line) => t.log(line) });
  for (const [key, value] of Object.entries(report.figures)) t.log(`${key}: ${value}`);
  t.deepEqual(report.violations, [], summarise(report.violations));
});
