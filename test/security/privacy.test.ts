import test from 'ava';
import { suite } from './suites/privacy.ts';
import { summarise } from './suite.ts';

test('suite 9 (fast): no canary, token or password of a minor reaches another principal, a log, Redis or a dump after erasure', async (t) => {
  t.timeout(120_000);
  const report = await suite.run({ fast: true, log: () => undefined });
  t.deepEqual(report.violations, [], summarise(report.violations));
  const figure = (name: string) => Number(report.figures[name]);
  t.true(figure('responses scanned') >= 250, 'every read route and search as four principals');
  t.true(figure('socket events scanned') >= 4, 'the game room events of chat, score and evidence');
  t.true(figure('log lines') >= 50);
  t.true(figure('Redis keys') >= 5, 'BullMQ and the app keys');
  t.true(figure('images checked for EXIF') >= 4, 'three avatar sizes and the evidence photo');
  t.true(figure('prize rows of the unconfirmed minor (all not eligible)') >= 1);
  t.is(figure('canaries found'), 0);
});
