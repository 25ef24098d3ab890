import test from 'ava';
import { clockOffset, serverNow, syncServerClock } from './server-clock.ts';

test('the offset reads the server stamp at the midpoint of the round trip', (t) => {
  // Asked at 1000, answered at 1200 (local); the server said 5100 → it stamped at local 1100.
  t.is(clockOffset(5_100, 1_000, 1_200), 4_000);
  // A server whose clock runs behind gives a negative offset.
  t.is(clockOffset(900, 1_000, 1_200), -200);
});

test('a slow answer is read at its arrival', (t) => {
  t.is(clockOffset(10_000, 0, 5_000), 5_000);
});

test('a pushed stamp (no request time) counts as of now; server time follows a test that moves the clock', (t) => {
  syncServerClock(Date.now() + 720_000);
  const ahead = serverNow() - Date.now();
  t.true(ahead > 719_000 && ahead <= 720_100, `server clock is ${ahead} ms ahead`);
  syncServerClock(Number.NaN);
  t.true(serverNow() - Date.now() > 719_000, 'a broken stamp is ignored');
  syncServerClock(Date.now());
  t.true(Math.abs(serverNow() - Date.now()) < 100);
});
