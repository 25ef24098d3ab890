import test from 'ava';
import {
  DEFAULT_TIME_ZONE,
  MESSAGES,
  weekStart,
  type PlayerProfilePayload,
  type SeasonFields,
  type SeasonListResponse,
  type SeasonPageResponse,
} from '@ecup/domain';
import { createSeason, transaction } from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildUser } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { refusalBody } from '../helpers/messages.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
let oldSeason: { id: number; name: string; qualifiers_start: Date; time_zone: string };
let newSeasonId: number;
let players: { id: number; username: string }[];

function nextFields(name: string): SeasonFields {
  const start = new Date(server.clock.now().getTime() - 86_400_000);
  return {
    name,
    product_name: 'eCup',
    qualifiers_start: start,
    qualifiers_end: new Date(start.getTime() + 28 * 86_400_000),
    time_zone: DEFAULT_TIME_ZONE,
    window_start_minute: 0,
    window_end_minute: 7200,
    finals_date: null,
    trophy_hunt_end: new Date(start.getTime() + 28 * 86_400_000),
    prizes_text: '',
    max_games_per_week: 30,
    start_countdown_at: null,
    chat_mode: 'presets',
  };
}

test.before(async () => {
  server = await startTestServer({ label: 'seasons' });
  api = client(server.url);
  oldSeason = (await server
    .knex('seasons')
    .where('active', true)
    .orderBy('id', 'desc')
    .first('id', 'name', 'qualifiers_start', 'time_zone')) as typeof oldSeason;
  const sweden = (await server.knex('countries').where('code', 'SE').first('id')) as { id: number };
  // 102 players of the old season, Elo 1300 down to 1199, so the page's top 100 leaves the last two out.
  players = [];
  for (let i = 0; i < 102; i++) {
    const user = await buildUser(server.knex, {
      username: `Past${String(i).padStart(3, '0')}`,
      country_id: sweden.id,
      elo: 1300 - i,
      games_played: 3,
      wins: 2,
      ties: 1,
      losses: 0,
    });
    players.push({ id: user.id, username: user.username });
  }
  const week = weekStart(oldSeason.qualifiers_start, oldSeason.time_zone);
  await server.knex('round_winners').insert({
    season_id: oldSeason.id,
    week_start: week,
    place: 1,
    user_id: players[5]!.id,
    elo_gain: 48,
    games: 4,
    wins: 3,
    recorded_at: server.clock.now(),
  });
  const [poolId] = await server.knex('trophy_pools').insert({ season_id: oldSeason.id, week_start: week });
  await server.knex('trophies').insert({
    pool_id: poolId!,
    state: 'secured',
    holder_user_id: players[7]!.id,
    wins: 3,
    secured_at: new Date(week.getTime() + 3_600_000),
  });
  const created = await transaction(
    server.knex,
    async (trx) =>
      (await createSeason(trx, { fields: nextFields('Next season'), active: true, now: server.clock.now() })).result,
  );
  newSeasonId = created.season.id!;
});
test.after.always(async () => server?.close());

test('GET /season/list lists the current season and every finished one, newest first', async (t) => {
  const answer = await api.get<SeasonListResponse>('/season/list');
  t.is(answer.status, 200);
  t.deepEqual(
    answer.body.seasons.map((s) => [s.id, s.name, s.current, s.players]),
    [
      [newSeasonId, 'Next season', true, 0],
      [oldSeason.id, oldSeason.name, false, 102],
    ],
  );
});

test("GET /season/get shows a finished season's final top 100, its round winners and trophy-hunt winners", async (t) => {
  const answer = await api.get<SeasonPageResponse>('/season/get', { query: { id: oldSeason.id } });
  t.is(answer.status, 200);
  const page = answer.body;
  t.like(page.season, { id: oldSeason.id, current: false, players: 102 });
  t.is(page.standings.length, 100);
  t.deepEqual(page.standings[0], {
    username: 'Past000',
    country: { code: 'se', name: 'Sweden' },
    rank: 1,
    elo: 1300,
    wins: 2,
    ties: 1,
    losses: 0,
    games_played: 3,
  });
  t.like(page.standings[99], { username: 'Past099', rank: 100, elo: 1201 });
  t.deepEqual(
    page.round_winners.map((w) => [w.round, w.username, w.elo_gain]),
    [[1, 'Past005', 48]],
  );
  t.deepEqual(
    page.trophy_winners.map((week) => [week.round, week.winners.map((w) => w.username)]),
    [[1, ['Past007']]],
  );
});

test('the current season has a page without final standings', async (t) => {
  const answer = await api.get<SeasonPageResponse>('/season/get', { query: { id: newSeasonId } });
  t.is(answer.status, 200);
  t.like(answer.body.season, { id: newSeasonId, current: true });
  t.deepEqual(answer.body.standings, []);
});

test('an unknown season is 404 and a bad id 400, in the spec\u2019s words', async (t) => {
  const unknown = await api.get('/season/get', { query: { id: 999_999 } });
  t.is(unknown.status, 404);
  t.deepEqual(unknown.body, refusalBody(MESSAGES.seasonNotFound));
  for (const id of ['', 'abc', '0', '-1', '1.5', '01', '99999999999', '1e3']) {
    const bad = await api.get('/season/get', { query: { id } });
    t.is(bad.status, 400, id);
    t.deepEqual(bad.body, refusalBody(MESSAGES.seasonIdInvalid), id);
  }
  const missing = await api.get('/season/get');
  t.is(missing.status, 400);
});

test("a profile lists the player's past seasons with final place and Elo; the live ratings start again at 1000", async (t) => {
  const answer = await api.get<{ player: PlayerProfilePayload }>('/players/get', { query: { username: 'Past004' } });
  t.is(answer.status, 200);
  t.like(answer.body.player, { elo: 1000, games_played: 0, rank: null });
  t.deepEqual(answer.body.player.past_seasons, [
    { season_id: oldSeason.id, name: oldSeason.name, rank: 5, elo: 1296, games_played: 3 },
  ]);
});
