import test from 'ava';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  bindModels,
  createKnex,
  createSeason,
  dropDatabase,
  findOperatorSeason,
  prizeExport,
  rebuildElo,
  ensureDatabase,
  migrateLatest,
  migrateUpTo,
  parseDatabaseUrl,
  transaction,
  updateSeason,
} from '@ecup/db';
import { COUNTRIES, DEFAULT_TIME_ZONE, type SeasonFields } from '@ecup/domain';
import { createTestDatabase, TEST_DATABASE_SERVER, type TestDatabase } from '../helpers/db.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';

const NOW = new Date('2026-11-27T10:00:00Z');

function fields(name: string): SeasonFields {
  return {
    name,
    product_name: 'eCup',
    qualifiers_start: new Date('2026-11-23T00:00:00Z'),
    qualifiers_end: new Date('2026-12-21T00:00:00Z'),
    time_zone: DEFAULT_TIME_ZONE,
    window_start_minute: 0,
    window_end_minute: 7200,
    finals_date: null,
    trophy_hunt_end: new Date('2026-12-21T00:00:00Z'),
    prizes_text: '',
    max_games_per_week: 30,
    start_countdown_at: null,
    chat_mode: 'presets',
  };
}

async function insertSeason(knex: Knex, name: string, active: boolean): Promise<number> {
  const [id] = await knex('seasons').insert({ ...fields(name), active });
  return Number(id);
}

const RATINGS = [
  'elo',
  'wins',
  'ties',
  'losses',
  'scored_goals',
  'conceded_goals',
  'games_played',
  'secured_trophies',
] as const;
type Ratings = Record<(typeof RATINGS)[number], number>;

const rated = (elo: number, games: number, extra: Partial<Ratings> & { unsecured_trophies?: number } = {}) => ({
  elo,
  wins: games,
  ties: 0,
  losses: 0,
  scored_goals: 2 * games,
  conceded_goals: games,
  games_played: games,
  secured_trophies: 1,
  ...extra,
});

/** Four players of the old season (one banned) and one who never played; answers their ids in that order. */
async function players(knex: Knex): Promise<number[]> {
  const made = [
    await buildUser(knex, rated(1100, 5)),
    await buildUser(knex, rated(1050, 9)),
    await buildUser(knex, rated(1050, 4, { unsecured_trophies: 2 })),
    await buildUser(knex, { ...rated(1200, 3), banned_until: new Date('2030-01-01T00:00:00Z') }),
    await buildUser(knex),
  ];
  return made.map((user) => user.id);
}

async function standings(knex: Knex, seasonId: number) {
  return (await knex('season_standings')
    .where('season_id', seasonId)
    .orderBy('user_id')
    .select('user_id', 'rank', ...RATINGS)) as (Ratings & { user_id: number; rank: number | null })[];
}

async function liveSeason(knex: Knex): Promise<number | null> {
  return ((await knex('live_ratings').where('id', 1).first('season_id')) as { season_id: number | null }).season_id;
}

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase('standings');
  await db.knex('countries').insert(COUNTRIES.map(({ id, code, name }) => ({ id, code, name })));
});
test.after.always(async () => {
  await db?.drop();
});

test.serial(
  'the migration records that the ratings belong to the current season; activating another one archives them under it with ranking places and starts everyone at 1000',
  async (t) => {
    const target = {
      ...parseDatabaseUrl(TEST_DATABASE_SERVER),
      database: `ecup_t_stmig_${randomBytes(4).toString('hex')}`,
    };
    const knex = createKnex(target);
    try {
      await ensureDatabase(target);
      await migrateUpTo(knex, '20261126000009_notifications');
      bindModels(knex);
      await knex('countries').insert(COUNTRIES.map(({ id, code, name }) => ({ id, code, name })));
      await insertSeason(knex, 'Old', false);
      const current = await insertSeason(knex, 'Current', true);
      const ids = await players(knex);
      await migrateLatest(knex);
      t.is(await liveSeason(knex), current);

      const { ratings } = await transaction(
        knex,
        async (trx) => (await createSeason(trx, { fields: fields('Next'), active: true, now: NOW })).result,
      );
      t.deepEqual(ratings, { archived_season_id: current, archived_players: 4, restored_players: 0 });
      const kept = await standings(knex, current);
      t.deepEqual(
        kept.map((row) => [row.user_id, row.rank, row.elo, row.games_played]),
        [
          [ids[0], 1, 1100, 5],
          [ids[1], 2, 1050, 9],
          [ids[2], 3, 1050, 4],
          [ids[3], null, 1200, 3],
        ],
        'ranked by Elo, then games played; the banned player is kept without a place; who never played is not kept',
      );
      t.like(kept[0], { wins: 5, scored_goals: 10, conceded_goals: 5, secured_trophies: 1 });
      const users = (await knex('users')
        .orderBy('id')
        .select('id', ...RATINGS, 'unsecured_trophies')) as Ratings[];
      for (const user of users) {
        t.like(user, {
          elo: 1000,
          wins: 0,
          ties: 0,
          losses: 0,
          scored_goals: 0,
          conceded_goals: 0,
          games_played: 0,
          secured_trophies: 0,
          unsecured_trophies: 0,
        });
      }
    } finally {
      await knex.destroy();
      await dropDatabase(target);
    }
  },
);

test.serial(
  'an activation that fails writes no standings and resets no rating: archive and reset are one transaction',
  async (t) => {
    const season = await insertSeason(db.knex, 'Rolled back', true);
    const ids = await players(db.knex);
    await db.knex('live_ratings').where('id', 1).update({ season_id: season });
    const before = await db.knex('users').whereIn('id', ids).orderBy('id').select(RATINGS);
    await t.throwsAsync(
      transaction(db.knex, async (trx) => {
        await createSeason(trx, { fields: fields('Never'), active: true, now: NOW });
        throw new Error('stop');
      }),
      { message: 'stop' },
    );
    t.deepEqual(await standings(db.knex, season), []);
    t.deepEqual(await db.knex('users').whereIn('id', ids).orderBy('id').select(RATINGS), before);
    t.is(await liveSeason(db.knex), season);
    await db.knex('users').whereIn('id', ids).delete();
    await db.knex('seasons').where('id', season).update({ active: false });
  },
);

test.serial(
  'two activations at once archive the old season once; activating a finished season again gives its ratings back',
  async (t) => {
    const old = await insertSeason(db.knex, 'Old', true);
    const next = await insertSeason(db.knex, 'Next', false);
    const ids = await players(db.knex);
    await db.knex('live_ratings').where('id', 1).update({ season_id: old });
    const before = (await db.knex('users').whereIn('id', ids.slice(0, 4)).orderBy('id').select(RATINGS)) as Ratings[];

    const activate = () =>
      transaction(
        db.knex,
        async (trx) => (await updateSeason(trx, { id: next, fields: fields('Next'), active: true, now: NOW })).result,
      );
    const results = await Promise.all([activate(), activate()]);
    t.deepEqual(
      results.map((result) => result.ratings?.archived_season_id ?? null).sort(),
      [old, null].sort(),
      'one of the two archived the old season, the other found the ratings already belonging to the new one',
    );
    const kept = await standings(db.knex, old);
    t.deepEqual(
      kept.map((row) => Object.fromEntries(RATINGS.map((key) => [key, row[key]]))),
      before,
    );
    t.is(await liveSeason(db.knex), next);

    await db.knex('users').where('id', ids[4]).update(rated(1016, 1));
    const back = await transaction(
      db.knex,
      async (trx) => (await updateSeason(trx, { id: old, fields: fields('Old'), active: true, now: NOW })).result,
    );
    t.deepEqual(back.ratings, { archived_season_id: next, archived_players: 1, restored_players: 4 });
    t.deepEqual(await db.knex('users').whereIn('id', ids.slice(0, 4)).orderBy('id').select(RATINGS), before);
    t.like(await db.knex('users').where('id', ids[4]).first('elo', 'games_played'), { elo: 1000, games_played: 0 });
    t.deepEqual(await standings(db.knex, old), [], "the season is live again, so its standings are the users' ratings");
    t.like((await standings(db.knex, next))[0], { user_id: ids[4], rank: 1, elo: 1016 });
  },
);

test.serial(
  "prizes:export of a finished season ranks its finalists by the kept standings, not by today's ratings",
  async (t) => {
    await db.knex('users').delete();
    const old = await insertSeason(db.knex, 'Prized', true);
    await db.knex('seasons').whereNot('id', old).update({ active: false });
    await db.knex('live_ratings').where('id', 1).update({ season_id: old });
    const ids = await players(db.knex);
    const created = await transaction(
      db.knex,
      async (trx) => (await createSeason(trx, { fields: fields('After'), active: true, now: NOW })).result,
    );
    await db.knex('users').where('id', ids[2]).update(rated(1400, 2));
    const season = await findOperatorSeason(db.knex, old);
    const exported = await prizeExport(db.knex, season!, NOW);
    t.deepEqual(
      exported.final_standings.map((row) => [row.rank, row.user_id, row.elo, row.games_played]),
      [
        [1, ids[0], 1100, 5],
        [2, ids[1], 1050, 9],
        [3, ids[2], 1050, 4],
      ],
      'the banned player stays out; a rating earned in the next season does not count',
    );
    const current = await findOperatorSeason(db.knex, created.season.id!);
    t.deepEqual((await prizeExport(db.knex, current!, NOW)).final_standings, [], 'no final game in the new season yet');
  },
);

test.serial(
  "elo:rebuild replays the live season's games from 1000 and leaves a finished season's games out; a finished season is refused",
  async (t) => {
    await db.knex('users').delete();
    const old = await insertSeason(db.knex, 'Replayed', true);
    await db.knex('seasons').whereNot('id', old).update({ active: false });
    await db.knex('live_ratings').where('id', 1).update({ season_id: old });
    const [a, b] = [await buildUser(db.knex), await buildUser(db.knex)];
    const game = async (season: number, minute: number, score: [number, number]) => {
      const id = await buildGame(db.knex, {
        user_1_id: a.id,
        user_2_id: b.id,
        season_id: season,
        created_at: new Date(NOW.getTime() - 3_600_000 + minute * 60_000),
        state: 'final',
        score_1: score[0],
        score_2: score[1],
      });
      await db
        .knex('games')
        .where('id', id)
        .update({ final_at: new Date(NOW.getTime() - 3_000_000 + minute * 60_000) });
    };
    await game(old, 0, [3, 0]);
    await rebuildElo(db.knex, { season_id: old, dry_run: false, now: NOW });
    const afterOld = await db.knex('users').where('id', a.id).first('elo', 'games_played');
    t.like(afterOld, { games_played: 1 });
    t.true((afterOld as { elo: number }).elo > 1000);

    const next = await transaction(
      db.knex,
      async (trx) => (await createSeason(trx, { fields: fields('Replay next'), active: true, now: NOW })).result,
    );
    const nextId = next.season.id!;
    await game(nextId, 10, [0, 0]);
    const report = await rebuildElo(db.knex, { season_id: nextId, dry_run: false, now: NOW });
    t.is(report.events, 1, "only the live season's game is replayed");
    t.like(await db.knex('users').where('id', a.id).first('elo', 'games_played'), { elo: 1000, games_played: 1 });
    t.like(
      (await db.knex('season_standings').where({ season_id: old, user_id: a.id }).first('elo', 'games_played'))!,
      afterOld!,
    );
    await t.throwsAsync(rebuildElo(db.knex, { season_id: old, dry_run: true }), {
      message: /not the season the ratings belong to/,
    });
  },
);

test.serial(
  "another season's ratings wait until the outgoing season's games are all final; its held trophies then go back to their pool",
  async (t) => {
    const old = await insertSeason(db.knex, 'Outgoing', true);
    const next = await insertSeason(db.knex, 'Incoming', false);
    const ids = await players(db.knex);
    await db.knex('live_ratings').where('id', 1).update({ season_id: old });
    const game = await buildGame(db.knex, {
      user_1_id: ids[0]!,
      user_2_id: ids[1]!,
      state: 'conflict',
      conflict: true,
      season_id: old,
    });
    const [pool] = await db.knex('trophy_pools').insert({
      season_id: old,
      week_start: new Date('2026-11-23T00:00:00Z'),
      size: 25,
    });
    const [trophy] = await db.knex('trophies').insert({
      pool_id: pool!,
      state: 'held',
      holder_user_id: ids[2],
      wins: 1,
      taken_at: NOW,
      expires_at: new Date(NOW.getTime() + 48 * 3600 * 1000),
    });
    await db.knex('users').where('id', ids[2]).update({ unsecured_trophies: 1 });
    const before = await db.knex('users').whereIn('id', ids).orderBy('id').select(RATINGS);
    const activate = () =>
      transaction(
        db.knex,
        async (trx) =>
          (await updateSeason(trx, { id: next, fields: fields('Incoming'), active: true, now: NOW })).result,
      );

    const refused = await t.throwsAsync(activate());
    t.regex(refused!.message + JSON.stringify(refused), /still has 1 unfinished game/);
    t.deepEqual(await db.knex('users').whereIn('id', ids).orderBy('id').select(RATINGS), before, 'nothing reset');
    t.deepEqual(await standings(db.knex, old), [], 'nothing archived');
    t.is(await liveSeason(db.knex), old);
    t.like(
      await db.knex('seasons').where('id', old).first('active'),
      { active: 1 },
      'the outgoing season stays active',
    );

    await db.knex('games').where('id', game).update({ state: 'final', score_1: 1, score_2: 0 });
    const switched = await activate();
    t.like(switched.ratings, { archived_season_id: old });
    t.like(await db.knex('trophies').where('id', trophy).first('state', 'holder_user_id'), {
      state: 'pool',
      holder_user_id: null,
    });
    t.deepEqual(await db.knex('trophy_moves').where('trophy_id', trophy).pluck('kind'), ['reset']);
    t.like(await db.knex('users').where('id', ids[2]).first('unsecured_trophies'), { unsecured_trophies: 0 });
  },
);
