/**
 * Demo data for a fresh installation (docs/decisions.md#season-and-time: the demo seed makes the product usable at once): two accounts
 * with documented passwords, about 200 players with finished games so that the ranking looks alive, news articles
 * with images, and forum threads.
 *
 * Deterministic for one `seed` and `now`: every choice comes from a seeded PRNG, never Math.random. Only image
 * ids and password salts are random, as everywhere else.
 *
 * This file writes the rows; what is written is planned in memory by `demo/plan.ts` from the data in `demo/data/`
 * (names by country, news articles, forum threads), and its images are drawn by `demo/images.ts`.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ALL_PERMISSIONS, CONSOLE_PLAYSTATION, NEWS_CATEGORIES } from '@ecup/domain';
import { hashPassword } from '@ecup/security';
import { removeAvatar, removeWithThumbnail, storeAvatar, storeNewsImage, type ImageStore } from '@ecup/storage';
import { findCurrentSeason } from '../queries/seasons.ts';
import { withSeedLock } from './base.ts';
import {
  DAY_MS,
  MINUTE_MS,
  avatarPlan,
  countryId,
  newParticipant,
  planGames,
  planPlayers,
  planThreads,
  threadTitles,
} from './demo/plan.ts';
import { fill, interleaveByCategory, mapLimit, toSecond } from './demo/helpers.ts';
import { renderAvatar, renderNewsImage, type NewsImagePlan } from './demo/images.ts';
import { NEWS } from './demo/data/news.ts';
import { Prng } from './demo/random.ts';
import type { NewRow } from '../models/tables.ts';

/** The two demo accounts that can sign in; the README lists them. Every other demo player has an unknown password. */
export const DEMO_ACCOUNTS = {
  admin: { username: 'demo_admin', password: 'AdminDemo2020!' },
  player: { username: 'demo_player', password: 'PlayerDemo2020!' },
} as const;

export interface SeedDemoOptions {
  /** The moment the demo is seeded at; every date is placed before it. */
  now: Date;
  /** Where the generated avatars and news images go. */
  store: ImageStore;
  /** Demo players besides the two accounts (default 200). */
  players?: number;
  /** Average finished games per demo player (default 12). */
  gamesPerPlayer?: number;
  /** Forum threads (default 24, 6 per category). */
  forumThreads?: number;
  /** PRNG seed (default 2020): the same seed and `now` give the same players, games and posts. */
  seed?: number;
}

/** New rows written by one run; all zero when the demo was already seeded. */
export interface SeedDemoSummary {
  /** All new users: the two demo accounts plus the demo players. */
  users: number;
  players: number;
  avatars: number;
  games: number;
  news: number;
  forum_threads: number;
  forum_posts: number;
}

const DEFAULT_PLAYERS = 200;
const DEFAULT_GAMES_PER_PLAYER = 12;
const DEFAULT_FORUM_THREADS = 24;
const DEFAULT_SEED = 2020;
/** Games of the demo account, so that its profile and the result screens have something to show. */
const DEMO_PLAYER_GAMES = 6;
const INSERT_CHUNK = 250;
const IMAGE_CONCURRENCY = 8;

// --- The seed ---

const ZERO: SeedDemoSummary = { users: 0, players: 0, avatars: 0, games: 0, news: 0, forum_threads: 0, forum_posts: 0 };

/**
 * Seeds the demo (docs/decisions.md#season-and-time): the two DEMO_ACCOUNTS (an admin with every permission flag, docs/product.md#roles, and a plain
 * PlayStation player), `players` demo players aged 13 to 24 from many countries (a third with an avatar), about
 * `gamesPerPlayer` finished games each over the last 14 days, rated in order with the domain's Elo (docs/decisions.md#elo),
 * 3 news articles per category label (docs/product.md#what-it-does) with generated images, and forum threads whose counters
 * (thread_count, reply_count, forum_post_count) match their posts.
 *
 * Needs seedBase first (the countries, the active season and the forum categories). Runs in one transaction under
 * a named lock, so a crash leaves nothing half-seeded. Idempotent: when the demo admin already exists it writes
 * nothing and returns zeros; news and thread titles that already exist are skipped.
 */
export async function seedDemo(knex: Knex, options: SeedDemoOptions): Promise<SeedDemoSummary> {
  const { now, store } = options;
  const playerCount = options.players ?? DEFAULT_PLAYERS;
  const gamesPerPlayer = options.gamesPerPlayer ?? DEFAULT_GAMES_PER_PLAYER;
  const threadCount = options.forumThreads ?? DEFAULT_FORUM_THREADS;
  const rng = new Prng(options.seed ?? DEFAULT_SEED);
  // Images are written before the rows that point at them, and removed again if the transaction fails.
  const storedAvatars: string[] = [];
  const storedNews: string[] = [];

  try {
    return await withSeedLock(knex, 'ecup_seed_demo', (trx) =>
      seedDemoRows(trx, { now, store, playerCount, gamesPerPlayer, threadCount, rng, storedAvatars, storedNews }),
    );
  } catch (error) {
    await Promise.all([
      ...storedAvatars.map((id) => removeAvatar(store, id)),
      ...storedNews.map((id) => removeWithThumbnail(store, 'news_thumb', id)),
    ]);
    throw error;
  }
}

async function seedDemoRows(
  trx: Knex.Transaction,
  plan: {
    now: Date;
    store: ImageStore;
    playerCount: number;
    gamesPerPlayer: number;
    threadCount: number;
    rng: Prng;
    storedAvatars: string[];
    storedNews: string[];
  },
): Promise<SeedDemoSummary> {
  const { now, store, playerCount, gamesPerPlayer, threadCount, rng, storedAvatars, storedNews } = plan;
  if (await trx('users').where({ username: DEMO_ACCOUNTS.admin.username }).first('id')) return { ...ZERO };
  const season = await findCurrentSeason(trx);
  if (!season) throw new Error('seedDemo needs an active season: run seedBase first');
  const [{ categories }] = (await trx('forum_categories').count({ categories: '*' })) as [{ categories: number }];
  if (categories === 0) throw new Error('seedDemo needs the forum categories: run seedBase first');

  // Usernames and e-mail addresses already in use (someone may have signed up before the demo was seeded).
  const taken = new Set<string>();
  for (const u of await trx('users').select('username', 'email')) {
    taken.add(u.username.toLowerCase());
    // Demo e-mail addresses are `{username}@example.com`; a taken address makes that username taken too.
    if (u.email.toLowerCase().endsWith('@example.com'))
      taken.add(u.email.toLowerCase().slice(0, -'@example.com'.length));
  }
  taken.add(DEMO_ACCOUNTS.admin.username);
  taken.add(DEMO_ACCOUNTS.player.username);

  // One hash shared by every demo player: their password is random and never shown, so none can sign in.
  const [adminHash, playerHash, sharedHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.player.password),
    hashPassword(randomBytes(24).toString('base64url')),
  ]);

  const sweden = countryId('se');
  const adminCreated = now.getTime() - 70 * DAY_MS;
  const admin = newParticipant(
    {
      username: DEMO_ACCOUNTS.admin.username,
      first_name: 'Sara',
      last_name: 'Lindholm',
      email: `${DEMO_ACCOUNTS.admin.username}@example.com`,
      password_hash: adminHash,
      permissions: ALL_PERMISSIONS,
      console: CONSOLE_PLAYSTATION,
      gamer_tag: 'eCup-Admin',
      country_id: sweden,
      birth_date: `${now.getUTCFullYear() - 31}-04-12`,
      team_name: 'IFK Göteborg',
      fifa_team_name: 'Sweden',
      guardian_email: null,
      guardian_confirmed_at: null,
      terms_accepted_at: toSecond(adminCreated),
      created_at: new Date(adminCreated),
      updated_at: now,
    },
    avatarPlan(rng, 'Sara', 'Lindholm'),
    0,
    0,
  );
  const demoCreated = now.getTime() - 20 * DAY_MS;
  const demoPlayer = newParticipant(
    {
      username: DEMO_ACCOUNTS.player.username,
      first_name: 'Robin',
      last_name: 'Ekholm',
      email: `${DEMO_ACCOUNTS.player.username}@example.com`,
      password_hash: playerHash,
      permissions: 0,
      console: CONSOLE_PLAYSTATION,
      gamer_tag: 'RobinEk-PSN',
      country_id: sweden,
      birth_date: `${now.getUTCFullYear() - 20}-03-15`,
      team_name: 'Hammarby IF',
      fifa_team_name: 'Liverpool',
      guardian_email: null,
      guardian_confirmed_at: null,
      terms_accepted_at: toSecond(demoCreated),
      created_at: new Date(demoCreated),
      updated_at: now,
    },
    null,
    0,
    DEMO_PLAYER_GAMES,
  );
  const people = [admin, demoPlayer, ...planPlayers(rng, now, playerCount, gamesPerPlayer, sharedHash, taken)];
  const adminIndex = 0;
  // The admin does not play; the demo account and the demo players do.
  admin.target = 0;
  const totalGames = Math.round(people.reduce((sum, p) => sum + p.target, 0) / 2);
  const games = planGames(rng, now, season, people, totalGames);

  const newsTemplates = interleaveByCategory(NEWS).map((n) => ({
    ...n,
    title: fill(n.title, season),
    excerpt: fill(n.excerpt, season),
    content: fill(n.content, season),
  }));
  const existingNews = new Set<string>(
    (
      await trx('news')
        .whereIn(
          'title',
          newsTemplates.map((n) => n.title),
        )
        .select('title')
    ).map((n: { title: string }) => n.title),
  );
  const news = newsTemplates
    .map((n, k) => ({
      ...n,
      // Newest first in the interleaved order, so the home page's 4 latest show every category.
      published_at: new Date(now.getTime() - (k * 3 + 1) * DAY_MS - rng.int(0, 20 * 60) * MINUTE_MS),
      image: {
        category_id: n.category_id,
        label: NEWS_CATEGORIES[n.category_id].label,
        product: season.product_name,
        // Decoration anywhere: the words sit on it, in the middle (newsImageLabels).
        shapes: Array.from({ length: 5 }, () => ({ x: rng.int(120, 1080), y: rng.int(150, 470), r: rng.int(40, 160) })),
        angle: rng.int(-40, 40),
      } satisfies NewsImagePlan,
    }))
    .filter((n) => !existingNews.has(n.title));

  const existingThreads = new Set<string>(
    (
      await trx('forum_threads')
        .whereIn(
          'title',
          threadTitles(season, threadCount).map((t) => t.title),
        )
        .select('title')
    ).map((t: { title: string }) => t.title),
  );
  const playerIndexes = people.map((_, index) => index).filter((index) => index >= 2);
  const threads = planThreads(rng, now, season, people, adminIndex, playerIndexes, threadCount, existingThreads);
  for (const thread of threads) for (const post of thread.posts) people[post.author]!.posts++;

  const avatarOwners = people.filter((p) => p.avatar !== null);
  await mapLimit(avatarOwners, IMAGE_CONCURRENCY, async (p) => {
    const id = await storeAvatar(store, await renderAvatar(p.avatar!));
    storedAvatars.push(id);
    p.row.avatar_hash = id;
  });
  const newsImages = await mapLimit(news, IMAGE_CONCURRENCY, async (n) => {
    const id = await storeNewsImage(store, await renderNewsImage(n.image));
    storedNews.push(id);
    return id;
  });

  const userRows = people.map((p) => ({
    ...p.row,
    avatar_hash: p.row.avatar_hash ?? null,
    elo: p.elo,
    games_played: p.games,
    wins: p.wins,
    losses: p.losses,
    ties: p.ties,
    scored_goals: p.scored,
    conceded_goals: p.conceded,
    forum_post_count: p.posts,
  }));
  for (let i = 0; i < userRows.length; i += INSERT_CHUNK) {
    await trx('users').insert(userRows.slice(i, i + INSERT_CHUNK));
  }
  const idByUsername = new Map<string, number>();
  const usernames = people.map((p) => p.row.username);
  for (let i = 0; i < usernames.length; i += INSERT_CHUNK) {
    const rows: { id: number; username: string }[] = await trx('users')
      .whereIn('username', usernames.slice(i, i + INSERT_CHUNK))
      .select('id', 'username');
    for (const row of rows) idByUsername.set(row.username.toLowerCase(), row.id);
  }
  const ids = people.map((p) => idByUsername.get(p.row.username.toLowerCase())!);
  const idAt = (index: number): number => {
    const id = ids[index];
    if (id === undefined) throw new Error(`No demo player at index ${index}`);
    return id;
  };

  // Inserted in the order they became final, so (final_at, id) is the replay order.
  const gameRows = games.map((g) => ({
    season_id: season.id,
    user_1_id: idAt(g.user_1),
    user_2_id: idAt(g.user_2),
    score_1: g.score_1,
    score_2: g.score_2,
    state: 'final' as const,
    submitted_user_id: idAt(g.submitted_by === 1 ? g.user_1 : g.user_2),
    confirmed_user_id: idAt(g.submitted_by === 1 ? g.user_2 : g.user_1),
    submitted_at: g.submitted_at,
    final_at: g.final_at,
    week_start: g.week_start,
    elo_1_before: g.elo_1_before,
    elo_2_before: g.elo_2_before,
    elo_1_after: g.elo_1_after,
    elo_2_after: g.elo_2_after,
    created_at: g.created_at,
  }));
  for (let i = 0; i < gameRows.length; i += INSERT_CHUNK) {
    await trx('games').insert(gameRows.slice(i, i + INSERT_CHUNK));
  }

  if (news.length > 0) {
    await trx('news').insert(
      news.map((n, k) => ({
        title: n.title,
        excerpt: n.excerpt,
        content: n.content,
        image_hash: newsImages[k],
        category_id: n.category_id,
        publisher_user_id: idAt(adminIndex),
        published: true,
        published_at: n.published_at,
        created_at: n.published_at,
        updated_at: n.published_at,
      })),
    );
  }

  const postRows: NewRow<'forum_posts'>[] = [];
  const threadsPerCategory = new Map<number, number>();
  for (const thread of threads) {
    const first = thread.posts[0]!;
    const last = thread.posts[thread.posts.length - 1]!;
    const [threadId] = await trx('forum_threads').insert({
      category_id: thread.category_id,
      user_id: idAt(first.author),
      title: thread.title,
      reply_count: thread.posts.length - 1,
      created_at: first.at,
      last_post_at: last.at,
    });
    for (const post of thread.posts) {
      postRows.push({ thread_id: threadId!, user_id: idAt(post.author), message: post.message, created_at: post.at });
    }
    threadsPerCategory.set(thread.category_id, (threadsPerCategory.get(thread.category_id) ?? 0) + 1);
  }
  for (let i = 0; i < postRows.length; i += INSERT_CHUNK) {
    await trx('forum_posts').insert(postRows.slice(i, i + INSERT_CHUNK));
  }
  for (const [categoryId, added] of threadsPerCategory) {
    await trx('forum_categories').where({ id: categoryId }).increment('thread_count', added);
  }

  return {
    users: people.length,
    players: people.length - 2,
    avatars: storedAvatars.length,
    games: games.length,
    news: news.length,
    forum_threads: threads.length,
    forum_posts: postRows.length,
  };
}
