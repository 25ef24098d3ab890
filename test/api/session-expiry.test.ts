import test from 'ava';
import { refusalBody } from '../helpers/messages.ts';
import { Queue } from 'bullmq';
import { DEFAULT_TIME_ZONE, MESSAGES, PERMISSIONS, QUEUE_NAMES, calendarJobId, message } from '@ecup/domain';
import { createBullConnection } from '@ecup/db';
import { hashToken } from '@ecup/security';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { client, type Credentials } from '../helpers/http.ts';
import { openSocket } from '../helpers/sockets.ts';
import { waitFor } from '../helpers/poll.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// One movable clock for the whole file: the tests run one after another.
let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'sessend', worker: true, env: { TEST_CLOCK: 'on' } });
  api = client(server.url);
});
test.after.always(async () => server?.close());

const advance = async (ms: number) => {
  const moved = await api.postJson('/test/clock', { advance_ms: ms });
  if (moved.status !== 200) throw new Error(`the clock did not move: ${moved.status}`);
};

async function playerSession() {
  const user = await buildUser(server.knex);
  const login = await api.post<Credentials>('/user/login', { username: user.username, password: user.password });
  return { user, auth: { id: login.body.id, token: login.body.token } };
}

async function consoleSession() {
  const user = await buildUser(server.knex, { permissions: PERMISSIONS.canPublishNews });
  const login = await api.postJson<Credentials>('/admin/api/auth/login', {
    username: user.username,
    password: user.password,
  });
  return { user, auth: { id: login.body.id, token: login.body.token } };
}

const auth = (credentials: Credentials) => api.get('/user/auth', { auth: credentials });
const me = (credentials: Credentials) => api.get('/admin/api/auth/me', { auth: credentials });

test.serial('a player unseen for 30 days gets 401 "Your session has ended. Please sign in again."', async (t) => {
  const { auth: pair } = await playerSession();
  await advance(30 * DAY - MINUTE);
  t.is((await auth(pair)).status, 200, 'still signed in a minute before the limit');
  const other = await playerSession();
  await advance(30 * DAY + MINUTE);
  const ended = await auth(other.auth);
  t.is(ended.status, 401);
  t.deepEqual(ended.body, refusalBody('Your session has ended. Please sign in again.'));
  t.is(MESSAGES.sessionExpired, 'Your session has ended. Please sign in again.');
});

test.serial('a player who keeps playing stays signed in past 30 days, until 180 days in all', async (t) => {
  const { auth: pair } = await playerSession();
  for (let day = 20; day < 180; day += 20) {
    await advance(20 * DAY);
    t.is((await auth(pair)).status, 200, `still signed in on day ${day}`);
  }
  await advance(DAY);
  t.is((await auth(pair)).status, 200, 'still signed in on day 161');
  await advance(19 * DAY + MINUTE);
  const ended = await auth(pair);
  t.deepEqual([ended.status, ended.body], [401, message('sessionExpired')]);
});

test.serial('use is written at most once a minute per session', async (t) => {
  const { auth: pair } = await playerSession();
  const row = () => server.knex('sessions').where('token_hash', hashToken(pair.token)).first('last_seen_at');
  const first = (await row())!.last_seen_at as Date;
  await Promise.all([auth(pair), auth(pair), auth(pair)]);
  t.is(((await row())!.last_seen_at as Date).getTime(), first.getTime(), 'no write within the first minute');
  await advance(2 * MINUTE);
  await Promise.all([auth(pair), auth(pair), auth(pair)]);
  const touched = ((await row())!.last_seen_at as Date).getTime();
  t.true(touched > first.getTime(), 'the last use moved on after a minute');
  t.true(Math.abs(touched - server.clock.now().getTime()) < 10_000);
});

test.serial('a console session ends after 12 hours without use, and after 7 days even when used', async (t) => {
  const idle = await consoleSession();
  const busy = await consoleSession();
  let elapsed = 11 * HOUR;
  await advance(elapsed);
  t.is((await me(busy.auth)).status, 200);
  await advance(HOUR + MINUTE);
  elapsed += HOUR + MINUTE;
  const ended = await me(idle.auth);
  t.deepEqual([ended.status, (ended.body as { error: string }).error], [401, MESSAGES.sessionExpired]);
  t.is((await me(busy.auth)).status, 200, 'used an hour ago: still signed in');
  while (elapsed + 11 * HOUR < 7 * DAY) {
    await advance(11 * HOUR);
    elapsed += 11 * HOUR;
    t.is((await me(busy.auth)).status, 200, `still signed in after ${Math.round(elapsed / HOUR)} hours of use`);
  }
  await advance(7 * DAY - elapsed + MINUTE);
  const old = await me(busy.auth);
  t.deepEqual([old.status, (old.body as { error: string }).error], [401, MESSAGES.sessionExpired]);
});

test.serial('a real-time connection with an ended session is refused', async (t) => {
  const { auth: pair } = await playerSession();
  const socket = await openSocket(server.url, pair);
  socket.disconnect();
  await advance(31 * DAY);
  await t.throwsAsync(openSocket(server.url, pair), { message: MESSAGES.sessionExpired });
});

test.serial('the nightly job deletes ended sessions and spent reset links, and keeps the rest', async (t) => {
  const ended = await playerSession();
  const endedConsole = await consoleSession();
  await advance(31 * DAY);
  const live = await playerSession();
  const liveConsole = await consoleSession();
  const now = server.clock.now();
  await server.knex('password_resets').insert({
    user_id: live.user.id,
    token_hash: 'a'.repeat(64),
    expires_at: new Date(now.getTime() + HOUR),
    used_at: now,
  });
  await server.knex('password_resets').insert({
    user_id: live.user.id,
    token_hash: 'b'.repeat(64),
    expires_at: new Date(now.getTime() - MINUTE),
  });
  const valid = await server.knex('password_resets').insert({
    user_id: live.user.id,
    token_hash: 'c'.repeat(64),
    expires_at: new Date(now.getTime() + HOUR),
  });

  const connection = createBullConnection(server.config.redisUrl, 'producer');
  const queue = new Queue(QUEUE_NAMES.calendar, { connection, prefix: `${server.config.redisPrefix}bull` });
  t.teardown(async () => {
    await queue.close();
    connection.disconnect();
  });
  const waitCompleted = async (id: string) => {
    await waitFor(async () => (await queue.getJob(id))?.finishedOn, {
      what: `job ${id} finished`,
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    return (await queue.getJob(id))?.finishedOn !== undefined;
  };
  // The clock moved 31 days: the worker queued tonight's clean-up by itself (its id names the night).
  const tonight = calendarJobId('clean-sessions', now, DEFAULT_TIME_ZONE);
  t.true(await waitCompleted(tonight), `the calendar ran ${tonight}`);

  const sessionsOf = async (ids: number[]) =>
    (await server.knex('sessions').whereIn('user_id', ids).count({ n: '*' }).first())!.n;
  for (const run of [1, 2]) {
    const job = await queue.add('clean-sessions', { period: `${tonight}-again-${run}` });
    await waitFor(() => job.isCompleted(), { what: `run ${run} finished`, timeoutMs: 10_000, intervalMs: 50 });
    t.true(await job.isCompleted(), `run ${run} finished`);
    t.is(Number(await sessionsOf([ended.user.id, endedConsole.user.id])), 0, 'ended sessions are gone');
    t.is(Number(await sessionsOf([live.user.id, liveConsole.user.id])), 2, 'live sessions stay');
    const resets = await server.knex('password_resets').where('user_id', live.user.id).pluck('id');
    t.deepEqual(resets, [valid[0]], 'only the unused, unexpired reset link stays');
  }
  t.is((await auth(live.auth)).status, 200);
});
