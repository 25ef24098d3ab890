import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import {
  ADULT_AGE_YEARS,
  ALL_PERMISSIONS,
  CONSOLE_PLAYSTATION,
  COUNTRY_COUNT,
  ELO_START,
  NEWS_CATEGORIES,
  PSN_ID_MIN,
  ageOn,
  forumCategories,
  gamerTagError,
  isWindowOpen,
  rateGame,
  seasonFinalYear,
  usernameError,
  weekStart,
} from '@ecup/domain';
import { DEMO_ACCOUNTS, seedBase, seedDemo, type SeedDemoSummary } from '@ecup/db';
import { verifyPassword } from '@ecup/security';
import { createDiskImageStore, type ImageStore } from '@ecup/storage';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const now = new Date();
let db: TestDatabase;
let imageDir: string;
let store: ImageStore;
let seasonId: number;
let summary: SeedDemoSummary;
let demoMs: number;

const COUNTED_TABLES = [
  'countries',
  'seasons',
  'forum_categories',
  'teams',
  'users',
  'games',
  'news',
  'forum_threads',
  'forum_posts',
] as const;

async function countRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const [{ n }] = (await db.knex(table).count({ n: '*' })) as [{ n: number }];
    counts[table] = Number(n);
  }
  return counts;
}

function birthOf(date: Date) {
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

test.before(async (t) => {
  db = await createTestDatabase('seed');
  imageDir = await mkdtemp(path.join(os.tmpdir(), 'ecup-seed-'));
  store = createDiskImageStore(imageDir);
  ({ season_id: seasonId } = await seedBase(db.knex, { now }));
  const started = performance.now();
  summary = await seedDemo(db.knex, { now, store });
  demoMs = performance.now() - started;
  t.log(`seedDemo with defaults took ${Math.round(demoMs)} ms`, summary);
});

test.after.always(async () => {
  await db?.drop();
  if (imageDir) await rm(imageDir, { recursive: true, force: true });
});

test('the country list has 245 entries with ids 0-244 and unique lower-case two-letter codes', async (t) => {
  const countries: { id: number; code: string; name: string }[] = await db.knex('countries').orderBy('id');
  t.is(countries.length, COUNTRY_COUNT);
  t.deepEqual(
    countries.map((c) => c.id),
    Array.from({ length: COUNTRY_COUNT }, (_, i) => i),
  );
  t.true(countries.every((c) => /^[a-z]{2}$/.test(c.code)));
  t.is(new Set(countries.map((c) => c.code)).size, COUNTRY_COUNT);
  t.true(countries.every((c) => c.name.length > 0));
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  t.deepEqual(
    countries.map((c) => c.name),
    [...countries.map((c) => c.name)].sort(collator.compare),
    'sorted by English name',
  );
  t.like(
    countries.find((c) => c.code === 'se'),
    { name: 'Sweden' },
  );
});

test('the forums show four categories, category 1 named after the season’s product', async (t) => {
  const categories = await db.knex('forum_categories').orderBy('id').select('id', 'slug', 'title', 'description');
  const season = await db.knex('seasons').where({ id: seasonId }).first();
  t.deepEqual(categories, forumCategories(season!.product_name));
  t.is(categories[1]!.title, 'eCup');
  t.is(categories[1]!.slug, 'ecup');
});

test('one active season is open now, so a new user can play at once', async (t) => {
  const seasons = await db.knex('seasons').where({ active: true });
  t.is(seasons.length, 1);
  const season = seasons[0];
  t.is(season!.id, seasonId);
  t.like(season, {
    name: `eCup ${seasonFinalYear(season!.qualifiers_end)}`,
    product_name: 'eCup',
    time_zone: 'Europe/Stockholm',
    window_start_minute: 0,
    window_end_minute: 10080,
    max_games_per_week: 30,
  });
  t.true(isWindowOpen(season!, now));
  t.true(season!.qualifiers_start < now && season!.qualifiers_end > now);
  t.is(season!.finals_date!.getTime() - season!.qualifiers_end.getTime(), 14 * 86_400_000);
  t.is(season!.trophy_hunt_end.getTime(), season!.qualifiers_end.getTime());
  t.is(season!.start_countdown_at!.getTime(), season!.qualifiers_start.getTime());
  t.regex(season!.prizes_text, /36 000 FIFA points/);
});

test('the demo season and its news speak of the current season: its name, prizes and articles give the year of its final, never 2020', async (t) => {
  const season = await db.knex('seasons').where({ id: seasonId }).first();
  // Seeded now (2026-11 or later): qualifiers end after now, and the final is in the first July after them.
  const finalYear = seasonFinalYear(season!.qualifiers_end);
  t.true(finalYear >= now.getUTCFullYear() && finalYear <= now.getUTCFullYear() + 1);
  t.is(season!.name, `eCup ${finalYear}`);
  t.true(season!.prizes_text.includes(`a trip to the final in July ${finalYear}.`), season!.prizes_text);
  const news = await db.knex('news').select('title', 'excerpt', 'content');
  const text = news.map(
    (n: { title: string; excerpt: string; content: string }) => `${n.title} ${n.excerpt} ${n.content}`,
  );
  t.is(
    text.filter((n: string) => n.includes(`July ${finalYear}`)).length,
    2,
    'the final article and the prize overview',
  );
  for (const n of [season!.name, season!.prizes_text, ...text]) {
    if (finalYear !== 2020) t.false(/2020|2019/.test(n), n);
    t.false(n.includes('{final_month}'), n);
  }
});

test('team search has real FIFA teams and Swedish grassroots clubs', async (t) => {
  const fifa = await db.knex('teams').where({ is_fifa: true }).count({ n: '*' }).first();
  const irlOnly = await db.knex('teams').where({ is_fifa: false, is_irl: true }).count({ n: '*' }).first();
  t.true(Number(fifa!.n) >= 140);
  t.true(Number(irlOnly!.n) >= 25);
  t.truthy(await db.knex('teams').where({ name: 'IFK Göteborg', is_fifa: true }).first());
});

test('demo_admin signs in with the documented password and holds every permission flag (127)', async (t) => {
  const admin = await db.knex('users').where({ username: DEMO_ACCOUNTS.admin.username }).first();
  t.like(admin, { permissions: ALL_PERMISSIONS, email: 'demo_admin@example.com', guardian_email: null });
  t.truthy(admin!.first_name);
  t.truthy(admin!.last_name);
  t.true(ageOn(birthOf(admin!.birth_date), now) >= ADULT_AGE_YEARS);
  t.true(await verifyPassword(DEMO_ACCOUNTS.admin.password, admin!.password_hash));
  t.is(admin!.games_played, 0);
});

test('demo_player signs in as a plain adult PlayStation player with a handful of games', async (t) => {
  const player = await db.knex('users').where({ username: DEMO_ACCOUNTS.player.username }).first();
  t.like(player, { permissions: 0, console: CONSOLE_PLAYSTATION, email: 'demo_player@example.com' });
  t.is(gamerTagError(player!.gamer_tag, CONSOLE_PLAYSTATION, PSN_ID_MIN), null);
  t.truthy(player!.team_name);
  t.true(ageOn(birthOf(player!.birth_date), now) >= ADULT_AGE_YEARS);
  t.true(await verifyPassword(DEMO_ACCOUNTS.player.password, player!.password_hash));
  t.true(player!.games_played >= 3 && player!.games_played <= 10, `${player!.games_played} games`);
});

test('200 demo players aged 13-24 with valid usernames, PSN gamer tags, teams and guardians for minors', async (t) => {
  const players = await db
    .knex('users')
    .whereNotIn('username', [DEMO_ACCOUNTS.admin.username, DEMO_ACCOUNTS.player.username]);
  t.is(players.length, 200);
  t.is(summary.players, 200);
  t.is(new Set(players.map((p) => p.username.toLowerCase())).size, 200);
  const countryIds = new Set((await db.knex('countries').select('id')).map((c: { id: number }) => c.id));
  const teamNames = new Set((await db.knex('teams').select('name')).map((c: { name: string }) => c.name));
  const countries = new Set<number>();
  let minors = 0;
  let confirmed = 0;
  for (const p of players) {
    t.is(usernameError(p.username), null, p.username);
    t.is(gamerTagError(p.gamer_tag, CONSOLE_PLAYSTATION, PSN_ID_MIN), null, p.gamer_tag);
    t.is(p.console, CONSOLE_PLAYSTATION);
    t.is(p.permissions, 0);
    t.true(countryIds.has(p.country_id));
    t.true(teamNames.has(p.team_name), p.team_name);
    t.true(teamNames.has(p.fifa_team_name), p.fifa_team_name);
    const age = ageOn(birthOf(p.birth_date), now);
    t.true(age >= 13 && age <= 24, `${p.username} is ${age}`);
    if (age < ADULT_AGE_YEARS) {
      minors++;
      t.regex(p.guardian_email ?? '', /@example\.com$/);
      if (p.guardian_confirmed_at) confirmed++;
    } else {
      t.is(p.guardian_email, null);
      t.is(p.guardian_confirmed_at, null);
    }
    t.true(p.created_at < now);
    countries.add(p.country_id);
  }
  t.true(countries.size >= 15, `${countries.size} countries`);
  t.true(minors > 0 && confirmed > 0 && confirmed < minors);
  // One shared hash: demo players cannot sign in.
  t.is(new Set(players.map((p) => p.password_hash)).size, 1);
});

test('about a third of the demo players have an avatar stored in every size', async (t) => {
  const hashes: string[] = (await db.knex('users').whereNotNull('avatar_hash').pluck('avatar_hash')) as string[];
  t.true(hashes.length >= 45 && hashes.length <= 90, `${hashes.length} avatars`);
  t.is(summary.avatars, hashes.length);
  t.is(new Set(hashes).size, hashes.length);
  for (const hash of hashes) {
    for (const kind of ['avatar_small', 'avatar_medium', 'avatar_orig'] as const) {
      t.truthy(await store.get(kind, hash), `${kind} ${hash}`);
    }
  }
});

test('12 news articles, 3 per category, published by the admin with a stored image', async (t) => {
  const news = await db.knex('news').orderBy('published_at', 'desc');
  const admin = await db.knex('users').where({ username: DEMO_ACCOUNTS.admin.username }).first('id');
  t.is(news.length, 12);
  for (const category of NEWS_CATEGORIES) {
    t.is(news.filter((n) => n.category_id === category.id).length, 3, category.label);
  }
  t.deepEqual(
    news
      .slice(0, 4)
      .map((n) => n.category_id)
      .sort((a, b) => a - b),
    [0, 1, 2, 3],
    'home page shows all four',
  );
  for (const n of news) {
    t.is(n.publisher_user_id, admin!.id);
    t.true(n.published_at < now);
    t.truthy(n.excerpt);
    t.notRegex(n.content, /<(?!\/?(p|h2|ul|li|strong|a)\b)/, 'only simple HTML');
    t.notRegex(n.content, /\{product\}/);
    const image = await store.get('news', n.image_hash!);
    t.truthy(image, n.title);
    t.truthy(await store.get('news_thumb', n.image_hash!), `${n.title}: the cards' thumbnail`);
  }
});

test('forum counters match the posts: thread_count, reply_count and forum_post_count', async (t) => {
  const categories = await db.knex('forum_categories').select('id', 'thread_count');
  const threads = await db.knex('forum_threads');
  t.is(threads.length, 24);
  for (const category of categories) {
    t.is(category.thread_count, threads.filter((th) => th.category_id === category.id).length);
    t.true(category.thread_count > 0);
  }
  for (const thread of threads) {
    const posts = await db.knex('forum_posts').where({ thread_id: thread.id }).orderBy('id');
    t.true(posts.length >= 1 && posts.length <= 12);
    t.is(thread.reply_count, posts.length - 1, thread.title);
    t.is(posts[0]!.user_id, thread.user_id, 'the opening post is the author’s');
    t.is(posts[0]!.created_at.getTime(), thread.created_at.getTime());
    t.is(posts[posts.length - 1]!.created_at.getTime(), thread.last_post_at.getTime());
    t.true(thread.last_post_at < now);
  }
  const counts = (await db.knex('forum_posts').groupBy('user_id').select('user_id').count({ n: '*' })) as {
    user_id: number;
    n: number;
  }[];
  const perUser = new Map(counts.map((r) => [r.user_id, Number(r.n)]));
  const users = await db.knex('users').select('id', 'forum_post_count');
  for (const user of users) t.is(user.forum_post_count, perUser.get(user.id) ?? 0);
  t.is(
    summary.forum_posts,
    [...perUser.values()].reduce((a, b) => a + b, 0),
  );
});

test('replaying every final game in order with rateGame from 1000 reproduces the stored ratings exactly', async (t) => {
  const season = await db.knex('seasons').where({ id: seasonId }).first();
  const games = await db
    .knex('games')
    .where({ state: 'final' })
    .orderBy([{ column: 'final_at' }, { column: 'id' }]);
  t.true(games.length >= 1000, `${games.length} games`);
  t.is(summary.games, games.length);
  type Line = {
    elo: number;
    games: number;
    wins: number;
    losses: number;
    ties: number;
    scored: number;
    conceded: number;
    busyUntil: number;
  };
  const lines = new Map<number, Line>();
  const line = (id: number) => {
    let l = lines.get(id);
    if (!l)
      lines.set(
        id,
        (l = { elo: ELO_START, games: 0, wins: 0, losses: 0, ties: 0, scored: 0, conceded: 0, busyUntil: 0 }),
      );
    return l;
  };
  const admin = await db.knex('users').where({ username: DEMO_ACCOUNTS.admin.username }).first('id');
  let mismatches = 0;
  for (const g of games) {
    const p1 = line(g.user_1_id);
    const p2 = line(g.user_2_id);
    if (g.elo_1_before !== p1.elo || g.elo_2_before !== p2.elo) mismatches++;
    const next = rateGame({
      elo_1: p1.elo,
      games_1: p1.games,
      elo_2: p2.elo,
      games_2: p2.games,
      score_1: g.score_1!,
      score_2: g.score_2!,
    });
    if (next.elo_1 !== g.elo_1_after || next.elo_2 !== g.elo_2_after) mismatches++;
    for (const [p, own, other] of [
      [p1, g.score_1, g.score_2],
      [p2, g.score_2, g.score_1],
    ] as const) {
      // A player is never in two games at once.
      if (g.created_at.getTime() < p.busyUntil) mismatches++;
      p.busyUntil = g.final_at!.getTime();
      p.games++;
      p.scored += own!;
      p.conceded += other!;
      if (own! > other!) p.wins++;
      else if (own! < other!) p.losses++;
      else p.ties++;
    }
    p1.elo = next.elo_1;
    p2.elo = next.elo_2;
    t.not(g.user_1_id, admin!.id);
    t.not(g.user_2_id, admin!.id);
    t.true(g.score_1! >= 0 && g.score_1! <= 7 && g.score_2! >= 0 && g.score_2! <= 7);
    t.is(g.season_id, seasonId);
    t.deepEqual(
      [g.submitted_user_id, g.confirmed_user_id].sort((a, b) => a! - b!),
      [g.user_1_id, g.user_2_id].sort((a, b) => a - b),
    );
    t.is(g.week_start.getTime(), weekStart(g.created_at, season!.time_zone).getTime());
    t.true(g.created_at >= season!.qualifiers_start && g.final_at! < now);
    t.true(g.created_at >= new Date(now.getTime() - 15 * 86_400_000));
  }
  t.is(mismatches, 0);
  const users = await db.knex('users');
  for (const u of users) {
    const l = lines.get(u.id) ?? line(u.id);
    t.deepEqual(
      {
        elo: u.elo,
        games: u.games_played,
        wins: u.wins,
        losses: u.losses,
        ties: u.ties,
        scored: u.scored_goals,
        conceded: u.conceded_goals,
      },
      {
        elo: l.elo,
        games: l.games,
        wins: l.wins,
        losses: l.losses,
        ties: l.ties,
        scored: l.scored,
        conceded: l.conceded,
      },
      u.username,
    );
  }
  // The ranking looks alive: ratings spread out both ways.
  const elos = users.map((u) => u.elo);
  t.true(Math.max(...elos) > 1080 && Math.min(...elos) < 920);
});

test('running both seeds a second time adds nothing and reports zero new rows', async (t) => {
  const before = await countRows();
  await seedBase(db.knex, { now: new Date(now.getTime() + 60_000) });
  const again = await seedDemo(db.knex, { now: new Date(now.getTime() + 60_000), store });
  t.deepEqual(again, { users: 0, players: 0, avatars: 0, games: 0, news: 0, forum_threads: 0, forum_posts: 0 });
  t.deepEqual(await countRows(), before);
});

test('seeding again keeps an operator’s edited season', async (t) => {
  const own = await createTestDatabase('seedop');
  t.teardown(() => own.drop());
  const { season_id } = await seedBase(own.knex, { now });
  await own.knex('seasons').where({ id: season_id }).update({ name: 'eCup Spring', window_end_minute: 7200 });
  const again = await seedBase(own.knex, { now });
  t.is(again.season_id, season_id);
  const seasons = await own.knex('seasons');
  t.is(seasons.length, 1);
  t.like(seasons[0], { name: 'eCup Spring', window_end_minute: 7200 });
});

test('seeding on two connections at once still creates one season', async (t) => {
  const own = await createTestDatabase('seedrace');
  t.teardown(() => own.drop());
  const results = await Promise.all([seedBase(own.knex, { now }), seedBase(own.knex, { now })]);
  t.is(results[0].season_id, results[1].season_id);
  const [{ n }] = (await own.knex('seasons').count({ n: '*' })) as [{ n: number }];
  t.is(Number(n), 1);
});
