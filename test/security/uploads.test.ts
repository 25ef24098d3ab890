import test from 'ava';
import { summarise } from './suite.ts';
import { suite } from './suites/uploads.ts';

test('uploads (fast): every hostile file is refused or stored re-encoded and clean, the API grows by less than 200 MB', async (t) => {
  t.timeout(120_000);
  const report = await suite.run({ fast: true, log: () => {} });
  t.deepEqual(report.violations, [], summarise(report.violations));
  t.true(Number(report.figures['hostile files']) >= 30, `hostile files: ${report.figures['hostile files']}`);
  t.is(report.figures['upload routes'], 5);
  t.is(Number(report.figures.refused) + Number(report.figures.neutralised), Number(report.figures['uploads tried']));
  t.true(Number(report.figures['API peak RSS MB']) - Number(report.figures['API RSS at start MB']) < 200);
});
