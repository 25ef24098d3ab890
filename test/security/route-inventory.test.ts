import test from 'ava';
import { summarise } from './suite.ts';
import { suite } from './suites/route-inventory.ts';
import { ROUTES, SOCKET_EVENTS } from './inventory.ts';

test('every route the app serves and every socket event it handles is in the inventory, and nothing else', async (t) => {
  const report = await suite.run({ fast: true, log: () => undefined });
  t.deepEqual(report.violations, [], summarise(report.violations));
  t.is(report.figures['routes in the inventory'], ROUTES.length);
  t.is(report.figures['routes served (method and path, HEAD folded into GET)'], ROUTES.length);
  t.true(ROUTES.length >= 90, `only ${ROUTES.length} routes listed`);
  t.is(report.figures['socket events handled by the server'], SOCKET_EVENTS.length);
});
