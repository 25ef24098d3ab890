import test from 'ava';
import type { Knex } from 'knex';
import { message } from '@ecup/domain';
import { createKnex, createLogger, isDatabaseUnavailable } from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client } from '../helpers/http.ts';

const lines: Record<string, unknown>[] = [];
const log = createLogger({
  level: 'warn',
  destination: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
});

let server: TestServer;
let working: Knex;
let nowhere: Knex;
test.before(async () => {
  server = await startTestServer({ label: 'mysqldown', log });
  working = server.deps.knex;
  // A pool pointed at a port where no MySQL listens, as while MySQL restarts.
  nowhere = createKnex({ ...server.config.database, port: 1 });
});
test.after.always(async () => {
  await nowhere?.destroy();
  await server?.close();
});

test.serial(
  'while MySQL is unreachable, reads and signed-in writes answer 503 "This is not available right now. Please try again in a minute." and log a warn line, no 500',
  async (t) => {
    const { auth } = await signedInUser(server.knex);
    const api = client(server.url);
    server.deps.knex = nowhere;
    t.teardown(() => (server.deps.knex = working));
    const ranking = await api.get('/ranking/list');
    t.is(ranking.status, 503);
    t.deepEqual(ranking.body, message('serviceUnavailable'));
    const post = await api.postJson('/forums/new_post', { thread_id: 1, message: 'hello there' }, { auth });
    t.is(post.status, 503);
    t.deepEqual(post.body, message('serviceUnavailable'));
    t.true(lines.some((l) => l.msg === 'database unavailable' && l.code === 'ECONNREFUSED'));
    t.false(lines.some((l) => l.msg === 'unexpected error'));
  },
);

test.serial('once MySQL answers again the same process serves the call', async (t) => {
  const api = client(server.url);
  server.deps.knex = nowhere;
  t.is((await api.get('/ranking/list')).status, 503);
  server.deps.knex = working;
  t.is((await api.get('/ranking/list')).status, 200);
});

test('an unreachable server, a connection lost under a statement and a pool that stays full are "unavailable"; a wrong statement is not', async (t) => {
  const refused = await nowhere.raw('SELECT 1').catch((error: unknown) => error);
  t.true(isDatabaseUnavailable(refused));
  t.true(isDatabaseUnavailable({ nativeError: refused }), 'as objection wraps it');
  const lost = Object.assign(new Error('Connection lost: The server closed the connection.'), {
    code: 'PROTOCOL_CONNECTION_LOST',
    fatal: true,
  });
  t.true(isDatabaseUnavailable(lost));
  const shutdown = Object.assign(new Error('Server shutdown in progress'), { errno: 1053 });
  t.true(isDatabaseUnavailable(shutdown));
  const timeout = Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' });
  t.true(isDatabaseUnavailable(timeout));
  const syntax = await working.raw('SELEC 1').catch((error: unknown) => error);
  t.is((syntax as { errno?: number }).errno, 1064);
  t.false(isDatabaseUnavailable(syntax));
  const missing = await working.raw('SELECT * FROM no_such_table').catch((error: unknown) => error);
  t.is((missing as { errno?: number }).errno, 1146);
  t.false(isDatabaseUnavailable(missing));
  t.false(isDatabaseUnavailable(new Error('something else')));
  t.false(isDatabaseUnavailable(null));
});
