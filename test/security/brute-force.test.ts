import test from 'ava';
import { summarise } from './suite.ts';
import { suite } from './suites/brute-force.ts';

test('brute force and enumeration (fast): limits hold and unknown users cannot be told from wrong passwords', async (t) => {
  // Several hundred sign-ins, each a password hash: on a machine busy with the other suites this takes minutes.
  t.timeout(300_000);
  const report = await suite.run({ fast: true, log: () => {} });
  t.deepEqual(report.violations, [], summarise(report.violations));
  t.is(report.figures['timing tries (wrong password / unknown user)'], '30 / 30');
  t.is(report.figures['parallel uses of one reset link / successes'], '20 / 1');
  t.true(Number(report.figures['requests sent']) >= 300, `requests sent: ${report.figures['requests sent']}`);
});
