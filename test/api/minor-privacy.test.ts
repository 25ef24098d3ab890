/**
 * What others see of a player (docs/rules.md "What others see of a player"): a minor's first and last name, club
 * and gamer tag stay off every public surface (the gamer tag reaches the opponent of a game), their profile page
 * is noindex and out of the sitemap, and only signed-in players see whether they are online. An adult may hide the
 * real name; by default it shows.
 */
import test from 'ava';
import {
  MESSAGES,
  type GamePayload,
  type PlayerProfilePayload,
  type RankingListResponse,
  type UserPayload,
} from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client } from '../helpers/http.ts';
import { refusalBody } from '../helpers/messages.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
const presenceKey = (userId: number) => `presence:user:${userId}`;

const MINOR = {
  username: 'kid_striker',
  first_name: 'Minnamia',
  last_name: 'Lindqvistson',
  team_name: 'Bagarmossen BK',
  gamer_tag: 'KidTag77',
};
const ADULT = {
  username: 'grown_keeper',
  first_name: 'Adultbert',
  last_name: 'Gustavsson',
  team_name: 'Hammarby IF',
  gamer_tag: 'GrownTag88',
};
const HIDER = {
  username: 'quiet_adult',
  first_name: 'Hiddenhanna',
  last_name: 'Privatsson',
  team_name: 'Djurgården',
  gamer_tag: 'QuietTag99',
};
let ids = { minor: 0, adult: 0, hider: 0 };
let viewer: Awaited<ReturnType<typeof signedInUser>>;

test.before(async () => {
  server = await startTestServer({ label: 'minor-privacy' });
  api = client(server.url);
  const year = server.clock.now().getUTCFullYear();
  // 13 years old whatever the day of the year.
  const minor = await buildUser(server.knex, {
    ...MINOR,
    birth_date: new Date(Date.UTC(year - 13, 0, 1)),
    elo: 1400,
    games_played: 3,
    wins: 2,
  });
  const adult = await buildUser(server.knex, { ...ADULT, elo: 1300, games_played: 3, wins: 1 });
  const hider = await buildUser(server.knex, { ...HIDER, hide_real_name: true, elo: 1200, games_played: 3 });
  ids = { minor: minor.id, adult: adult.id, hider: hider.id };
  viewer = await signedInUser(server.knex, { username: 'nosy_viewer' });
});
test.after.always(async () => server?.close());

/** Readers of a public surface: a visitor and another signed-in player. */
const readers = () => [
  { who: 'signed out', options: {} },
  { who: 'another player', options: { auth: viewer.auth } },
];

/** True when none of a person's private fields appear anywhere in `text`. */
function leaksNothing(text: string, person: { first_name: string; last_name: string; team_name?: string }) {
  return [person.first_name, person.last_name, ...(person.team_name ? [person.team_name] : [])].every(
    (secret) => !text.includes(secret),
  );
}

test("a minor's profile shows the username, never the names, club or gamer tag", async (t) => {
  for (const { who, options } of readers()) {
    const res = await api.get<{ player: PlayerProfilePayload }>('/players/get', {
      ...options,
      query: { username: MINOR.username },
    });
    t.is(res.status, 200, who);
    t.like(res.body.player, {
      username: MINOR.username,
      first_name: null,
      last_name: null,
      gamer_tag: null,
      team: null,
    });
    t.true(leaksNothing(JSON.stringify(res.body), MINOR), who);
    t.false(JSON.stringify(res.body).includes(MINOR.gamer_tag), who);
  }
});

test("an adult's profile shows the real name by default; one who hides it shows the club but not the name", async (t) => {
  const adult = await api.get<{ player: PlayerProfilePayload }>('/players/get', {
    query: { username: ADULT.username },
  });
  t.like(adult.body.player, {
    first_name: ADULT.first_name,
    last_name: ADULT.last_name,
    gamer_tag: ADULT.gamer_tag,
    team: { name: ADULT.team_name },
  });
  const hider = await api.get<{ player: PlayerProfilePayload }>('/players/get', {
    query: { username: HIDER.username },
  });
  t.like(hider.body.player, {
    first_name: null,
    last_name: null,
    gamer_tag: HIDER.gamer_tag,
    team: { name: HIDER.team_name },
  });
  t.true(leaksNothing(JSON.stringify(hider.body), { first_name: HIDER.first_name, last_name: HIDER.last_name }));
});

test("the ranking list hides a minor's names, club and gamer tag from everyone but keeps the adult's", async (t) => {
  for (const { who, options } of readers()) {
    const res = await api.get<RankingListResponse>('/ranking/list', { ...options, query: { amount: 50 } });
    t.is(res.status, 200, who);
    const minor = res.body.rankings.find((entry) => entry.id === ids.minor);
    t.like(minor, { username: MINOR.username, first_name: null, last_name: null, gamer_tag: null, team: null }, who);
    const adult = res.body.rankings.find((entry) => entry.id === ids.adult);
    t.like(adult, { first_name: ADULT.first_name, gamer_tag: ADULT.gamer_tag, team: { name: ADULT.team_name } }, who);
    const hider = res.body.rankings.find((entry) => entry.id === ids.hider);
    t.like(hider, { first_name: null, last_name: null, team: { name: HIDER.team_name } }, who);
    t.true(leaksNothing(JSON.stringify(res.body), MINOR), who);
  }
});

test('ranking search finds a minor by username only, and an adult who hides the name not by it', async (t) => {
  const search = async (text: string) =>
    (await api.get<RankingListResponse>('/ranking/list', { query: { search: text } })).body.rankings.map((e) => e.id);
  t.deepEqual(await search(MINOR.first_name), []);
  t.deepEqual(await search(MINOR.last_name), []);
  t.deepEqual(await search(MINOR.gamer_tag), []);
  t.deepEqual(await search(MINOR.username), [ids.minor]);
  t.deepEqual(await search(HIDER.first_name), []);
  t.deepEqual(await search(HIDER.username), [ids.hider]);
  t.deepEqual(await search(ADULT.first_name), [ids.adult]);
  t.deepEqual(await search(ADULT.gamer_tag), [ids.adult]);
});

test("a minor's online status reaches signed-in players only", async (t) => {
  await server.deps.redis.set(presenceKey(ids.minor), '1', 'EX', 60);
  await server.deps.redis.set(presenceKey(ids.adult), '1', 'EX', 60);
  try {
    const online = async (search: string, options = {}) =>
      (await api.get<RankingListResponse>('/ranking/list', { ...options, query: { search } })).body.rankings[0]?.online;
    t.false(await online(MINOR.username));
    t.true(await online(MINOR.username, { auth: viewer.auth }));
    t.true(await online(ADULT.username));
  } finally {
    await server.deps.redis.del(presenceKey(ids.minor), presenceKey(ids.adult));
  }
});

test("the opponent of a minor's game sees the gamer tag but not the names or club", async (t) => {
  const opponent = await signedInUser(server.knex, { username: 'opp_of_kid' });
  const gameId = await buildGame(server.knex, { user_1_id: ids.minor, user_2_id: opponent.user.id });
  const res = await api.get<GamePayload>('/game/get', { auth: opponent.auth, query: { id: gameId } });
  t.is(res.status, 200);
  t.like(res.body.user_1, {
    username: MINOR.username,
    gamer_tag: MINOR.gamer_tag,
    first_name: null,
    last_name: null,
    team: null,
  });
  t.true(leaksNothing(JSON.stringify(res.body), MINOR));
  // The opponent is an adult with defaults: their own card is whole.
  t.like(res.body.user_2, { first_name: 'Test', last_name: 'Player' });
});

test("the sitemap lists the adults' pages, not the minor's", async (t) => {
  const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
  t.true(xml.includes(`/player/${ADULT.username}<`));
  t.false(xml.includes(MINOR.username));
});

test("a minor's drawn profile page is noindex and carries no name or club; an adult's is indexable", async (t) => {
  const res = await fetch(`${server.url}/player/${MINOR.username}`);
  t.is(res.status, 200);
  t.is(res.headers.get('x-robots-tag'), 'noindex');
  const html = await res.text();
  t.regex(html, /<meta name="robots" content="noindex" \/>/);
  t.true(html.includes(MINOR.username));
  t.true(leaksNothing(html, MINOR));
  t.false(html.includes(MINOR.gamer_tag));

  const adult = await fetch(`${server.url}/player/${ADULT.username}`);
  t.is(adult.status, 200);
  t.is(adult.headers.get('x-robots-tag'), null);
  t.notRegex(await adult.text(), /name="robots" content="noindex"/);
});

test('POST /user/privacy/update saves "hide my real name"; bad input is a 400 that changes nothing', async (t) => {
  const player = await signedInUser(server.knex, { username: 'toggler', first_name: 'Togglina', games_played: 1 });
  const profile = async () =>
    (await api.get<{ player: PlayerProfilePayload }>('/players/get', { query: { username: 'toggler' } })).body.player;
  t.is((await profile()).first_name, 'Togglina');

  const bad = await api.postJson('/user/privacy/update', { hide_real_name: 'maybe' }, { auth: player.auth });
  t.is(bad.status, 400);
  t.deepEqual(bad.body, refusalBody(MESSAGES.hideRealNameInvalid));
  t.is((await api.postJson('/user/privacy/update', {}, { auth: player.auth })).status, 400);
  t.is((await api.postJson('/user/privacy/update', { hide_real_name: true })).status, 401);

  const on = await api.postJson<{ message: string; user: UserPayload }>(
    '/user/privacy/update',
    { hide_real_name: true },
    { auth: player.auth },
  );
  t.is(on.status, 200);
  t.is(on.body.message, MESSAGES.privacySaved);
  // The player's own payload keeps everything.
  t.like(on.body.user, { hide_real_name: true, first_name: 'Togglina' });
  server.clock.advance(1000);
  t.is((await profile()).first_name, null);

  const off = await api.postJson<{ user: UserPayload }>(
    '/user/privacy/update',
    { hide_real_name: false },
    { auth: player.auth },
  );
  t.is(off.body.user.hide_real_name, false);
  server.clock.advance(1000);
  t.is((await profile()).first_name, 'Togglina');
});
