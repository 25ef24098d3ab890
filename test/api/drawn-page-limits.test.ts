import test from 'ava';
import { ConfigError, DEFAULT_RENDER_LIMIT, createKnex, loadConfig } from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { waitFor } from '../helpers/poll.ts';

/**
 * Drawn public pages cannot be used to tire the server: an address differing only in a query parameter no page
 * reads shares the drawing of the page, and beyond RENDER_LIMIT draws at once a page is answered as the app shell,
 * which the browser draws itself. Uses the built player app (`npm test` builds it). Serial: the draw counter and the
 * draws in flight are the whole server's.
 */
let server: TestServer;

test.before(async () => {
  server = await startTestServer({ label: 'drawlimit', env: { RENDER_LIMIT: String(DEFAULT_RENDER_LIMIT) } });
});

test.after.always(async () => {
  await server?.close();
});

/** How many pages the server has drawn, and answered with the shell because it was busy drawing. */
async function draws(): Promise<{ drawn: number; shell: number }> {
  const { values } = await server.deps.metrics.pages.get();
  const of = (answer: string) => values.find((value) => value.labels.answer === answer)?.value ?? 0;
  return { drawn: of('drawn'), shell: of('shell') };
}

async function page(pathname: string) {
  const res = await fetch(`${server.url}${pathname}`);
  const html = await res.text();
  const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    res,
    html,
    data: data === undefined ? undefined : (JSON.parse(data) as { renderedAt: number; reads: Record<string, unknown> }),
  };
}

test.serial('two addresses of a page differing only in parameters the page does not read are drawn once', async (t) => {
  const before = await draws();
  const [one, two] = await Promise.all([
    page('/ranking?sort=trophies&x=4711'),
    page('/ranking?utm_source=mail&sort=trophies&x=815'),
  ]);
  t.is(one.res.status, 200);
  t.is(two.res.status, 200);
  t.truthy(one.data);
  t.is(two.data?.renderedAt, one.data?.renderedAt, 'the same drawing');
  t.is((await draws()).drawn - before.drawn, 1);
  // The parameter the page reads still counts: the trophies sorting is another drawing than the Elo one.
  const elo = await page('/ranking?x=4711');
  t.is((await draws()).drawn - before.drawn, 2);
  t.notDeepEqual(Object.keys(elo.data!.reads).sort(), Object.keys(one.data!.reads).sort());
});

test.serial(
  `with RENDER_LIMIT (default ${DEFAULT_RENDER_LIMIT}) draws in flight, another page is the app shell at once`,
  async (t) => {
    const players = await Promise.all(
      Array.from({ length: DEFAULT_RENDER_LIMIT }, () => buildUser(server.knex, { elo: 1300 })),
    );
    // A player's page reads the users table while it is drawn: locked, each such draw waits in flight.
    const lock = createKnex(server.config.database, { pool: { min: 1, max: 1 } });
    t.teardown(() => lock.destroy());
    await lock.raw('LOCK TABLES users WRITE');
    let unlocked = false;
    const unlock = async () => {
      if (unlocked) return;
      unlocked = true;
      await lock.raw('UNLOCK TABLES');
    };
    t.teardown(unlock);
    const before = await draws();
    const held = players.map((player) => page(`/player/${player.username}`));
    // Every held draw is waiting for the table.
    await waitFor(
      async () => {
        const [rows] = (await lock.raw(
          "SELECT COUNT(*) AS n FROM information_schema.processlist WHERE db = ? AND state LIKE 'Waiting for table%'",
          [server.config.database.database],
        )) as [{ n: number }[]];
        return Number(rows[0]!.n) >= DEFAULT_RENDER_LIMIT;
      },
      { what: 'the draws of the player pages waiting for the table', timeoutMs: 20_000, intervalMs: 50 },
    );

    const busy = await page('/rules');
    t.is(busy.res.status, 200);
    t.false(busy.html.includes('id="page-data"'), 'nothing drawn');
    t.regex(busy.html, /class="boot"/, "the app shell's boot screen");
    t.is((await draws()).shell - before.shell, 1);
    t.false(unlocked, 'answered while the draws were still held');

    await unlock();
    for (const answer of await Promise.all(held)) {
      t.is(answer.res.status, 200);
      t.truthy(answer.data, 'the held pages are drawn once the table is free');
    }
    // With the draws done, the page is drawn again.
    const free = await page('/rules');
    t.true(free.html.includes('id="page-data"'));
    t.is((await draws()).drawn - before.drawn, DEFAULT_RENDER_LIMIT + 1);
  },
);

test.serial('RENDER_LIMIT must be a whole number from 0 to 64', (t) => {
  t.is(loadConfig({}).renderLimit, DEFAULT_RENDER_LIMIT);
  t.is(loadConfig({ RENDER_LIMIT: '0' }).renderLimit, 0);
  t.is(loadConfig({ RENDER_LIMIT: '8' }).renderLimit, 8);
  for (const value of ['-1', '65', 'two', '1.5', ' 2']) {
    t.throws(() => loadConfig({ RENDER_LIMIT: value }), {
      instanceOf: ConfigError,
      message: `RENDER_LIMIT must be a whole number from 0 to 64: the pages drawn at once per process (got "${value}")`,
    });
  }
});
