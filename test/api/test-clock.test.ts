import test from 'ava';
import { message } from '@ecup/domain';
import { ConfigError, loadConfig } from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';

let plain: TestServer;
let movable: TestServer;
test.before(async () => {
  [plain, movable] = await Promise.all([
    startTestServer({ label: 'clockoff' }),
    startTestServer({ label: 'clockon', env: { TEST_CLOCK: 'on' } }),
  ]);
});
test.after.always(async () => Promise.all([plain?.close(), movable?.close()]));

test('without TEST_CLOCK there is no clock route', async (t) => {
  const api = client(plain.url);
  const read = await api.get('/test/clock');
  t.false(String(read.headers.get('content-type')).includes('json'), 'a GET falls through to the player app');
  const moved = await api.postJson('/test/clock', { advance_ms: 720_000 });
  t.is(moved.status, 404);
  t.true(Math.abs(plain.clock.offsetMs()) < 1000, 'the clock did not move');
});

test('with TEST_CLOCK=on the clock moves forward and can be set; bad input changes nothing', async (t) => {
  const api = client(movable.url);
  const before = await api.get<{ now_ms: number; offset_ms: number }>('/test/clock');
  t.is(before.status, 200);
  const moved = await api.postJson<{ now_ms: number; offset_ms: number }>('/test/clock', { advance_ms: 720_000 });
  t.is(moved.status, 200);
  t.true(moved.body.offset_ms - before.body.offset_ms === 720_000);
  t.true(Math.abs(movable.clock.now().getTime() - moved.body.now_ms) < 1000, 'the server itself sees the new time');

  const target = moved.body.now_ms + 30 * 86_400_000;
  const set = await api.postJson<{ now_ms: number }>('/test/clock', { now_ms: target });
  t.true(Math.abs(set.body.now_ms - target) < 1000);

  const offset = movable.clock.offsetMs();
  for (const body of [{}, { advance_ms: -5 }, { advance_ms: 'soon' }, { now_ms: target + 10 * 366 * 86_400_000 }]) {
    const bad = await api.postJson('/test/clock', body);
    t.is(bad.status, 400);
    t.deepEqual(bad.body, message('invalidRequestBody'));
  }
  t.is(movable.clock.offsetMs(), offset);
});

test('TEST_CLOCK=on is refused in production', (t) => {
  const error = t.throws(() => loadConfig({ TEST_CLOCK: 'on', NODE_ENV: 'production' }), { instanceOf: ConfigError });
  t.regex(error!.message, /TEST_CLOCK/);
});
