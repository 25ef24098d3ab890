import test from 'ava';
import cron from 'node-cron';
import { QueueEvents } from 'bullmq';
import {
  CALENDAR_JOB_NAMES,
  QUEUE_NAMES,
  WINDOW_JOB_NAMES,
  calendarCron,
  calendarJobId,
  localParts,
  localTimeToInstant,
  nextWeekStart,
  weekPeriod,
  type CalendarWindow,
  type SeasonPayload,
} from '@ecup/domain';
import { createBullConnection } from '@ecup/db';
import { startWorker, type WorkerHandle } from '@ecup/worker';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { nextEvent, openSocket, signedInUser } from '../helpers/sockets.ts';
import { waitFor } from '../helpers/poll.ts';

const NAMES = CALENDAR_JOB_NAMES;
const ZONE = 'Europe/Stockholm';
const MINUTE_MS = 60_000;

test('each cron pattern fires exactly at the minutes where its period id changes, across both DST changes', async (t) => {
  // The spec's window, and one from Sunday 00:00 over Monday 00:00 to 01:00 (its closing falls in the next week).
  const windows: CalendarWindow[] = [{}, { window_start_minute: 6 * 1440, window_end_minute: 60 }];
  const cases = [
    ...NAMES.map((name) => ({ name, window: windows[0]! })),
    ...WINDOW_JOB_NAMES.map((name) => ({ name, window: windows[1]! })),
  ];
  for (const { name, window } of cases) {
    const label = `${name} ${JSON.stringify(window)}`;
    const task = cron.createTask(calendarCron(name, window), () => undefined, { timezone: ZONE });
    try {
      for (const [from, to] of [
        ['2026-03-22T00:00:00Z', '2026-04-01T00:00:00Z'],
        ['2026-10-18T00:00:00Z', '2026-10-28T00:00:00Z'],
      ] as const) {
        const fires: string[] = [];
        const changes: string[] = [];
        let previous = calendarJobId(name, new Date(Date.parse(from) - MINUTE_MS), ZONE, window);
        for (let ms = Date.parse(from); ms < Date.parse(to); ms += MINUTE_MS) {
          const at = new Date(ms);
          if (task.match(at)) fires.push(at.toISOString());
          const id = calendarJobId(name, at, ZONE, window);
          if (id !== previous) changes.push(at.toISOString());
          previous = id;
        }
        t.true(fires.length > 0, `${label} fires between ${from} and ${to}`);
        t.deepEqual(fires, changes, `${label} between ${from} and ${to}`);
      }
    } finally {
      await task.destroy();
    }
  }
});

// Two workers in one process share the test server's clock and Redis prefix, as two worker processes would.
let server: TestServer;
test.before(async () => {
  server = await startTestServer({ label: 'calendar' });
});
test.after.always(async () => server?.close());

test.serial(
  "two workers run each calendar period once, at start and when the clock reaches the next period, and a player's socket gets the season at the window's opening and closing",
  async (t) => {
    // The spec's Monday 00:00 to Saturday 00:00 window (the base seed's is open all week), so the opening and the
    // closing are moments of their own.
    await server.knex('seasons').where('active', true).update({ window_start_minute: 0, window_end_minute: 7200 });
    const season = (await server
      .knex('seasons')
      .where('active', true)
      .orderBy('id', 'desc')
      .first('time_zone', 'window_start_minute', 'window_end_minute')) as {
      time_zone: string;
      window_start_minute: number;
      window_end_minute: number;
    };
    const connection = createBullConnection(server.config.redisUrl, 'worker');
    const events = new QueueEvents(QUEUE_NAMES.calendar, { connection, prefix: `${server.config.redisPrefix}bull` });
    await events.waitUntilReady();
    const completed: string[] = [];
    events.on('completed', ({ jobId }) => completed.push(jobId));
    const quiet = { info: () => undefined, warn: () => undefined, error: console.error };
    const start = (): Promise<WorkerHandle> =>
      startWorker({ config: server.config, knex: server.knex, log: quiet, now: () => server.clock.now() });
    const workers = await Promise.all([start(), start()]);
    const { auth } = await signedInUser(server.knex);
    const socket = await openSocket(server.url, auth);
    t.teardown(async () => {
      socket.close();
      await Promise.all(workers.map((w) => w.close()));
      await events.close();
      connection.disconnect();
    });

    const idsAt = (at: Date) => NAMES.map((name) => calendarJobId(name, at, season.time_zone, season)).sort();
    const seasonNow = async () => (await client(server.url).get<SeasonPayload>('/season/current')).body;
    const ranAll = (ids: string[]) =>
      waitFor(() => ids.every((id) => completed.includes(id)), {
        what: () => `jobs ${ids.join(', ')} completed (done: ${completed.join(', ')})`,
        timeoutMs: 15_000,
        intervalMs: 50,
      });
    const first = idsAt(server.clock.now());
    await ranAll(first);
    t.deepEqual([...completed].sort(), first, 'the periods under way ran once at start');

    // Monday 00:00 local and a second: a new week, a new night and the window's opening.
    const monday = nextWeekStart(server.clock.now(), season.time_zone);
    const week = weekPeriod(monday, season.time_zone);
    const opened = nextEvent<SeasonPayload>(socket, 'season', 15_000);
    server.clock.set(new Date(monday.getTime() + 1000));
    const second = idsAt(server.clock.now());
    t.true(second.includes(`pool-reset-${week}`));
    t.false(first.includes(`pool-reset-${week}`));
    t.true(second.includes(`window-open-${week}`));
    t.false(second.includes(`window-close-${week}`));
    await ranAll(second);
    t.like(await opened, { window_start_minute: 0, window_end_minute: 7200 });
    t.deepEqual(await opened, await seasonNow(), 'the opening pushed the season as GET /season/current answers it');

    // The window's closing minute of that week: the close's period, and a second push.
    const p = localParts(monday, season.time_zone);
    const closing = localTimeToInstant(season.time_zone, p.year, p.month, p.day, season.window_end_minute);
    const closed = nextEvent<SeasonPayload>(socket, 'season', 15_000);
    server.clock.set(new Date(closing.getTime() + 1000));
    const third = idsAt(server.clock.now());
    t.true(third.includes(`window-close-${week}`));
    await ranAll(third);
    t.deepEqual(await closed, await seasonNow(), 'the closing pushed the season too');

    // Both workers' play ticks and schedule checks have seen the new periods several times over by now.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const expected = [...new Set([...first, ...second, ...third])].sort();
    t.deepEqual([...completed].sort(), expected, 'each period ran once, not once per worker');
  },
);
