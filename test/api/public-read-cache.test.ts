/**
 * The ranking, the latest news and forum thread lists are served from a per-process cache, never stale by
 * more than a second. The API runs on a clock that moves only when a test moves it, so "within a second" is checked
 * by moving it, not by waiting: a result made final elsewhere (another API process or the worker, here the db
 * command run directly) shows once the clock has moved one second and not a millisecond before; a result confirmed
 * through this process shows at once; online flags are read with the page, so a connecting player shows online within
 * a second; the same holds for news and threads. A cached page goes compressed as the browser accepts it, with the
 * headers its route gives it, counted in the request histogram like any other answer.
 */
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import test from 'ava';
import {
  RESULT_ENTRY_DELAY_MS,
  createShiftableClock,
  rateGame,
  type ForumThreadsResponse,
  type NewsListEntry,
  type RankingListResponse,
} from '@ecup/domain';
import { confirmResult, createLogger, transaction } from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client } from '../helpers/http.ts';

/** The presence key the real-time layer writes for a connected user (api/src/services/presence.ts). */
const presenceKey = (userId: number) => `presence:user:${userId}`;

// The tests read the same pages and move the clock or drop the cache: one at a time.
const serial = test.serial;

/** Where the API's clock starts; it moves only when a test moves it (`clock.advance`). */
const instant = Date.UTC(2026, 0, 14, 18, 0, 0);
const clock = createShiftableClock(() => instant);
let server: TestServer;
let http: ReturnType<typeof client>;
/** The API's log lines (debug and up). */
const lines: Record<string, unknown>[] = [];
const log = createLogger({
  level: 'debug',
  destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
});

test.before(async () => {
  server = await startTestServer({ label: 'rankcache', clock, log });
  http = client(server.url);
});
test.after.always(async () => {
  await server?.close();
});

const firstPage = async () => {
  const res = await http.get<RankingListResponse>('/ranking/list', { query: { sorting: 0, amount: 50 } });
  if (res.status !== 200) throw new Error(`ranking answered ${res.status}`);
  return res.body;
};
const entryOf = (page: RankingListResponse, id: number) => page.rankings.find((r) => r.id === id);

/** Two ranked players, b 10 points ahead, and a game in which a has submitted 3-0 for himself. */
async function submittedGame(label: string) {
  const a = await signedInUser(server.knex, { first_name: `${label}A`, elo: 1500, games_played: 10 });
  const b = await signedInUser(server.knex, { first_name: `${label}B`, elo: 1510, games_played: 10 });
  const started = new Date(clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000);
  const gameId = await buildGame(server.knex, { user_1_id: a.user.id, user_2_id: b.user.id, created_at: started });
  const rated = rateGame({ elo_1: 1500, games_1: 10, elo_2: 1510, games_2: 10, score_1: 3, score_2: 0 });
  return { a, b, gameId, rated };
}

serial(
  'a result made final by another process shows in the ranking one second later, not a millisecond before',
  async (t) => {
    const { a, b, gameId, rated } = await submittedGame('Other');
    t.is(
      (await http.postJson('/game/submit', { game_id: gameId, score_1: 3, score_2: 0 }, { auth: a.auth })).status,
      200,
    );
    const before = await firstPage();
    t.true(before.rankings.indexOf(entryOf(before, b.user.id)!) < before.rankings.indexOf(entryOf(before, a.user.id)!));

    // Another API process (or the worker) makes the result final: this process is not told.
    await transaction(server.knex, (trx) =>
      confirmResult(trx, { game_id: gameId, actor: { id: b.user.id, permissions: 0 }, now: clock.now() }),
    );
    t.is((await server.knex('users').where('id', a.user.id).first('elo'))!.elo, rated.elo_1);
    t.deepEqual(await firstPage(), before, 'the page read a moment ago is still served');
    clock.advance(999);
    t.deepEqual(await firstPage(), before, 'and still 999 ms later');

    clock.advance(1);
    const after = await firstPage();
    t.like(entryOf(after, a.user.id), { elo: rated.elo_1, wins: 1, scored_goals: 3 });
    t.like(entryOf(after, b.user.id), { elo: rated.elo_2, losses: 1 });
    t.true(after.rankings.indexOf(entryOf(after, a.user.id)!) < after.rankings.indexOf(entryOf(after, b.user.id)!));
  },
);

serial('a result confirmed through this process shows in the ranking at once', async (t) => {
  const { a, b, gameId, rated } = await submittedGame('Local');
  t.is(
    (await http.postJson('/game/submit', { game_id: gameId, score_1: 3, score_2: 0 }, { auth: a.auth })).status,
    200,
  );
  // The page cached by the test before is a second old now, so this read shows the two new players.
  clock.advance(1000);
  const before = await firstPage();
  t.is(entryOf(before, a.user.id)!.elo, 1500);

  t.is((await http.postJson('/game/confirm', { game_id: gameId }, { auth: b.auth })).status, 200);
  const after = await firstPage();
  t.like(entryOf(after, a.user.id), { elo: rated.elo_1, wins: 1 });
  t.like(entryOf(after, b.user.id), { elo: rated.elo_2, losses: 1 });
});

serial(
  'online flags come with the cached page: a player whose socket connects shows online within a second',
  async (t) => {
    const player = await signedInUser(server.knex, { first_name: 'Online', elo: 4000, games_played: 1, wins: 1 });
    clock.advance(1000);
    t.like(entryOf(await firstPage(), player.user.id), { online: false, wins: 1 });

    // A socket connecting on any API process writes the presence key (api/src/realtime/realtime.ts).
    await server.deps.redis.set(presenceKey(player.user.id), '1', 'EX', 60);
    clock.advance(999);
    t.like(entryOf(await firstPage(), player.user.id), { online: false }, 'the cached page, not yet a second old');
    clock.advance(1);
    t.like(entryOf(await firstPage(), player.user.id), { online: true, wins: 1 });
    await server.deps.redis.del(presenceKey(player.user.id));
    clock.advance(1000);
    t.like(entryOf(await firstPage(), player.user.id), { online: false });
  },
);

serial(
  'a thread started through this process shows in its list at once; one written elsewhere, within a second',
  async (t) => {
    const list = async () =>
      (await http.get<ForumThreadsResponse>('/forums/threads', { query: { category_id: 1 } })).body;
    const poster = await signedInUser(server.knex);
    clock.advance(1000);
    const before = await list();

    const started = await http.postJson<{ id: number }>(
      '/forums/new_thread',
      { category_id: 1, title: 'Formations', message: '4-3-3?' },
      { auth: poster.auth },
    );
    t.is(started.status, 200);
    const after = await list();
    t.like(after.threads[0], { id: started.body.id, title: 'Formations' });
    t.is(after.total, before.total + 1);

    // Another process starts a thread (its row and the category's count, as createThread writes them).
    const elsewhere = await buildUser(server.knex);
    const [id] = await server.knex('forum_threads').insert({
      category_id: 1,
      user_id: elsewhere.id,
      title: 'From another process',
      created_at: new Date(instant + 60_000),
      last_post_at: new Date(instant + 60_000),
    });
    await server.knex('forum_categories').where('id', 1).increment('thread_count', 1);
    t.deepEqual(await list(), after);
    clock.advance(1000);
    const later = await list();
    t.like(later.threads[0], { id: Number(id), title: 'From another process' });
    t.is(later.total, after.total + 1);
  },
);

serial('an article published elsewhere shows in the latest news within a second, not before', async (t) => {
  const latest = async () => (await http.get<NewsListEntry[]>('/news/latest')).body;
  clock.advance(1000);
  const before = await latest();
  const [id] = await server.knex('news').insert({
    title: 'Finals in Gothenburg',
    excerpt: 'The finals are on.',
    content: '<p>The finals are on.</p>',
    category_id: 0,
    published: true,
    published_at: new Date(clock.now().getTime() - 60_000),
  });
  t.deepEqual(await latest(), before);
  clock.advance(999);
  t.deepEqual(await latest(), before);
  clock.advance(1);
  t.like((await latest())[0], { id: Number(id), title: 'Finals in Gothenburg' });
});

serial(
  'a cached page carries an ETag: asking again with it answers 304 without a body until the page changes',
  async (t) => {
    const page = (headers: Record<string, string> = {}) =>
      http.get<RankingListResponse>('/ranking/list', { query: { sorting: 0, amount: 50 }, headers });
    clock.advance(1000);
    const first = await page();
    const etag = first.headers.get('etag');
    t.truthy(etag);
    const again = await page({ 'If-None-Match': etag! });
    t.is(again.status, 304);
    t.is(again.headers.get('etag'), etag);
    const other = await page({ 'If-None-Match': '"another"' });
    t.is(other.status, 200);
    t.deepEqual(other.body, first.body);

    await signedInUser(server.knex, { first_name: 'Newcomer', elo: 5000, games_played: 1, wins: 1 });
    clock.advance(1000);
    const changed = await page({ 'If-None-Match': etag! });
    t.is(changed.status, 200);
    t.not(changed.headers.get('etag'), etag);
    t.like(changed.body.rankings[0], { first_name: 'Newcomer' });
  },
);

serial(
  'a signed-in reader of a cached page: a session ended through this process is a 401 at once, one ended elsewhere within a second',
  async (t) => {
    const ranking = (auth?: { id: number; token: string }) =>
      http.get('/ranking/list', { query: { sorting: 0, amount: 50 }, ...(auth ? { auth } : {}) });
    const here = await signedInUser(server.knex);
    const elsewhere = await signedInUser(server.knex);
    clock.advance(1000);
    t.is((await ranking()).status, 200);
    t.is((await ranking(here.auth)).status, 200);
    t.is((await ranking(elsewhere.auth)).status, 200);

    t.is((await http.post('/user/logout', {}, { auth: here.auth })).status, 200);
    t.is((await ranking(here.auth)).status, 401, 'signed out through this process');

    // Another API process or a CLI script ends the session: this process is not told.
    await server.knex('sessions').where('user_id', elsewhere.user.id).delete();
    clock.advance(999);
    t.is((await ranking(elsewhere.auth)).status, 200, 'the public page, while the lookup is under a second old');
    clock.advance(1);
    t.is((await ranking(elsewhere.auth)).status, 401);
    t.is((await http.get('/user/sessions', { auth: elsewhere.auth })).status, 401, 'any other call at once');
  },
);

/** A request as a browser makes it, with the bytes as they came (fetch would unpack them). */
function rawRequest(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, server.url), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

serial(
  'a cached page goes compressed as the browser accepts it, with the headers its route gives it, counted and timed like any answer',
  async (t) => {
    const path = '/ranking/list?sorting=0&start=0&amount=40&_=1';
    const requestsCounted = async () => {
      const text = await (await fetch(`${server.url}/metrics`)).text();
      const series = 'ecup_http_request_duration_seconds_count{method="GET",route="/ranking/list",status="200"} ';
      return Number(
        text
          .split('\n')
          .find((line) => line.startsWith(series))
          ?.slice(series.length) ?? 0,
      );
    };
    const browser = 'gzip, deflate, br, zstd';
    clock.advance(1000);
    const counted = await requestsCounted();
    const fromRoute = await rawRequest(path, { 'Accept-Encoding': browser, 'X-Request-Id': 'read-by-route' });
    const fromCache = await rawRequest(path, { 'Accept-Encoding': browser, 'X-Request-Id': 'read-from-cache' });
    const json = JSON.parse(brotliDecompressSync(fromRoute.body).toString('utf8')) as RankingListResponse;
    t.true(json.rankings.length > 0);
    for (const res of [fromRoute, fromCache]) {
      t.is(res.status, 200);
      t.is(res.headers['content-encoding'], 'br');
      t.is(res.headers['content-type'], 'application/json; charset=utf-8');
      t.regex(String(res.headers.vary), /Accept-Encoding/);
      t.is(Number(res.headers['content-length']), res.body.length);
      t.deepEqual(JSON.parse(brotliDecompressSync(res.body).toString('utf8')), json);
    }
    t.true(fromRoute.body.length * 3 < Buffer.byteLength(JSON.stringify(json)), 'a third of the JSON or less');
    const names = (headers: IncomingHttpHeaders) => Object.keys(headers).sort();
    t.deepEqual(
      names(fromCache.headers),
      names(fromRoute.headers),
      'the same headers from the cache as from the route',
    );
    for (const name of [
      'etag',
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
    ]) {
      t.is(fromCache.headers[name], fromRoute.headers[name], name);
    }
    t.is(fromRoute.headers['x-request-id'], 'read-by-route');
    t.is(fromCache.headers['x-request-id'], 'read-from-cache');

    const gzip = await rawRequest(path, { 'Accept-Encoding': 'gzip' });
    t.is(gzip.headers['content-encoding'], 'gzip');
    t.deepEqual(JSON.parse(gunzipSync(gzip.body).toString('utf8')), json);
    for (const accepts of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await rawRequest(path, accepts === undefined ? {} : { 'Accept-Encoding': accepts });
      t.is(plain.headers['content-encoding'], undefined, `Accept-Encoding: ${accepts}`);
      t.deepEqual(JSON.parse(plain.body.toString('utf8')), json);
    }
    const head = await rawRequest(path, { 'Accept-Encoding': browser }, 'HEAD');
    t.is(head.status, 200);
    t.is(head.body.length, 0);
    t.is(head.headers.etag, fromRoute.headers.etag);
    const repeat = await rawRequest(path, { 'Accept-Encoding': browser, 'If-None-Match': fromRoute.headers.etag! });
    t.is(repeat.status, 304);
    t.is(repeat.body.length, 0);

    t.is(await requestsCounted(), counted + 6, 'every 200 in the request histogram');
    const lineOf = (id: string) => lines.find((line) => line.request_id === id && line.msg === 'request');
    t.like(lineOf('read-by-route'), { level: 'info', route: '/ranking/list', status: 200 });
    t.like(lineOf('read-from-cache'), { level: 'debug', route: '/ranking/list', status: 200 });
  },
);
