import test from 'ava';
import { summarise } from './suite.ts';
import { suite } from './suites/authz-matrix.ts';
import { ROUTES, SOCKET_EVENTS } from './inventory.ts';

test('every route and socket event answers each principal as the one table says: 0 mismatches', async (t) => {
  const report = await suite.run({ fast: true, log: () => undefined });
  t.deepEqual(report.violations, [], summarise(report.violations));
  // The CI size: every route and event, all 16 principals, A's objects, and missing ones for three principals.
  t.is(report.figures.routes, ROUTES.length);
  t.true(Number(report.figures['entries covered']) >= ROUTES.length + SOCKET_EVENTS.length);
  t.is(report.figures.principals, 16);
  t.true(Number(report.figures['combinations checked']) >= 1400, `only ${report.figures['combinations checked']}`);
  t.true(Number(report.figures['refusals compared with a missing object']) >= 10);
  t.true(Number(report.figures['room deliveries probed']) >= 20);
});
