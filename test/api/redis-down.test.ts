import test from 'ava';
import { message } from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';

let server: TestServer;
test.before(async () => {
  server = await startTestServer({ label: 'redisdown' });
});
test.after.always(async () => server?.close());

test('while Redis is unreachable, sign-in fails closed with 503, read-only pages keep working and /ready answers 503 naming redis', async (t) => {
  const api = client(server.url);
  const user = await buildUser(server.knex, { games_played: 3 });
  // The API's own Redis connection drops, as when Redis restarts.
  server.deps.redis.disconnect(false);
  const login = await api.post('/user/login', { username: user.username, password: user.password });
  t.is(login.status, 503);
  t.deepEqual(login.body, message('serviceUnavailable'));
  t.is(await server.knex('sessions').where('user_id', user.id).first(), undefined);
  const ranking = await api.get<{ rankings: { online: boolean }[] }>('/ranking/list');
  t.is(ranking.status, 200);
  t.deepEqual(
    ranking.body.rankings.map((r) => r.online),
    [false],
  );
  // The process is alive, but not ready for traffic.
  const health = await api.get('/health');
  t.is(health.status, 200);
  t.deepEqual(health.body, { status: 'ok' });
  const ready = await api.get('/ready');
  t.is(ready.status, 503);
  t.deepEqual(ready.body, {
    status: 'unavailable',
    failed: ['redis'],
    checks: { mysql: 'ok', redis: 'down', migrations: 'ok' },
  });
});
