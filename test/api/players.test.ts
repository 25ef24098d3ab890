import test from 'ava';
import type { GroupRankingResponse, PlayerHistoryResponse, PlayerProfilePayload } from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client } from '../helpers/http.ts';
import { refusalBody } from '../helpers/messages.ts';
import { MESSAGES } from '@ecup/domain';

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'players' });
  api = client(server.url);
});
test.after.always(async () => server?.close());

const minutes = (n: number) => new Date(server.clock.now().getTime() - n * 60_000);

/** A country of the seeded list by its code (tests take one each, so their tables do not mix). */
async function countryId(code: string): Promise<number> {
  const row = (await server.knex('countries').where('code', code).first('id')) as { id: number } | undefined;
  if (!row) throw new Error(`no country ${code}`);
  return row.id;
}

/**
 * A final game with its ratings, as a result made final leaves it: `minutesAgo` orders the games, `elo` gives both
 * players' ratings before and after.
 */
async function finalGame(
  user1: number,
  user2: number,
  fields: {
    score: [number, number];
    elo: { before: [number, number]; after: [number, number] };
    minutesAgo: number;
    conflict?: boolean;
  },
): Promise<number> {
  const id = await buildGame(server.knex, {
    user_1_id: user1,
    user_2_id: user2,
    created_at: minutes(fields.minutesAgo + 20),
    state: 'final',
    score_1: fields.score[0],
    score_2: fields.score[1],
    conflict: fields.conflict ?? false,
  });
  await server
    .knex('games')
    .where('id', id)
    .update({
      final_at: minutes(fields.minutesAgo),
      elo_1_before: fields.elo.before[0],
      elo_2_before: fields.elo.before[1],
      elo_1_after: fields.elo.after[0],
      elo_2_after: fields.elo.after[1],
    });
  return id;
}

test('a profile shows the public figures, the season chart and the last games, never private fields', async (t) => {
  const country = await countryId('is');
  const anna = await buildUser(server.knex, {
    username: 'AnnaProfile',
    country_id: country,
    elo: 1012,
    games_played: 2,
    wins: 1,
    losses: 1,
    scored_goals: 4,
    conceded_goals: 3,
    forum_post_count: 7,
    secured_trophies: 1,
  });
  const bo = await buildUser(server.knex, { username: 'BoProfile', elo: 988, games_played: 2 });
  const first = await finalGame(anna.id, bo.id, {
    score: [3, 1],
    elo: { before: [1000, 1000], after: [1016, 984] },
    minutesAgo: 60,
  });
  const second = await finalGame(bo.id, anna.id, {
    score: [2, 1],
    elo: { before: [984, 1016], after: [988, 1012] },
    minutesAgo: 10,
    conflict: true,
  });
  // A game still being played is not one of the profile's games.
  await buildGame(server.knex, { user_1_id: anna.id, user_2_id: bo.id, created_at: minutes(1) });

  const answer = await api.get<{ player: PlayerProfilePayload }>('/players/get', {
    query: { username: 'annaprofile' },
  });
  t.is(answer.status, 200);
  const player = answer.body.player;
  t.like(player, {
    username: 'AnnaProfile',
    country: { code: 'is' },
    elo: 1012,
    wins: 1,
    losses: 1,
    ties: 0,
    scored_goals: 4,
    forum_post_count: 7,
    secured_trophies: 1,
    season_start_elo: 1000,
  });
  t.is(typeof player.rank, 'number');
  t.deepEqual(
    player.elo_history.map((p) => [p.game_id, p.elo]),
    [
      [first, 1016],
      [second, 1012],
    ],
  );
  t.deepEqual(
    player.games.map((g) => [g.game_id, g.opponent.username, g.score_own, g.score_opponent, g.elo_change, g.conflict]),
    [
      [second, 'BoProfile', 1, 2, -4, true],
      [first, 'BoProfile', 3, 1, 16, false],
    ],
  );
  const text = JSON.stringify(answer.body);
  for (const hidden of ['email', 'birth', 'age', 'password', 'guardian', anna.email])
    t.false(text.includes(hidden), hidden);
});

test('an unknown, empty or erased name has no profile', async (t) => {
  const gone = await buildUser(server.knex, { username: 'GoneProfile', erased_at: new Date() });
  for (const username of ['NoSuchPlayer', '', gone.username]) {
    const answer = await api.get('/players/get', { query: { username } });
    t.is(answer.status, 404, username);
    t.deepEqual(answer.body, refusalBody(MESSAGES.playerNotFound));
  }
});

test('a banned or new player has a profile without a rank', async (t) => {
  const banned = await buildUser(server.knex, { games_played: 3, banned_until: new Date(Date.now() + 86_400_000) });
  const fresh = await buildUser(server.knex);
  for (const user of [banned, fresh]) {
    const answer = await api.get<{ player: PlayerProfilePayload }>('/players/get', {
      query: { username: user.username },
    });
    t.is(answer.status, 200);
    t.is(answer.body.player.rank, null);
    t.deepEqual(answer.body.player.games, []);
  }
});

test('the history lists all of the player’s own games, filtered by state and paged', async (t) => {
  const { user: me, auth } = await signedInUser(server.knex);
  const { user: other, auth: otherAuth } = await signedInUser(server.knex);
  const final = await finalGame(me.id, other.id, {
    score: [0, 0],
    elo: { before: [1000, 1000], after: [1000, 1000] },
    minutesAgo: 30,
  });
  const submitted = await buildGame(server.knex, {
    user_1_id: other.id,
    user_2_id: me.id,
    created_at: minutes(20),
    state: 'submitted',
    score_1: 2,
    score_2: 0,
    submitted_user_id: other.id,
    submitted_at: minutes(5),
  });
  const playing = await buildGame(server.knex, { user_1_id: me.id, user_2_id: other.id, created_at: minutes(2) });

  t.is((await api.get('/user/history')).status, 401);
  const all = await api.get<PlayerHistoryResponse>('/user/history', { auth });
  t.is(all.body.total, 3);
  t.deepEqual(
    all.body.games.map((g) => [g.game_id, g.state]),
    [
      [playing, 'playing'],
      [submitted, 'submitted'],
      [final, 'final'],
    ],
  );
  const waiting = all.body.games[1]!;
  t.like(waiting, { score_own: 0, score_opponent: 2, elo_change: null });
  t.is(all.body.games[0]!.score_own, null);

  const onlySubmitted = await api.get<PlayerHistoryResponse>('/user/history', { auth, query: { state: 'submitted' } });
  t.deepEqual(
    onlySubmitted.body.games.map((g) => g.game_id),
    [submitted],
  );
  t.is(onlySubmitted.body.total, 1);
  const paged = await api.get<PlayerHistoryResponse>('/user/history', { auth, query: { start: 1, amount: 1 } });
  t.deepEqual(
    paged.body.games.map((g) => g.game_id),
    [submitted],
  );
  t.is(paged.body.total, 3);
  // An unknown state reads as every state, as a list is always answerable.
  const unknown = await api.get<PlayerHistoryResponse>('/user/history', { auth, query: { state: 'lost' } });
  t.is(unknown.body.total, 3);
  // The other player's history holds the same games from their side.
  const theirs = await api.get<PlayerHistoryResponse>('/user/history', {
    auth: otherAuth,
    query: { state: 'submitted' },
  });
  t.like(theirs.body.games[0], { game_id: submitted, score_own: 2, score_opponent: 0 });
  t.is(theirs.body.games[0]!.opponent.username, me.username);
});

test('the country and club tables group ranked players, with the best player, sorting and search', async (t) => {
  const liechtenstein = await countryId('li');
  const andorra = await countryId('ad');
  const club = `Club ${Date.now()}`;
  const a = await buildUser(server.knex, {
    country_id: liechtenstein,
    team_name: club,
    elo: 1100,
    games_played: 4,
    secured_trophies: 2,
  });
  await buildUser(server.knex, { country_id: liechtenstein, team_name: club, elo: 1001, games_played: 2 });
  // Not ranked: no game yet, or banned.
  await buildUser(server.knex, { country_id: liechtenstein, team_name: club, elo: 2000, games_played: 0 });
  await buildUser(server.knex, {
    country_id: liechtenstein,
    team_name: club,
    elo: 1900,
    games_played: 9,
    banned_until: new Date(Date.now() + 86_400_000),
  });
  const d = await buildUser(server.knex, { country_id: andorra, elo: 1300, games_played: 1 });

  const countries = await api.get<GroupRankingResponse>('/ranking/country_list', { query: { search: 'liechten' } });
  t.is(countries.status, 200);
  t.is(countries.body.total, 1);
  const row = countries.body.rows[0]!;
  t.like(row, { key: 'li', players: 2, average_elo: 1051, games: 6, secured_trophies: 2 });
  t.deepEqual(row.best_player, { username: a.username, elo: 1100, avatar_hash: null });

  const clubs = await api.get<GroupRankingResponse>('/ranking/club_list', { query: { search: club } });
  t.like(clubs.body.rows[0], { key: club, name: club, players: 2, average_elo: 1051 });

  // Sorted by average Elo, Andorra (1300) is above Liechtenstein (1051); by players, Liechtenstein is above.
  const byElo = await api.get<GroupRankingResponse>('/ranking/country_list', { query: { amount: 250 } });
  const place = (body: GroupRankingResponse, key: string) => body.rows.find((r) => r.key === key)!.rank;
  t.true(place(byElo.body, 'ad') < place(byElo.body, 'li'));
  t.is(byElo.body.rows.find((r) => r.key === 'ad')!.best_player.username, d.username);
  const byPlayers = await api.get<GroupRankingResponse>('/ranking/country_list', {
    query: { sort: 'players', amount: 250 },
  });
  t.true(place(byPlayers.body, 'li') < place(byPlayers.body, 'ad'));
  // The rank under a search is the place in the whole table.
  const searched = await api.get<GroupRankingResponse>('/ranking/country_list', {
    query: { sort: 'players', search: 'andorra' },
  });
  t.is(searched.body.rows[0]!.rank, place(byPlayers.body, 'ad'));
  // Wildcards are taken literally.
  const wild = await api.get<GroupRankingResponse>('/ranking/club_list', { query: { search: '%' } });
  t.is(wild.body.total, 0);
});
