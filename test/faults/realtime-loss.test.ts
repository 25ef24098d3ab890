import test from 'ava';
import { summarise } from '../security/suite.ts';
import { suite } from './suites/realtime-loss.ts';

test('20 players paired while every socket drops twice (network cut, API process killed): each shows the match or game the database says within 5 s of reconnecting', async (t) => {
  t.timeout(150_000);
  const report = await suite.run({ fast: true, log: (line) => t.log(line) });
  for (const [key, value] of Object.entries(report.figures)) t.log(`${key}: ${value}`);
  t.deepEqual(report.violations, [], summarise(report.violations));
});
