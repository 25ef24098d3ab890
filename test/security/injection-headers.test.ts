import test from 'ava';
import { suite } from './suites/injection-headers.ts';
import { summarise } from './suite.ts';

test('suite 8 (fast): every answer carries the CSP and headers, foreign origins change nothing, SQL probes find nothing', async (t) => {
  t.timeout(120_000);
  const report = await suite.run({ fast: true, log: () => undefined });
  t.deepEqual(report.violations, [], summarise(report.violations));
  const figure = (name: string) => Number(report.figures[name]);
  t.true(figure('answers checked for headers') >= 100, 'every route and every kind of answer');
  t.true(figure('write routes behind the origin gate') >= 40, 'every write route of the inventory');
  t.true(figure('origin requests') >= 300);
  t.is(figure('socket handshakes'), 8);
  t.true(figure('SQL metacharacter probes') >= 50);
  t.is(figure('Chromium pages without CSP violations'), 4);
});
