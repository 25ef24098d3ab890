import test from 'ava';
import { ALL_PERMISSIONS, PERMISSIONS, type AdminDashboard, message } from '@ecup/domain';
import { presenceKey } from '@ecup/api/services/presence.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { consoleUser, signedInUser } from '../helpers/sockets.ts';
import { client, type Credentials } from '../helpers/http.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'admindash' });
  api = client(server.url);
});
test.after.always(async () => server?.close());

const DAY_MS = 86_400_000;
const dashboard = (auth?: Credentials) => api.get<AdminDashboard>('/admin/api/dashboard', auth ? { auth } : {});
const dayOf = (time: Date) => time.toISOString().slice(0, 10);
const countOn = (days: AdminDashboard['signups_per_day'], date: string) => days.find((d) => d.date === date)?.count;

test.serial('answers 401 signed out, 403 for a player, and 200 for staff with any single flag', async (t) => {
  const signedOut = await dashboard();
  t.deepEqual([signedOut.status, signedOut.body], [401, message('notSignedIn') as never]);
  const player = await signedInUser(server.knex);
  const refused = await dashboard(player.auth);
  t.deepEqual([refused.status, refused.body], [403, message('noPermission') as never]);
  for (const flag of Object.values(PERMISSIONS)) {
    const staff = await consoleUser(server.knex, { permissions: flag });
    t.is((await dashboard(staff.auth)).status, 200, `flag ${flag}`);
  }
});

test.serial('a holder of every flag on a player-app session gets 401 with totp_required', async (t) => {
  const owner = await signedInUser(server.knex, { permissions: ALL_PERMISSIONS });
  const res = await dashboard(owner.auth);
  t.is(res.status, 401);
  t.like(res.body, { totp_required: true });
});

test.serial(
  'counts players online, in queue, games in progress and open conflicts, oldest conflict first',
  async (t) => {
    const staff = await consoleUser(server.knex, { permissions: PERMISSIONS.canResolveConflicts });
    const before = (await dashboard(staff.auth)).body;
    t.like(before.season, { chat_mode: 'presets' }, "the season's chat mode is shown");

    const [a, b, c, d] = await Promise.all([
      buildUser(server.knex),
      buildUser(server.knex),
      buildUser(server.knex),
      buildUser(server.knex),
    ]);
    await server.deps.redis.set(presenceKey(a.id), '1', 'EX', 60);
    await server.deps.redis.set(presenceKey(b.id), '1', 'EX', 60);
    const season = (await server.knex('seasons').where('active', true).first('id')) as { id: number };
    await server.knex('queue_entries').insert({ user_id: c.id, season_id: season.id, elo: 1200 });
    for (const state of ['playing', 'submitted', 'dropped', 'final'] as const) {
      await buildGame(server.knex, { user_1_id: a.id, user_2_id: b.id, state });
    }
    const now = server.clock.now();
    const newer = await buildGame(server.knex, {
      user_1_id: c.id,
      user_2_id: d.id,
      state: 'conflict',
      conflict: true,
      submitted_at: new Date(now.getTime() - 3_600_000),
    });
    const older = await buildGame(server.knex, {
      user_1_id: a.id,
      user_2_id: d.id,
      state: 'conflict',
      conflict: true,
      submitted_at: new Date(now.getTime() - 5 * 3_600_000),
    });
    const solved = await buildGame(server.knex, { user_1_id: b.id, user_2_id: d.id, state: 'final', conflict: true });
    await server.knex('games').where('id', solved).update({ conflict_solved: true });

    const res = await dashboard(staff.auth);
    t.is(res.status, 200);
    const after = res.body;
    t.is(after.players_online - before.players_online, 2);
    t.is(after.in_queue - before.in_queue, 1);
    t.is(after.games_in_progress - before.games_in_progress, 3);
    t.is(after.open_conflicts - before.open_conflicts, 2);
    const ids = after.conflicts.map((conflict) => conflict.id);
    t.true(ids.indexOf(older) >= 0 && ids.indexOf(older) < ids.indexOf(newer));
    t.false(ids.includes(solved));
    const oldest = after.conflicts.find((conflict) => conflict.id === older)!;
    t.like(oldest, { user_1: { id: a.id, username: a.username }, user_2: { id: d.id }, claimed_by: null });
    t.true(Math.abs(oldest.age_seconds - 5 * 3600) <= 5, `age ${oldest.age_seconds}`);
  },
);

test.serial('sign-ups and games per day cover every day of the season so far, 0 on days without any', async (t) => {
  const staff = await consoleUser(server.knex, { permissions: PERMISSIONS.canPublishNews });
  const now = server.clock.now();
  const threeDaysAgo = new Date(now.getTime() - 3 * DAY_MS);
  const before = (await dashboard(staff.auth)).body;
  const early = await buildUser(server.knex, { created_at: threeDaysAgo });
  const other = await buildUser(server.knex);
  await buildGame(server.knex, { user_1_id: early.id, user_2_id: other.id, created_at: threeDaysAgo, state: 'final' });

  const after = (await dashboard(staff.auth)).body;
  // The seeded season opened 14 days before the server's start: 15 days up to today.
  t.is(after.to, dayOf(now));
  t.is(after.from, dayOf(new Date(now.getTime() - 14 * DAY_MS)));
  t.is(after.signups_per_day.length, 15);
  t.is(after.games_per_day.length, 15);
  t.deepEqual(
    after.signups_per_day.map((d) => d.date),
    Array.from({ length: 15 }, (_, i) => dayOf(new Date(Date.parse(`${after.from}T00:00:00Z`) + i * DAY_MS))),
  );
  const day = dayOf(threeDaysAgo);
  t.is(countOn(after.signups_per_day, day)! - countOn(before.signups_per_day, day)!, 1);
  t.is(countOn(after.games_per_day, day)! - countOn(before.games_per_day, day)!, 1);
  t.is(countOn(after.signups_per_day, dayOf(now))! - countOn(before.signups_per_day, dayOf(now))!, 1);
  t.is(countOn(after.signups_per_day, dayOf(new Date(now.getTime() - 10 * DAY_MS))), 0);
});
