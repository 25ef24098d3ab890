import test from 'ava';
import { summarise } from '../security/suite.ts';
import { suite } from './suites/redis-restart.ts';

test('players keep queuing and playing through a Redis restart: matchmaking resumes from MySQL, sign-in fails closed, read-only pages answer 200', async (t) => {
  t.timeout(150_000);
  const report = await suite.run({ fast: true, log: (line) => t.log(line) });
  for (const [key, value] of Object.entries(report.figures)) t.log(`${key}: ${value}`);
  t.deepEqual(report.violations, [], summarise(report.violations));
});
