import test from 'ava';
import sharp from 'sharp';
import { NEWS_CATEGORIES, NEWS_THUMB_HEIGHT, NEWS_THUMB_WIDTH, message } from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
const players: { id: number; username: string }[] = [];

test.before(async () => {
  server = await startTestServer({ label: 'public' });
  api = client(server.url);
  // Elo, games and trophies chosen so both orders and every tie-break show.
  const specs = [
    {
      first_name: 'Zlatan',
      last_name: 'Svensson',
      elo: 1300,
      games_played: 10,
      secured_trophies: 0,
      gamer_tag: 'ZlatanPSN',
    },
    { first_name: 'Amira', last_name: 'Haddad', elo: 1200, games_played: 12, secured_trophies: 3, gamer_tag: 'AmiraH' },
    { first_name: 'Björn', last_name: 'Ek', elo: 1200, games_played: 8, secured_trophies: 1, gamer_tag: 'Bjorn-E' },
    { first_name: 'Lea', last_name: 'Nowak', elo: 1100, games_played: 5, secured_trophies: 3, gamer_tag: 'leaN' },
    { first_name: 'Omar', last_name: 'Zlatkov', elo: 900, games_played: 20, secured_trophies: 0, gamer_tag: 'OZ_9' },
  ];
  for (const spec of specs) {
    const user = await buildUser(server.knex, { ...spec, wins: spec.games_played });
    players.push({ id: user.id, username: user.username });
  }
  await buildUser(server.knex, { first_name: 'New', last_name: 'Comer', games_played: 0 });
  await buildUser(server.knex, {
    first_name: 'Banned',
    last_name: 'Cheat',
    elo: 2000,
    games_played: 30,
    banned_until: new Date(Date.now() + 86_400_000),
    ban_reason: 'x',
  });
  const publisher = await buildUser(server.knex, { first_name: 'Eva', last_name: 'Editor', permissions: 16 });
  for (let i = 1; i <= 6; i++) {
    await server.knex('news').insert({
      title: `News ${i}`,
      excerpt: `Excerpt ${i}`,
      content: `<p>Body ${i}</p><script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">link</a>`,
      category_id: NEWS_CATEGORIES[i % 4]!.id,
      publisher_user_id: publisher.id,
      published_at: new Date(Date.now() - (10 - i) * 3600_000),
    });
  }
  await server.knex('news').insert({
    title: 'Draft',
    excerpt: 'not yet',
    content: '<p>draft</p>',
    category_id: 0,
    published: false,
  });
});
test.after.always(async () => server?.close());

type Ranking = {
  rankings: { id: number; rank: number; first_name: string; online: boolean; team: unknown }[];
  total: number;
};

test('/ranking/list sorts by Elo, then more games, then earlier sign-up, without unranked or banned players', async (t) => {
  const res = await api.get<Ranking>('/ranking/list', { query: { sorting: 0 } });
  t.is(res.status, 200);
  t.deepEqual(
    res.body.rankings.map((r) => r.first_name),
    ['Zlatan', 'Amira', 'Björn', 'Lea', 'Omar'],
  );
  t.deepEqual(
    res.body.rankings.map((r) => r.rank),
    [1, 2, 3, 4, 5],
  );
  t.is(res.body.total, 5);
  const entry = res.body.rankings[0]!;
  for (const field of [
    'rank',
    'first_name',
    'last_name',
    'username',
    'gamer_tag',
    'avatar_hash',
    'team',
    'console',
    'online',
    'secured_trophies',
    'scored_goals',
    'wins',
    'losses',
    'ties',
    'elo',
  ]) {
    t.true(field in entry, field);
  }
  t.false('email' in entry);
  t.is(entry.online, false);
});

test('/ranking/list?sorting=1 sorts by secured trophies', async (t) => {
  const res = await api.get<Ranking>('/ranking/list', { query: { sorting: 1 } });
  t.deepEqual(
    res.body.rankings.map((r) => r.first_name),
    ['Amira', 'Lea', 'Björn', 'Omar', 'Zlatan'],
  );
});

test('/ranking/list pages with start and amount and keeps ranks', async (t) => {
  const res = await api.get<Ranking>('/ranking/list', { query: { start: 2, amount: 2 } });
  t.deepEqual(
    res.body.rankings.map((r) => [r.rank, r.first_name]),
    [
      [3, 'Björn'],
      [4, 'Lea'],
    ],
  );
  const clamped = await api.get<Ranking>('/ranking/list', { query: { start: -5, amount: 100000 } });
  t.is(clamped.status, 200);
  t.is(clamped.body.rankings.length, 5);
});

test('/ranking/list search matches names, username and gamer tag as a case-insensitive substring', async (t) => {
  const byName = await api.get<Ranking>('/ranking/list', { query: { search: 'zlat' } });
  t.deepEqual(
    byName.body.rankings.map((r) => [r.rank, r.first_name]),
    [
      [1, 'Zlatan'],
      [5, 'Omar'],
    ],
  );
  const byTag = await api.get<Ranking>('/ranking/list', { query: { search: 'bjorn-' } });
  t.deepEqual(
    byTag.body.rankings.map((r) => [r.rank, r.first_name]),
    [[3, 'Björn']],
  );
  const byUsername = await api.get<Ranking>('/ranking/list', { query: { search: players[3]!.username.toUpperCase() } });
  t.deepEqual(
    byUsername.body.rankings.map((r) => r.first_name),
    ['Lea'],
  );
  const none = await api.get<Ranking>('/ranking/list', { query: { search: '%' } });
  t.deepEqual(none.body, { rankings: [], total: 0 });
});

test('/news/latest lists the 4 newest published articles', async (t) => {
  const res =
    await api.get<
      { id: number; title: string; excerpt: string; image_hash: null; category_id: number; inserted: number }[]
    >('/news/latest');
  t.is(res.status, 200);
  t.deepEqual(
    res.body.map((n) => n.title),
    ['News 6', 'News 5', 'News 4', 'News 3'],
  );
  t.deepEqual(Object.keys(res.body[0]!).sort(), ['category_id', 'excerpt', 'id', 'image_hash', 'inserted', 'title']);
  const nine = await api.get<unknown[]>('/news/latest', { query: { amount: 9 } });
  t.is(nine.body.length, 6);
});

test('/news/get answers the newest article without an id, and a given one with clean HTML', async (t) => {
  const latest = await api.get<{
    title: string;
    content: string;
    publisher_first_name: string;
    publisher_last_name: string;
  }>('/news/get');
  t.is(latest.status, 200);
  t.is(latest.body.title, 'News 6');
  t.is(latest.body.publisher_first_name, 'Eva');
  t.is(latest.body.publisher_last_name, 'Editor');
  t.notRegex(latest.body.content, /script|javascript:|onclick/);
  t.regex(latest.body.content, /<p>Body 6<\/p>/);
  const list = await api.get<{ id: number }[]>('/news/latest', { query: { amount: 9 } });
  const byPost = await api.post<{ title: string }>('/news/get', { id: String(list.body[5]!.id) });
  t.is(byPost.body.title, 'News 1');
});

test('/news/get answers 404 for an unknown id, a draft and a malformed id', async (t) => {
  const draft = await server.knex('news').where('title', 'Draft').first();
  for (const id of ['999999', String(draft!.id), 'abc']) {
    const res = await api.get('/news/get', { query: { id } });
    t.is(res.status, 404, id);
    t.deepEqual(res.body, message('newsNotFound'));
  }
});

test('/user/search_teams answers matching team names and whether the exact name exists', async (t) => {
  const res = await api.get<{ teams: string[]; has_match: boolean }>('/user/search_teams', {
    query: { name: 'real madrid' },
  });
  t.is(res.status, 200);
  t.is(res.body.teams[0], 'Real Madrid');
  t.true(res.body.has_match);
  const partial = await api.get<{ teams: string[]; has_match: boolean }>('/user/search_teams', {
    query: { name: 'madr' },
  });
  t.true(partial.body.teams.includes('Real Madrid'));
  t.false(partial.body.has_match);
  const none = await api.get('/user/search_teams', { query: { name: 'zzqqxx' } });
  t.deepEqual(none.body, { teams: [], has_match: false });
  const empty = await api.get('/user/search_teams', { query: { name: ' ' } });
  t.is(empty.status, 400);
  t.deepEqual(empty.body, message('teamNameRequired'));
});

test('/images serves a placeholder JPEG for a missing id and 404 for an unknown kind', async (t) => {
  const res = await fetch(`${server.url}/images/avatar_small/ab/abababababababababababababababab.jpg`);
  t.is(res.status, 200);
  t.is(res.headers.get('content-type'), 'image/jpeg');
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  t.is(meta.format, 'jpeg');
  t.is(meta.width, 64);
  const traversal = await fetch(`${server.url}/images/avatar_small/..%2F..%2Fetc/passwd.jpg`);
  t.is(traversal.headers.get('content-type'), 'image/jpeg');
  const unknown = await fetch(`${server.url}/images/secrets/ab/abababababababababababababababab.jpg`);
  t.is(unknown.status, 404);
});

test('/images/news_thumb: made from a news image stored without one, then kept; a placeholder of its size otherwise', async (t) => {
  const id = 'c0ffee'.padEnd(32, '0');
  const full = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#2255aa' } })
    .jpeg()
    .toBuffer();
  await server.deps.images.put('news', id, full);
  t.is(await server.deps.images.get('news_thumb', id), null, 'stored the way images were before thumbnails');
  const res = await fetch(`${server.url}/images/news_thumb/${id.slice(0, 2)}/${id}.jpg`);
  t.is(res.status, 200);
  t.is(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const thumb = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(thumb).metadata();
  t.deepEqual([meta.format, meta.width, meta.height], ['jpeg', NEWS_THUMB_WIDTH, NEWS_THUMB_HEIGHT]);
  t.deepEqual(await server.deps.images.get('news_thumb', id), thumb, 'kept for the next request');

  const missing = 'd'.repeat(32);
  const placeholder = await fetch(`${server.url}/images/news_thumb/dd/${missing}.jpg`);
  t.is(placeholder.headers.get('cache-control'), 'public, max-age=60');
  const placeholderMeta = await sharp(Buffer.from(await placeholder.arrayBuffer())).metadata();
  t.deepEqual([placeholderMeta.width, placeholderMeta.height], [NEWS_THUMB_WIDTH, NEWS_THUMB_HEIGHT]);
  t.is(await server.deps.images.get('news_thumb', missing), null, 'nothing stored for an unknown id');
});

test('/season/current answers the product name and the season times', async (t) => {
  const res = await api.get<{ product_name: string; time_zone: string; max_games_per_week: number }>('/season/current');
  t.is(res.status, 200);
  t.is(res.body.product_name, 'eCup');
  t.is(res.body.max_games_per_week, 30);
});

test("/health answers 200 { status: 'ok' } and /ready lists MySQL, Redis and migrations as ok", async (t) => {
  const health = await api.get('/health');
  t.is(health.status, 200);
  t.deepEqual(health.body, { status: 'ok' });
  const ready = await api.get('/ready');
  t.is(ready.status, 200);
  t.deepEqual(ready.body, { status: 'ready', checks: { mysql: 'ok', redis: 'ok', migrations: 'ok' } });
});

test('an unknown API call answers 404 JSON and a bad JSON body answers 400', async (t) => {
  const unknown = await api.post('/user/does_not_exist', {});
  t.is(unknown.status, 404);
  t.deepEqual(unknown.body, message('notFound'));
  const bad = await api.postJson('/user/login', '{"username":');
  t.is(bad.status, 400);
  t.truthy(bad.body.error);
});

test("the signed-in user's rank is their place in the Elo ranking, and null before a first game", async (t) => {
  const bjorn = await server.knex('users').where('first_name', 'Björn').first();
  const login = await api.post<{ id: number; token: string }>('/user/login', {
    username: bjorn!.username,
    password: 'correct horse 1',
  });
  const auth = await api.get<{ user: { rank: number | null } }>('/user/auth', { auth: login.body });
  t.is(auth.body.user.rank, 3);
  const newcomer = await server.knex('users').where('first_name', 'New').first();
  const login2 = await api.post<{ id: number; token: string }>('/user/login', {
    username: newcomer!.username,
    password: 'correct horse 1',
  });
  const auth2 = await api.get<{ user: { rank: number | null } }>('/user/auth', { auth: login2.body });
  t.is(auth2.body.user.rank, null);
});
