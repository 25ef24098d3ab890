/**
 * Demo data for a fresh installation (decisions §4: the demo seed makes the product usable at once): two accounts
 * with documented passwords, about 200 players with finished games so that the ranking looks alive, news articles
 * with images, and forum threads.
 *
 * Deterministic for one `seed` and `now`: every choice comes from a seeded PRNG, never Math.random. Only image
 * ids and password salts are random, as everywhere else.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import {
  COUNTRIES,
  ALL_PERMISSIONS,
  CONSOLE_PLAYSTATION,
  ELO_START,
  NEWS_CATEGORIES,
  PSN_ID_MIN,
  ageOn,
  gamerTagError,
  isMinorOn,
  isWindowOpen,
  localParts,
  rateGame,
  seasonFinalYear,
  usernameError,
  weekStart,
  type BirthDate,
  type NewsCategoryId,
} from '@ecup/domain';
import { hashPassword } from '../security/passwords.ts';
import { removeAvatar, removeWithThumbnail, storeAvatar, storeNewsImage, type ImageStore } from '../storage/images.ts';
import { TEAMS } from '../../seeds/teams.ts';
import { findActiveSeason, withSeedLock, type SeedSeason } from './base.ts';

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

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const DEFAULT_PLAYERS = 200;
const DEFAULT_GAMES_PER_PLAYER = 12;
const DEFAULT_FORUM_THREADS = 24;
const DEFAULT_SEED = 2020;
/** Games of the demo account, so that its profile and the result screens have something to show. */
const DEMO_PLAYER_GAMES = 6;
/** Games are spread over the last 14 days of the season. */
const GAMES_PERIOD_MS = 14 * DAY_MS;
const MAX_GOALS = 7;
const INSERT_CHUNK = 250;
const IMAGE_CONCURRENCY = 8;
/** Relative chance of a game starting in each local hour (0-23): evenings are busiest, nights quiet. */
const HOUR_WEIGHTS = [
  0.1, 0.05, 0.02, 0.02, 0.02, 0.05, 0.1, 0.2, 0.3, 0.3, 0.35, 0.4, 0.5, 0.5, 0.6, 0.8, 0.9, 1, 1, 1, 1, 0.9, 0.6, 0.3,
];

// --- The seed ---

const ZERO: SeedDemoSummary = { users: 0, players: 0, avatars: 0, games: 0, news: 0, forum_threads: 0, forum_posts: 0 };

/**
 * Seeds the demo (decisions §4): the two DEMO_ACCOUNTS (an admin with every permission flag, spec §6, and a plain
 * PlayStation player), `players` demo players aged 13 to 24 from many countries (a third with an avatar), about
 * `gamesPerPlayer` finished games each over the last 14 days, rated in order with the domain's Elo (decisions §6),
 * 3 news articles per category label (spec §1) with generated images, and forum threads whose counters
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
  const season = await findActiveSeason(trx);
  if (!season) throw new Error('seedDemo needs an active season: run seedBase first');
  const [{ categories }] = (await trx('forum_categories').count({ categories: '*' })) as [{ categories: number }];
  if (Number(categories) === 0) throw new Error('seedDemo needs the forum categories: run seedBase first');

  // Usernames and e-mail addresses already in use (someone may have signed up before the demo was seeded).
  const taken = new Set<string>();
  for (const u of (await trx('users').select('username', 'email')) as { username: string; email: string }[]) {
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

  // Inserted in the order they became final, so (final_at, id) is the replay order.
  const gameRows = games.map((g) => ({
    season_id: season.id,
    user_1_id: ids[g.user_1],
    user_2_id: ids[g.user_2],
    score_1: g.score_1,
    score_2: g.score_2,
    state: 'final',
    submitted_user_id: ids[g.submitted_by === 1 ? g.user_1 : g.user_2],
    confirmed_user_id: ids[g.submitted_by === 1 ? g.user_2 : g.user_1],
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
        publisher_user_id: ids[adminIndex],
        published: true,
        published_at: n.published_at,
        created_at: n.published_at,
        updated_at: n.published_at,
      })),
    );
  }

  const postRows: Record<string, unknown>[] = [];
  const threadsPerCategory = new Map<number, number>();
  for (const thread of threads) {
    const first = thread.posts[0]!;
    const last = thread.posts[thread.posts.length - 1]!;
    const [threadId] = await trx('forum_threads').insert({
      category_id: thread.category_id,
      user_id: ids[first.author],
      title: thread.title,
      reply_count: thread.posts.length - 1,
      created_at: first.at,
      last_post_at: last.at,
    });
    for (const post of thread.posts) {
      postRows.push({ thread_id: threadId, user_id: ids[post.author], message: post.message, created_at: post.at });
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

// --- Deterministic randomness ---

/** mulberry32: a small, fast PRNG; good enough for demo data and reproducible from one 32-bit seed. */
class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** An index chosen with probability proportional to its weight. */
  weightedIndex(weights: readonly number[]): number {
    const total = weights.reduce((sum, w) => sum + w, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** Poisson-distributed count (Knuth), used for goals. */
  poisson(lambda: number): number {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }
}

// --- Helpers ---

const LETTER_FOLDS: Record<string, string> = {
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'Ae',
  ß: 'ss',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  œ: 'oe',
};

/** A name reduced to A-Z, a-z and 0-9 (usernames and gamer tags allow no accents). */
function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\u0020-\u007e]/g, (ch) => LETTER_FOLDS[ch] ?? '')
    .replace(/[^A-Za-z0-9]/g, '');
}

function names(list: string): string[] {
  return list.split(' ').map((name) => name.replace(/_/g, ' '));
}

/**
 * The season's own words in a demo text: `{product}`, `{max_games}` and `{final_month}` (the July of this season's
 * final, e.g. 'July 2027'), so the demo always speaks of the current season.
 */
function fill(text: string, season: SeedSeason): string {
  return text
    .replace(/\{product\}/g, season.product_name)
    .replace(/\{max_games\}/g, String(season.max_games_per_week))
    .replace(/\{final_month\}/g, `July ${seasonFinalYear(season.qualifiers_end)}`);
}

/** Whole seconds, for the DATETIME columns without fractions. */
function toSecond(ms: number): Date {
  return new Date(Math.floor(ms / 1000) * 1000);
}

function isoDate(birth: BirthDate): string {
  return `${birth.year}-${String(birth.month).padStart(2, '0')}-${String(birth.day).padStart(2, '0')}`;
}

/** Categories taken in turn (0, 1, 2, 3, 0, 1, …), so any prefix of the list covers every category. */
function interleaveByCategory<T extends { category_id: number }>(items: readonly T[]): T[] {
  const byCategory = new Map<number, T[]>();
  for (const item of items) byCategory.set(item.category_id, [...(byCategory.get(item.category_id) ?? []), item]);
  const queues = [...byCategory.entries()].sort(([a], [b]) => a - b).map(([, list]) => list);
  const out: T[] = [];
  for (let round = 0; out.length < items.length; round++) {
    for (const queue of queues) if (queue[round]) out.push(queue[round]!);
  }
  return out;
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** Runs `task` over `items` with at most `limit` at a time, keeping the order of the results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

// --- Images (decisions §9: stored as JPEG through the ImageStore) ---

interface AvatarPlan {
  initials: string;
  hue: number;
  /** A lighter circle behind the initials, so two players with the same initials still look different. */
  circle: { x: number; y: number; r: number };
}

async function renderAvatar(plan: AvatarPlan): Promise<Buffer> {
  const size = 512;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<rect width="${size}" height="${size}" fill="${hslToHex(plan.hue, 0.55, 0.42)}"/>
<circle cx="${plan.circle.x}" cy="${plan.circle.y}" r="${plan.circle.r}" fill="${hslToHex((plan.hue + 40) % 360, 0.6, 0.6)}" opacity="0.45"/>
<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="200" fill="#ffffff">${plan.initials}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

export interface NewsImagePlan {
  category_id: NewsCategoryId;
  label: string;
  product: string;
  /** Positions and sizes of the decorative shapes, from the PRNG. */
  shapes: { x: number; y: number; r: number }[];
  angle: number;
}

/**
 * Where a news image's words may go: the middle 480×270 of the 1200×630 banner. A card on a phone shows about the
 * middle square of the thumbnail, and the article page writes its title over the lower part of the picture, so
 * words anywhere else are cut or sit under the title (issue 16).
 */
export const NEWS_IMAGE_TEXT_BOX = { left: 360, top: 180, right: 840, bottom: 450 } as const;
const NEWS_IMAGE_TEXT_WIDTH = NEWS_IMAGE_TEXT_BOX.right - NEWS_IMAGE_TEXT_BOX.left - 40;

/** The largest size up to `max` at which `text` fits the text box's width (bold capitals are about 0.75 em wide). */
function fittedFontSize(text: string, max: number, emPerChar: number): number {
  return Math.min(max, Math.floor(NEWS_IMAGE_TEXT_WIDTH / (Math.max(text.length, 1) * emPerChar)));
}

/**
 * The product name and the category label of a news image, centred in {@link NEWS_IMAGE_TEXT_BOX} above
 * the article title's line (NEWS_IMAGE_TITLE_TOP of the domain), each made smaller when it is long.
 */
export function newsImageLabels(plan: Pick<NewsImagePlan, 'category_id' | 'label' | 'product'>): string {
  const { accent } = NEWS_COLOURS[plan.category_id];
  const label = plan.label.toUpperCase();
  const font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" text-anchor="middle"';
  return [
    `<text x="600" y="236" ${font} font-size="${fittedFontSize(plan.product, 36, 0.62)}" fill="${accent}" opacity="0.9">${escapeXml(plan.product)}</text>`,
    `<text x="600" y="316" ${font} font-weight="bold" font-size="${fittedFontSize(label, 56, 0.75)}" fill="${accent}">${escapeXml(label)}</text>`,
  ].join('\n');
}

/** The ball's row on the pitch picture: above or below the band the words are written in, never on them. */
function ballRow(y: number): number {
  return y < 315 ? Math.min(y, 150) : Math.max(y, 380);
}

/** A 1200×630 banner in the category's colour: pitch markings, trophies' rings, bands or bubbles, and its words. */
export async function renderNewsImage(plan: NewsImagePlan): Promise<Buffer> {
  const { base, light, accent } = NEWS_COLOURS[plan.category_id];
  const width = 1200;
  const height = 630;
  let decoration: string;
  switch (plan.category_id) {
    case 0: {
      const stripes = Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0 ? `<rect x="${i * 200}" y="0" width="200" height="${height}" fill="#ffffff" opacity="0.06"/>` : '',
      ).join('');
      decoration = `${stripes}
<g fill="none" stroke="#ffffff" stroke-width="6" opacity="0.55">
<rect x="40" y="40" width="1120" height="550"/>
<line x1="600" y1="40" x2="600" y2="590"/>
<circle cx="600" cy="315" r="95"/>
<rect x="40" y="165" width="170" height="300"/>
<rect x="990" y="165" width="170" height="300"/>
</g>
<circle cx="${plan.shapes[0]!.x}" cy="${ballRow(plan.shapes[0]!.y)}" r="22" fill="#ffffff"/>`;
      break;
    }
    case 1:
      decoration = plan.shapes
        .map(
          (s) =>
            `<circle cx="${s.x}" cy="${s.y}" r="${s.r}" fill="none" stroke="${accent}" stroke-width="10" opacity="0.35"/><circle cx="${s.x}" cy="${s.y}" r="${Math.round(s.r / 3)}" fill="${accent}" opacity="0.3"/>`,
        )
        .join('');
      break;
    case 2:
      decoration = `<g transform="rotate(${plan.angle} 600 315)" opacity="0.25">${Array.from(
        { length: 7 },
        (_, i) => `<rect x="${-400 + i * 300}" y="-400" width="90" height="1400" fill="${light}"/>`,
      ).join('')}</g>${plan.shapes
        .map((s) => `<circle cx="${s.x}" cy="${s.y}" r="${Math.round(s.r / 4)}" fill="${accent}" opacity="0.8"/>`)
        .join('')}`;
      break;
    default:
      decoration = `<path d="M0 ${430 + plan.angle} C 300 ${330 - plan.angle}, 700 ${560 + plan.angle}, 1200 ${400 - plan.angle} L 1200 630 L 0 630 Z" fill="#ffffff" opacity="0.14"/>${plan.shapes
        .map((s) => `<circle cx="${s.x}" cy="${s.y}" r="${Math.round(s.r / 2)}" fill="#ffffff" opacity="0.18"/>`)
        .join('')}`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${base}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
${decoration}
${newsImageLabels(plan)}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// --- Planning (everything is decided in memory first, then written in a few batched inserts) ---

interface Participant {
  row: Record<string, unknown> & { username: string; email: string; created_at: Date };
  avatar: AvatarPlan | null;
  created: number;
  /** Hidden strength that makes some players win more, so the ranking spreads out. */
  skill: number;
  /** How many games this player should end up with (the pairing prefers players below it). */
  target: number;
  elo: number;
  games: number;
  wins: number;
  losses: number;
  ties: number;
  scored: number;
  conceded: number;
  posts: number;
  busyUntil: number;
  lastOpponent: number;
  weekGames: Map<number, number>;
}

interface PlannedGame {
  user_1: number;
  user_2: number;
  score_1: number;
  score_2: number;
  submitted_by: 1 | 2;
  created_at: Date;
  submitted_at: Date;
  final_at: Date;
  week_start: Date;
  elo_1_before: number;
  elo_2_before: number;
  elo_1_after: number;
  elo_2_after: number;
}

interface PlannedThread {
  category_id: number;
  title: string;
  posts: { author: number; message: string; at: Date }[];
}

function newParticipant(
  row: Participant['row'],
  avatar: AvatarPlan | null,
  skill: number,
  target: number,
): Participant {
  return {
    row,
    avatar,
    created: row.created_at.getTime(),
    skill,
    target,
    elo: ELO_START,
    games: 0,
    wins: 0,
    losses: 0,
    ties: 0,
    scored: 0,
    conceded: 0,
    posts: 0,
    busyUntil: 0,
    lastOpponent: -1,
    weekGames: new Map(),
  };
}

const countryIds = new Map(COUNTRIES.map((c) => [c.code, c.id]));
function countryId(code: string): number {
  const id = countryIds.get(code);
  if (id === undefined) throw new Error(`domain/src/countries.ts has no country ${code}`);
  return id;
}

const IRL_TEAMS = TEAMS.filter((t) => t.is_irl).map((t) => t.name);
const FIFA_TEAMS = TEAMS.filter((t) => t.is_fifa).map((t) => t.name);
const GRASSROOTS_TEAMS = TEAMS.filter((t) => t.is_irl && !t.is_fifa).map((t) => t.name);

/** A birth date that makes the player 13 to 24 years old on `now` (ageOn is the sign-up rule's own age). */
function youthBirthDate(rng: Prng, now: Date): BirthDate {
  const y = now.getUTCFullYear();
  const latest = Date.UTC(y - 13, now.getUTCMonth(), now.getUTCDate());
  const earliest = Date.UTC(y - 25, now.getUTCMonth(), now.getUTCDate()) + DAY_MS;
  for (let attempt = 0; attempt < 20; attempt++) {
    const d = new Date(earliest + rng.int(0, Math.floor((latest - earliest) / DAY_MS)) * DAY_MS);
    const birth = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
    const age = ageOn(birth, now);
    if (age >= 13 && age <= 24) return birth;
  }
  throw new Error('could not draw a birth date for a 13-24 year old');
}

function usernameFor(rng: Prng, first: string, last: string, birthYear: number, taken: Set<string>): string {
  const f = ascii(first) || 'Player';
  const l = ascii(last) || 'One';
  const two = () => String(rng.int(1, 99)).padStart(2, '0');
  const patterns = [
    () => `${f}${l.slice(0, 1)}${two()}`,
    () => `${f.toLowerCase()}_${l.toLowerCase()}`,
    () => `${f}${l}`,
    () => `${l.toLowerCase()}${two()}`,
    () => `${f}${rng.pick(USERNAME_SUFFIXES)}`,
    () => `${f.slice(0, 1).toLowerCase()}${l.toLowerCase()}`,
    () => `${f.toLowerCase()}${String(birthYear).slice(2)}`,
    () => `${l}_${f.slice(0, 1)}`,
  ];
  for (let attempt = 0; attempt < 40; attempt++) {
    const candidate = rng.pick(patterns)().slice(0, 15).replace(/_+$/, '');
    if (usernameError(candidate) === null && !taken.has(candidate.toLowerCase())) return candidate;
  }
  for (let n = 100; ; n++) {
    const candidate = `${f.slice(0, 12)}${n}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

function gamerTagFor(rng: Prng, first: string, last: string): string {
  const f = ascii(first) || 'Player';
  const l = ascii(last) || 'One';
  const patterns = [
    () => `${f}_${l}`,
    () => `${f}-${l}${rng.int(1, 99)}`,
    () => `${rng.pick(GAMER_TAG_WORDS)}${f}`,
    () => `${f} ${l}`,
    () => `${l}${f.slice(0, 1)}_FIFA`,
    () => `${rng.pick(GAMER_TAG_WORDS)}-${l}`,
    () => `${f}${l}${rng.int(1, 9)}`,
  ];
  for (let attempt = 0; attempt < 10; attempt++) {
    const tag = rng.pick(patterns)().slice(0, 25).trim();
    if (gamerTagError(tag, CONSOLE_PLAYSTATION, PSN_ID_MIN) === null) return tag;
  }
  return `${f.slice(0, 20)}-PSN`;
}

function fifaTeam(rng: Prng): string {
  return rng.chance(0.55) ? rng.pick(POPULAR_FIFA_TEAMS) : rng.pick(FIFA_TEAMS);
}

function avatarPlan(rng: Prng, first: string, last: string): AvatarPlan {
  const initials = `${ascii(first).slice(0, 1)}${ascii(last).slice(0, 1)}`.toUpperCase() || 'E';
  return { initials, hue: rng.int(0, 359), circle: { x: rng.int(60, 450), y: rng.int(60, 450), r: rng.int(90, 220) } };
}

function planPlayers(
  rng: Prng,
  now: Date,
  count: number,
  gamesPerPlayer: number,
  passwordHash: string,
  taken: Set<string>,
) {
  const pools = NAME_POOLS.map((pool) => ({ ...pool, firsts: names(pool.first), lasts: names(pool.last) }));
  const weights = pools.map((pool) => pool.weight);
  const players: Participant[] = [];
  for (let i = 0; i < count; i++) {
    const pool = pools[rng.weightedIndex(weights)]!;
    const first_name = rng.pick(pool.firsts);
    const last_name = rng.pick(pool.lasts);
    const birth = youthBirthDate(rng, now);
    const username = usernameFor(rng, first_name, last_name, birth.year, taken);
    taken.add(username.toLowerCase());
    // Most signed up before the period of the demo games, a few during it (they join the games later).
    const created = rng.chance(0.9)
      ? now.getTime() - rng.int(16 * 24, 60 * 24) * HOUR_MS - rng.int(0, 59) * MINUTE_MS
      : now.getTime() - rng.int(24, 13 * 24) * HOUR_MS - rng.int(0, 59) * MINUTE_MS;
    const minor = isMinorOn(birth, now);
    const row = {
      username,
      first_name,
      last_name,
      email: `${username.toLowerCase()}@example.com`,
      password_hash: passwordHash,
      permissions: 0,
      console: CONSOLE_PLAYSTATION,
      gamer_tag: gamerTagFor(rng, first_name, last_name),
      country_id: countryId(pool.code),
      birth_date: isoDate(birth),
      team_name: rng.chance(pool.code === 'se' ? 0.6 : 0.15) ? rng.pick(GRASSROOTS_TEAMS) : rng.pick(IRL_TEAMS),
      fifa_team_name: fifaTeam(rng),
      guardian_email: minor ? `guardian.${username.toLowerCase()}@example.com` : null,
      guardian_confirmed_at: minor && rng.chance(0.5) ? toSecond(created + rng.int(1, 48) * HOUR_MS) : null,
      terms_accepted_at: toSecond(created),
      created_at: new Date(created),
      updated_at: now,
    };
    const avatar = rng.chance(1 / 3) ? avatarPlan(rng, first_name, last_name) : null;
    // A skill between roughly -1 and 1, most players near the middle; targets vary from half to 1.5 times the mean.
    const skill = (rng.next() + rng.next() + rng.next()) / 1.5 - 1;
    const target = Math.max(1, Math.round(gamesPerPlayer * (0.5 + rng.next())));
    players.push(newParticipant(row, avatar, skill, target));
  }
  return players;
}

/**
 * Finished games in the order they became final, each rated incrementally with the domain's rateGame (decisions
 * §6), so that replaying every final game in order gives exactly the stored ratings. Pairs are drawn among players
 * who are free (signed up, not in another game, under the weekly cap, inside the season's window) and, like the
 * matchmaking, prefer a close Elo.
 */
function planGames(rng: Prng, now: Date, season: SeedSeason, people: Participant[], total: number): PlannedGame[] {
  const to = now.getTime() - 20 * MINUTE_MS;
  const from = Math.max(to - GAMES_PERIOD_MS, season.qualifiers_start.getTime() + HOUR_MS);
  if (from >= to) return [];
  const slots: number[] = [];
  for (let attempt = 0; slots.length < total && attempt < total * 60; attempt++) {
    const t = from + Math.floor(rng.next() * (to - from));
    if (!rng.chance(HOUR_WEIGHTS[localParts(t, season.time_zone).hour] ?? 0.5)) continue;
    slots.push(t);
  }
  slots.sort((a, b) => a - b);

  const games: PlannedGame[] = [];
  const candidates = people.map((_, index) => index).filter((index) => people[index]!.target > 0);
  for (const finalAt of slots) {
    const verifyDelay = rng.int(20, 240) * 1000;
    const submitDelay = rng.int(30, 300) * 1000;
    const submitted = finalAt - verifyDelay;
    const created = submitted - 12 * MINUTE_MS - submitDelay;
    if (!isWindowOpen(season, new Date(created))) continue;
    const week = weekStart(new Date(created), season.time_zone);
    const free = candidates.filter((index) => {
      const p = people[index]!;
      return (
        p.created < created - HOUR_MS &&
        p.busyUntil <= created &&
        (p.weekGames.get(week.getTime()) ?? 0) < season.max_games_per_week
      );
    });
    if (free.length < 2) continue;
    const weightOf = (index: number) => Math.max(0, people[index]!.target - people[index]!.games) + 0.15;
    const a = free[rng.weightedIndex(free.map(weightOf))]!;
    const others = free.filter((index) => index !== a && (index !== people[a]!.lastOpponent || free.length <= 2));
    if (others.length === 0) continue;
    let b = others[rng.weightedIndex(others.map(weightOf))]!;
    for (let k = 0; k < 4; k++) {
      const c = others[rng.weightedIndex(others.map(weightOf))]!;
      if (Math.abs(people[c]!.elo - people[a]!.elo) < Math.abs(people[b]!.elo - people[a]!.elo)) b = c;
    }
    const [i1, i2] = rng.chance(0.5) ? [a, b] : [b, a];
    const p1 = people[i1]!;
    const p2 = people[i2]!;
    const lambda = (edge: number) => Math.min(4.5, Math.max(0.3, 1.6 + 1.1 * edge));
    const score_1 = Math.min(MAX_GOALS, rng.poisson(lambda(p1.skill - p2.skill)));
    const score_2 = Math.min(MAX_GOALS, rng.poisson(lambda(p2.skill - p1.skill)));
    const rated = rateGame({ elo_1: p1.elo, games_1: p1.games, elo_2: p2.elo, games_2: p2.games, score_1, score_2 });
    games.push({
      user_1: i1,
      user_2: i2,
      score_1,
      score_2,
      submitted_by: rng.chance(0.5) ? 1 : 2,
      created_at: new Date(created),
      submitted_at: new Date(submitted),
      final_at: new Date(finalAt),
      week_start: week,
      elo_1_before: p1.elo,
      elo_2_before: p2.elo,
      elo_1_after: rated.elo_1,
      elo_2_after: rated.elo_2,
    });
    for (const [p, own, other, opponent, elo] of [
      [p1, score_1, score_2, i2, rated.elo_1],
      [p2, score_2, score_1, i1, rated.elo_2],
    ] as const) {
      p.elo = elo;
      p.games++;
      p.scored += own;
      p.conceded += other;
      if (own > other) p.wins++;
      else if (own < other) p.losses++;
      else p.ties++;
      p.busyUntil = finalAt;
      p.lastOpponent = opponent;
      p.weekGames.set(week.getTime(), (p.weekGames.get(week.getTime()) ?? 0) + 1);
    }
  }
  return games;
}

/**
 * The first `count` thread templates, categories in turn; past the written templates they repeat as "(2)", "(3)".
 */
function threadTitles(season: SeedSeason, count: number): { template: ThreadTemplate; title: string }[] {
  const templates = interleaveByCategory(THREADS);
  return Array.from({ length: count }, (_, i) => {
    const template = templates[i % templates.length]!;
    const round = Math.floor(i / templates.length);
    return { template, title: fill(round === 0 ? template.title : `${template.title} (${round + 1})`, season) };
  });
}

/** Threads with posts in time order; authors are players who had signed up by then, or the admin. */
function planThreads(
  rng: Prng,
  now: Date,
  season: SeedSeason,
  people: Participant[],
  adminIndex: number,
  playerIndexes: number[],
  count: number,
  existingTitles: Set<string>,
): PlannedThread[] {
  const threads: PlannedThread[] = [];
  for (const { template, title } of threadTitles(season, count)) {
    if (existingTitles.has(title)) continue;
    const start = now.getTime() - rng.int(3 * 60, 26 * 24 * 60) * MINUTE_MS;
    // Gaps of minutes to hours between posts, squeezed to end before `now`.
    const gaps = template.posts.map((_, k) => (k === 0 ? 0 : rng.int(4, 14 * 60) * MINUTE_MS));
    const span = gaps.reduce((sum, gap) => sum + gap, 0);
    const room = now.getTime() - 5 * MINUTE_MS - start;
    const scale = span > room ? room / span : 1;
    const authorsBy = (at: number) => playerIndexes.filter((index) => people[index]!.created < at);
    const openingAt = start;
    const [firstRole] = template.posts[0]!;
    const openers = authorsBy(openingAt);
    const op = firstRole === 'admin' || openers.length === 0 ? adminIndex : rng.pick(openers);
    let at = start;
    let previous = -1;
    const posts = template.posts.map(([role, message], k) => {
      at += Math.floor(gaps[k]! * scale);
      let author: number;
      if (role === 'op') author = op;
      else if (role === 'admin') author = adminIndex;
      else {
        const pool = authorsBy(at).filter((index) => index !== op && index !== previous);
        author = pool.length > 0 ? rng.pick(pool) : adminIndex;
      }
      previous = author;
      return { author, message: fill(message, season), at: new Date(at) };
    });
    threads.push({ category_id: template.category_id, title, posts });
  }
  return threads;
}

// --- Demo players: names by country (most players are Nordic, as at Gothia Cup, but from many countries) ---

interface NamePool {
  /** ISO 3166-1 alpha-2 code, lower case, as in domain/src/countries.ts. */
  code: string;
  /** Relative share of demo players from this country. */
  weight: number;
  /** Space-separated names; '_' stands for a space inside one name ("van_den_Berg"). */
  first: string;
  last: string;
}

const NAME_POOLS: readonly NamePool[] = [
  {
    code: 'se',
    weight: 30,
    first:
      'Erik Lucas Liam William Elias Noah Hugo Oliver Oscar Adam Felix Viktor Isak Leo Albin Hampus Melvin Vincent Ella Alice Maja Elsa Ebba Wilma Saga Alva Olivia Astrid Linnea Moa Tilde Nora Selma Ida',
    last: 'Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson Jonsson Hansson Bengtsson Lindberg Lindqvist Lindström Bergström Lundgren Holm Sjöberg Nyberg Ekström Wallin Sandberg Forsberg Axelsson Åkesson Öberg Hedlund',
  },
  {
    code: 'no',
    weight: 8,
    first: 'Jakob Emil Filip Magnus Sander Henrik Mathias Jonas Nora Emma Ingrid Sofie Thea Sigrid Marte Jenny',
    last: 'Hansen Johansen Olsen Larsen Andersen Pedersen Nilsen Kristiansen Jensen Berg Haugen Hagen Johannessen Bakken Solberg Dahl',
  },
  {
    code: 'dk',
    weight: 6,
    first: 'Mads Rasmus Frederik Mikkel Malthe Oliver Anders Christian Freja Clara Karla Laura Mathilde Josefine',
    last: 'Jensen Nielsen Hansen Pedersen Andersen Christensen Larsen Sørensen Rasmussen Jørgensen Madsen Kristensen Møller Poulsen',
  },
  {
    code: 'fi',
    weight: 5,
    first: 'Eino Väinö Onni Leevi Aleksi Juho Veeti Aino Eevi Helmi Venla Emilia Siiri',
    last: 'Korhonen Virtanen Mäkinen Nieminen Mäkelä Hämäläinen Laine Heikkinen Koskinen Järvinen Lehtonen Salminen',
  },
  {
    code: 'is',
    weight: 2,
    first: 'Aron Gylfi Jón Birkir Hannes Sara Dagný Glódís Katrín',
    last: 'Gunnarsson Sigurðsson Jónsson Magnússon Halldórsson Ólafsson Stefánsdóttir Jónsdóttir Viggósdóttir',
  },
  {
    code: 'de',
    weight: 6,
    first: 'Leon Luca Finn Paul Jonas Ben Maximilian Niklas Lena Hannah Lea Marie Sophie Lina',
    last: 'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Wolf Schäfer',
  },
  {
    code: 'gb',
    weight: 5,
    first: 'Harry Jack George Charlie Jacob Alfie Thomas Joshua Amelia Isla Ava Emily Poppy Grace',
    last: 'Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker Hughes',
  },
  {
    code: 'nl',
    weight: 3,
    first: 'Daan Sem Lucas Milan Bram Thijs Jesse Sanne Fenna Tess Lotte Julia',
    last: 'de_Jong Jansen de_Vries van_den_Berg van_Dijk Bakker Visser Smit Meijer de Boer Mulder Bos',
  },
  {
    code: 'es',
    weight: 3,
    first: 'Hugo Martín Pablo Álvaro Alejandro Daniel Adrián Lucía Paula Martina Carla Sara',
    last: 'García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Ruiz Díaz Moreno',
  },
  {
    code: 'it',
    weight: 3,
    first: 'Francesco Alessandro Lorenzo Mattia Andrea Gabriele Tommaso Giulia Sofia Aurora Chiara Alice',
    last: 'Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo',
  },
  {
    code: 'fr',
    weight: 3,
    first: 'Lucas Hugo Louis Gabriel Arthur Jules Nathan Emma Jade Louise Chloé Inès',
    last: 'Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent',
  },
  {
    code: 'pt',
    weight: 2,
    first: 'João Rodrigo Tiago Diogo Afonso Rafael Beatriz Matilde Leonor Inês',
    last: 'Silva Santos Ferreira Pereira Oliveira Costa Rodrigues Martins Sousa Fernandes',
  },
  {
    code: 'pl',
    weight: 3,
    first: 'Jakub Kacper Szymon Filip Bartosz Mateusz Zuzanna Julia Maja Hanna',
    last: 'Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak',
  },
  {
    code: 'hr',
    weight: 2,
    first: 'Luka Ivan Marko Josip Ante Petra Ana Lucija Ema',
    last: 'Horvat Kovačević Babić Marić Jurić Novak Kovačić Knežević Vuković',
  },
  {
    code: 'rs',
    weight: 1,
    first: 'Nikola Stefan Lazar Dušan Milica Jovana Teodora',
    last: 'Jovanović Petrović Nikolić Marković Đorđević Stojanović Ilić',
  },
  {
    code: 'gr',
    weight: 1,
    first: 'Giorgos Dimitris Konstantinos Nikos Eleni Maria Katerina',
    last: 'Papadopoulos Georgiou Dimitriou Nikolaou Konstantinou Ioannou Pappas',
  },
  {
    code: 'tr',
    weight: 2,
    first: 'Yusuf Emir Mehmet Ömer Arda Zeynep Elif Defne Ecem',
    last: 'Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın',
  },
  {
    code: 'br',
    weight: 3,
    first: 'Miguel Arthur Davi Gabriel Heitor Enzo Alice Laura Helena Valentina Manuela',
    last: 'Silva Santos Oliveira Souza Lima Pereira Ferreira Almeida Costa Ribeiro Carvalho',
  },
  {
    code: 'ar',
    weight: 2,
    first: 'Santiago Mateo Thiago Benjamín Joaquín Valentina Sofía Camila Martina',
    last: 'González Rodríguez Gómez Fernández López Díaz Martínez Pérez Romero',
  },
  {
    code: 'mx',
    weight: 1,
    first: 'Santiago Diego Emiliano Sebastián Ximena Regina Renata',
    last: 'Hernández García Martínez López González Ramírez Flores',
  },
  {
    code: 'us',
    weight: 2,
    first: 'Liam Mason Ethan Logan Tyler Madison Emma Abigail Harper',
    last: 'Miller Davis Anderson Moore Jackson White Harris Clark Lewis',
  },
  {
    code: 'ng',
    weight: 2,
    first: 'Chinedu Emeka Tobi Ayodele Oluwaseun Chiamaka Ngozi Adaeze Funmi',
    last: 'Okafor Adeyemi Okonkwo Eze Balogun Nwosu Adebayo Ogunleye Obi',
  },
  {
    code: 'gh',
    weight: 1,
    first: 'Kwame Kofi Yaw Kwabena Akosua Ama Abena',
    last: 'Mensah Owusu Boateng Asante Osei Appiah Agyemang',
  },
  {
    code: 'ma',
    weight: 1,
    first: 'Youssef Amine Hamza Ayoub Salma Imane Yasmine',
    last: 'El_Amrani Benali Alaoui Idrissi Bennani Tazi Chraibi',
  },
  {
    code: 'eg',
    weight: 1,
    first: 'Omar Ahmed Mohamed Youssef Karim Nour Mariam Salma',
    last: 'Hassan Mahmoud Ibrahim Mostafa Salah Abdelrahman Fathy Saleh',
  },
  {
    code: 'jp',
    weight: 1,
    first: 'Haruto Sota Yuto Riku Hina Yui Sakura',
    last: 'Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto',
  },
  {
    code: 'kr',
    weight: 1,
    first: 'Minjun Seojun Jiho Dohyun Seoyeon Jiwoo Haeun',
    last: 'Kim Lee Park Choi Jung Kang Cho',
  },
  {
    code: 'ie',
    weight: 1,
    first: 'Conor Seán Oisín Cian Aoife Saoirse Niamh',
    last: 'Murphy Kelly Byrne Ryan O’Brien Walsh Doyle',
  },
  {
    code: 'be',
    weight: 1,
    first: 'Arthur Louis Noah Jules Olivia Emma Elena',
    last: 'Peeters Janssens Maes Jacobs Mertens Willems Claes',
  },
];

/** Team-name picks: most FIFA players choose one of the big clubs. */
const POPULAR_FIFA_TEAMS = [
  'Real Madrid',
  'FC Barcelona',
  'Liverpool',
  'Manchester City',
  'Paris Saint-Germain',
  'FC Bayern München',
  'Juventus',
  'Manchester United',
  'Chelsea',
  'Borussia Dortmund',
] as const;

const GAMER_TAG_WORDS = [
  'Striker',
  'Golden',
  'Nordic',
  'Turbo',
  'Silent',
  'Captain',
  'Rapid',
  'Magic',
  'Iron',
  'Viking',
];
const USERNAME_SUFFIXES = ['fc', '_fifa', '10', '9', '7', '_gg', '_ps4', '_yt', 'x', '_cf'];

// --- News (spec §2 news page; 3 articles for each of the 4 category labels of spec §1) ---

interface NewsTemplate {
  category_id: NewsCategoryId;
  title: string;
  excerpt: string;
  /** Simple HTML: <p>, <h2>, <ul>/<li>, <strong>, <a href="https://…">. Placeholders as {@link fill} reads them. */
  content: string;
}

const NEWS: readonly NewsTemplate[] = [
  {
    category_id: 0,
    title: 'The {product} final is coming to Gothia Cup in Gothenburg',
    excerpt:
      'The best players of the season will meet in Gothenburg in {final_month}, in the middle of the world’s biggest youth football tournament.',
    content: `<p>This season’s champion will not only be crowned online. The <strong>{product} final</strong> will be played on stage at <strong>Gothia Cup</strong> in Gothenburg in {final_month}, in front of thousands of young footballers from all over the world.</p>
<h2>Who gets to go?</h2>
<p>The top players of the qualifier ranking are invited to the finals. The winner takes home 36 000 FIFA points and the trip to Gothenburg.</p>
<ul>
<li>Play your qualifier games on PlayStation during the weekly window.</li>
<li>Keep your Elo high: the ranking decides who is invited.</li>
<li>Make sure your e-mail address in your settings is correct, so that we can reach you.</li>
</ul>
<p>Read more about the tournament itself at <a href="https://gothiacup.se">gothiacup.se</a>.</p>`,
  },
  {
    category_id: 0,
    title: 'Gothia Cup opens its doors to esports',
    excerpt:
      'For the first time the Gothia Cup week gets its own esports stage, and {product} players are the first to step onto it.',
    content: `<p>Gothia Cup has welcomed teams from more than 70 nations for decades. This year the football week in Gothenburg also makes room for the players who compete with a controller in their hands.</p>
<h2>A stage next to the pitches</h2>
<p>The {product} finalists will play their matches on a big screen with live commentary, a short walk from the pitches where the youth teams play their group games.</p>
<p>Many young footballers spend their evenings playing FIFA with their team mates, so bringing the pitch and the console together in one week was a natural step.</p>
<p>Opening hours and the full schedule for the week will be published here before the summer.</p>`,
  },
  {
    category_id: 0,
    title: 'Five things to do in Gothenburg during the final week',
    excerpt: 'Travelling to the final? Here is how to make the most of a week in Gothenburg when you are not playing.',
    content: `<p>The final only takes one evening, so there is plenty of time to see the city. Our Gothenburg-born staff picked their favourites.</p>
<h2>Our top five</h2>
<ul>
<li><strong>Liseberg</strong>, the amusement park right next to the event area.</li>
<li><strong>The archipelago</strong>: the trams and ferries take you out to the islands on one ticket.</li>
<li><strong>Slottsskogen</strong>, a huge park with a free zoo and plenty of room for a kickabout.</li>
<li><strong>Haga</strong>, for the famous giant cinnamon buns.</li>
<li><strong>Gothia Cup matches</strong>: watch future stars play for free at the pitches around the city.</li>
</ul>
<p>Plan your trip with the city’s own guide at <a href="https://www.goteborg.com/en">goteborg.com</a>.</p>`,
  },
  {
    category_id: 1,
    title: 'The Coca-Cola Trophy Hunt is open: 25 trophies every week',
    excerpt: 'Every Monday a new pool of 25 trophies opens, and three wins in a row make one of them yours.',
    content: `<p>Alongside the qualifiers, every week of the season has its own side competition: the <strong>Coca-Cola Trophy Hunt</strong>.</p>
<h2>How it works</h2>
<ul>
<li>Win a game and you take a trophy from this week’s pool of 25.</li>
<li>Win <strong>three games in a row</strong> while you hold it and the trophy is secured for good.</li>
<li>Lose while you hold a trophy and it passes to your opponent.</li>
<li>A draw does not count: you need another win.</li>
<li>An unsecured trophy stays active for two days before it goes back to the pool.</li>
</ul>
<p>The players who secure trophies each week win 12 000 FIFA points. You can win the trophy-hunt prize once per tournament, so a secured trophy is worth celebrating.</p>`,
  },
  {
    category_id: 1,
    title: 'Trophy hunt tips: how to hold on for three games',
    excerpt: 'Taking a trophy is the easy part; these five habits help you keep it until it is secured.',
    content: `<p>We looked at how last week’s hunters secured their trophies and asked a few of them for advice.</p>
<h2>Five habits of successful hunters</h2>
<ul>
<li><strong>Play your streak in one session.</strong> The trophy is active for two days, so do not wait too long.</li>
<li><strong>Warm up first.</strong> Play a friendly before you queue with a trophy on the line.</li>
<li><strong>Protect the lead.</strong> One goal up with ten minutes left? Keep the ball.</li>
<li><strong>Take breaks.</strong> Tired hands make mistakes in the last minutes.</li>
<li><strong>Report results straight away,</strong> so your next game can start.</li>
</ul>
<p>Share your own tips in the Trophy hunt forum, and good luck this week!</p>`,
  },
  {
    category_id: 1,
    title: 'Trophy hunters of the week secure their prizes',
    excerpt: 'Six players secured a trophy this week and each of them wins 12 000 FIFA points.',
    content: `<p>What a week! The pool emptied fast on Monday evening and by Friday <strong>six players</strong> had won three games in a row to secure their trophies.</p>
<h2>What happens next</h2>
<p>Every weekly winner gets an e-mail from us and has <strong>7 days</strong> to send the details we need to deliver the 12 000 FIFA points. Players under 18 need a parent or guardian to approve before a prize can be sent.</p>
<p>A new pool of 25 trophies opens on Monday at 00:00. See the current pool and the leaderboard on the trophy hunt page.</p>`,
  },
  {
    category_id: 2,
    title: 'Qualifiers are open: how the {product} season works',
    excerpt: 'Sign up, queue for a match and climb the Elo ranking: everything you need to know about the qualifiers.',
    content: `<p>The qualifiers of <strong>{product}</strong> are open! Every game you play counts towards the ranking that decides who goes to the final.</p>
<h2>The basics</h2>
<ul>
<li>The season is played on <strong>PlayStation</strong> only.</li>
<li>Play is open from Monday 00:00 to Saturday 00:00 Swedish time.</li>
<li>You can play up to <strong>{max_games} games a week</strong>.</li>
<li>Games are one against one, with 6-minute halves.</li>
<li>Everyone starts at an Elo of 1000; beating a higher-rated player gives you more points.</li>
</ul>
<p>Press <strong>Let’s play</strong>, enter the queue and accept the match when an opponent is found. You have 30 seconds to accept.</p>`,
  },
  {
    category_id: 2,
    title: 'Results, verification and conflicts explained',
    excerpt:
      'After the final whistle one player reports the score and the other verifies it; here is what happens when you disagree.',
    content: `<p>Twelve minutes after your game starts, the result form opens. One of you enters the score, and the other presses <strong>Verify</strong> if it is correct.</p>
<h2>When you do not agree</h2>
<p>If the reported score is wrong, press <strong>Protest</strong>. The game becomes a conflict, and you can both upload evidence: a screenshot of the final score or a YouTube link to a recording.</p>
<ul>
<li>An admin looks at the evidence and sets the final result.</li>
<li>If your opponent leaves the game, report <strong>Opponent left</strong>.</li>
<li>If nobody answers a report within 15 minutes, the game goes to an admin automatically.</li>
</ul>
<p>Fair play keeps the tournament fun for everyone. Players who report false results can be banned.</p>`,
  },
  {
    category_id: 2,
    title: 'Prize overview: 36 000 FIFA points for the champion',
    excerpt: 'From the champion’s trip to Gothenburg to the weekly rounds, here is every prize of the season.',
    content: `<p>There is more to win than ever this season. Here is the full list.</p>
<h2>Final</h2>
<ul>
<li><strong>Winner:</strong> 36 000 FIFA points and a trip to the final in {final_month}.</li>
<li><strong>Second place:</strong> 24 000 FIFA points.</li>
<li><strong>Third place:</strong> 12 000 FIFA points.</li>
<li>All three also win {product} apparel.</li>
</ul>
<h2>Every week</h2>
<p>Weekly round winners take home 12 000 FIFA points, and so does every weekly winner of the Coca-Cola Trophy Hunt.</p>
<p>Prizes are delivered within six weeks. The full terms are on the terms page.</p>`,
  },
  {
    category_id: 3,
    title: 'Coca-Cola brings the Trophy Hunt to {product}',
    excerpt:
      'Coca-Cola joins the season as the sponsor of the weekly trophy hunt, with 25 trophies up for grabs every week.',
    content: `<p><strong>Sponsored story.</strong> Coca-Cola has been part of youth football for a long time, and this season it joins {product} as the sponsor of the weekly <strong>Coca-Cola Trophy Hunt</strong>.</p>
<h2>Why a trophy hunt?</h2>
<p>Not everyone can finish at the top of the ranking, but everyone can have a great week. With a fresh pool every Monday, the trophy hunt gives every player a real chance to win something.</p>
<p>Find out more about Coca-Cola’s football programmes at <a href="https://www.coca-cola.com">coca-cola.com</a>.</p>`,
  },
  {
    category_id: 3,
    title: 'Stay sharp between matches: breaks, water and sleep',
    excerpt:
      'Long gaming sessions are tough on focus; a few simple routines help you play your best game in the last minute too.',
    content: `<p><strong>Sponsored story.</strong> Professional esports players plan their breaks just like footballers plan their training. Here is what works.</p>
<ul>
<li><strong>Drink water</strong> between games and keep a bottle next to the console.</li>
<li><strong>Stand up and stretch</strong> for five minutes every hour.</li>
<li><strong>Stop in time:</strong> a good night’s sleep is worth more than one extra game.</li>
<li><strong>Play with friends:</strong> a trophy hunt evening is more fun together.</li>
</ul>
<p>Remember that the weekly game cap is there to keep the tournament fair and fun, not to be reached every week.</p>`,
  },
  {
    category_id: 3,
    title: 'From the pitch to the pad: players who do both',
    excerpt:
      'Many {product} players also play for a real club; three of them tell us how they balance training and tournament games.',
    content: `<p><strong>Sponsored story.</strong> A look at the ranking shows clubs from all over Sweden next to the FIFA teams: a lot of our players train with a real team several times a week.</p>
<h2>Training first</h2>
<p>“I play my {product} games on Sunday and Wednesday evenings, when we have no training,” says a 15-year-old midfielder from Gothenburg. “Watching how the pros build attacks in FIFA actually helps me read the game on the pitch.”</p>
<h2>Same team, different screen</h2>
<p>Several clubs now hold their own FIFA nights. Is your team one of them? Tell us in the forums, and your club could be featured in a future story.</p>`,
  },
];

/** Category colours of the generated news images: pitch green, gold, navy and red (by NEWS_CATEGORIES id). */
const NEWS_COLOURS: Record<NewsCategoryId, { base: string; light: string; accent: string }> = {
  0: { base: '#1b5e20', light: '#43a047', accent: '#ffffff' },
  1: { base: '#b8860b', light: '#f2c94c', accent: '#fff8e1' },
  2: { base: '#0d1b3e', light: '#1e3a8a', accent: '#ffd54f' },
  3: { base: '#b71c1c', light: '#e53935', accent: '#ffffff' },
};

// --- Forums (spec §2: four categories; plain-text posts, decisions §9) ---

/** Who writes a post: the thread's author, the demo admin, or any other demo player. */
type PostRole = 'op' | 'admin' | 'any';

interface ThreadTemplate {
  category_id: 0 | 1 | 2 | 3;
  title: string;
  /** The first post is the thread's opening message. `{product}` is the season's product name. */
  posts: readonly (readonly [PostRole, string])[];
}

const THREADS: readonly ThreadTemplate[] = [
  // 0 Gothia Cup
  {
    category_id: 0,
    title: 'Anyone else playing Gothia Cup on the pitch this summer?',
    posts: [
      [
        'op',
        'Our P15 team is going to Gothia Cup in July. Would be crazy to make the {product} final the same week! Anyone else playing for real too?',
      ],
      [
        'any',
        'Yes! Playing with my club in the B16 class. We lost in the round of 32 last year so hoping for more this time.',
      ],
      [
        'any',
        'Same here, our girls team is going for the first time. Are the finals on the same days as the group games?',
      ],
      [
        'admin',
        'The final schedule is published before the summer. We will try to keep it away from the group stage so nobody has to choose!',
      ],
      ['op', 'Perfect, thanks. See you at Heden then 😄'],
      ['any', 'Good luck everyone, bring sunscreen, it was so hot last year.'],
    ],
  },
  {
    category_id: 0,
    title: 'Where do finalists stay in Gothenburg?',
    posts: [
      ['op', 'If I qualify, is the hotel included or do we sleep at a school like the Gothia teams?'],
      ['admin', 'Travel and accommodation details are sent to the finalists by e-mail once the qualifiers are over.'],
      ['any', 'Sleeping at a school is half the fun though 😂'],
      ['op', 'Haha true, but I want to sleep well before the final.'],
    ],
  },
  {
    category_id: 0,
    title: 'Best memories from Gothia Cup?',
    posts: [
      ['op', 'Mine: the opening ceremony at Ullevi, 40 000 people and fireworks. What is yours?'],
      ['any', 'Swapping shirts with a team from Brazil after they beat us 6-0 🙈'],
      ['any', 'Scoring the winner in extra time in the quarter final. Still my best goal ever.'],
      ['any', 'Eating ice cream every single day for a week.'],
      ['op', 'Haha the ice cream is a big part of it.'],
      ['any', 'Meeting people from so many countries. We still have a group chat with a team from Norway.'],
      ['any', 'Playing in the rain on artificial grass at 8 in the morning. Character building!'],
    ],
  },
  {
    category_id: 0,
    title: 'Will the final be streamed?',
    posts: [
      ['op', 'My family lives far away from Gothenburg. Can they watch the {product} final online somewhere?'],
      ['admin', 'We plan to stream the final with commentary. The link will be in the news section the week before.'],
      ['op', 'Great, thanks!'],
    ],
  },
  {
    category_id: 0,
    title: 'Gothia Cup team looking for FIFA players for a club night',
    posts: [
      [
        'op',
        'Our club is doing a FIFA evening before we travel to Gothenburg. Does anyone have tips for running a small tournament with 16 players and 4 consoles?',
      ],
      ['any', 'Groups of four, one console per group, then knockout on the big TV. Takes about three hours.'],
      ['any', 'Use 4 minute halves or it takes forever.'],
      ['op', 'Good ideas, we will try groups of four. Thanks!'],
      ['any', 'And have pizza 🍕'],
    ],
  },
  {
    category_id: 0,
    title: 'First time at Gothia Cup, what should I pack?',
    posts: [
      [
        'op',
        'Going with my team for the first time. Apart from boots and shin pads, what do you wish you had brought?',
      ],
    ],
  },

  // 1 {product}
  {
    category_id: 1,
    title: 'How does the Elo ranking work?',
    posts: [
      ['op', 'I won against someone and only got +8 but lost 25 points when I lost a game. Is that a bug?'],
      [
        'admin',
        'Not a bug: the points depend on the difference in rating. Beating a lower-rated player gives few points, losing to one costs more. During your first 30 games your rating also moves twice as fast so you find your level quickly.',
      ],
      ['any', 'So the trick is to beat the players at the top 😅'],
      ['op', 'Makes sense now, thanks for explaining.'],
      ['any', 'Also draws count as half a win, so a draw against someone much better still gives you points.'],
    ],
  },
  {
    category_id: 1,
    title: 'My opponent did not accept the match',
    posts: [
      ['op', 'I got matched twice in a row and the other player never pressed accept. Do I lose anything?'],
      [
        'admin',
        'No, you go straight back to the queue. Players who decline or let matches time out several times in an hour have to wait a few minutes before they can queue again.',
      ],
      ['any', 'Happened to me too, the next match came after 20 seconds.'],
    ],
  },
  {
    category_id: 1,
    title: 'What formation are you using?',
    posts: [
      ['op', 'I have been playing 4-2-3-1 all season but keep conceding on the counter. What are you all using?'],
      ['any', '4-1-2-1-2 narrow. Lots of passing through the middle and two strikers up top.'],
      ['any', '4-3-3 with one defensive midfielder on stay back while attacking. Solid.'],
      ['op', 'Do you change the defensive style too?'],
      ['any', 'Balanced, and drop back when I am winning. Pressing the whole game kills the stamina.'],
      ['any', '5-2-1-2 when I need to hold a lead, people hate it 😂'],
      ['op', 'Tried 4-3-3 with a defensive mid yesterday, won 4 out of 5. Thanks all!'],
      ['any', 'Nice! Which team do you use?'],
      ['op', 'Liverpool, the front three is too good.'],
    ],
  },
  {
    category_id: 1,
    title: 'Result form does not show up?',
    posts: [
      ['op', 'The game is over but I cannot see where to enter the score.'],
      [
        'admin',
        'The result form opens 12 minutes after the game started, since a game with 6 minute halves cannot finish earlier. Refresh the game page after that and it will be there.',
      ],
      ['op', 'Ah, we played really fast. It is there now, thanks!'],
    ],
  },
  {
    category_id: 1,
    title: 'Good luck everyone this week!',
    posts: [
      ['op', 'New week, new chances. Let’s keep it fair and have fun. GLHF!'],
      ['any', 'GLHF! See you in the queue.'],
      ['any', 'Trying to get into the top 50 this week 💪'],
      ['any', 'Good luck all, and please verify your results quickly 🙏'],
    ],
  },
  {
    category_id: 1,
    title: 'Is there a limit on games per week?',
    posts: [
      ['op', 'I played a lot yesterday and wonder if there is a maximum.'],
      ['admin', 'Yes, {max_games} games per week. The count starts again every Monday at 00:00 Swedish time.'],
    ],
  },

  // 2 Coca-Cola Trophy hunt
  {
    category_id: 2,
    title: 'Finally secured my first trophy!',
    posts: [
      ['op', 'Three wins in a row on Tuesday night, the last one 2-1 in the 88th minute. So nervous 😅'],
      ['any', 'Congrats! I lost mine on the third game twice this week 😭'],
      ['any', 'GG, well deserved.'],
      ['op', 'Thanks! Tip: do not play your third game when you are tired.'],
      ['any', 'Congrats from me too! How long did it take from taking it to securing it?'],
      ['op', 'About an hour, I played all three games in one evening.'],
    ],
  },
  {
    category_id: 2,
    title: 'What happens to my trophy after two days?',
    posts: [
      ['op', 'I took a trophy on Monday and have not played since. Do I still have it?'],
      [
        'admin',
        'An unsecured trophy is active for two days. If you have not secured it by then, it goes back to the pool so someone else can win it.',
      ],
      ['op', 'OK, time to play tonight then!'],
    ],
  },
  {
    category_id: 2,
    title: 'Does a draw break my streak?',
    posts: [
      ['op', 'I had 2 wins with my trophy, then drew 1-1. Am I back at zero?'],
      ['any', 'No, a draw is ignored. You still have 2 wins and need one more.'],
      ['admin', 'Correct. A draw does not change anything for the trophy, but you still need a win to secure it.'],
      ['op', 'Phew, thanks!'],
    ],
  },
  {
    category_id: 2,
    title: 'Pool was empty on Thursday',
    posts: [
      ['op', 'Tried to take a trophy on Thursday but the pool was empty. When does it reset?'],
      ['any', 'Every Monday at midnight. You can still win one by beating someone who holds one!'],
      ['op', 'Oh nice, so I should look for trophy holders 😈'],
      ['any', 'You do not choose your opponent though, matchmaking does.'],
      ['op', 'True, guess I just have to win a lot then.'],
    ],
  },
  {
    category_id: 2,
    title: 'Trophy hunt strategy: play early in the week?',
    posts: [
      ['op', 'Is it better to start hunting on Monday when the pool is full?'],
      ['any', 'Definitely. By Wednesday evening it is often half empty.'],
      ['any', 'But on Monday everyone is hunting, so the holders you meet are good.'],
      ['any', 'I play Monday evening and Tuesday evening. Secured two trophies this season that way.'],
      ['op', 'Monday and Tuesday it is then, thanks!'],
    ],
  },
  {
    category_id: 2,
    title: 'Can I win the trophy hunt more than once?',
    posts: [
      ['op', 'I already won the trophy-hunt prize in week 2. Can I win again?'],
      [
        'admin',
        'The trophy-hunt prize can be won once per tournament, so the prize goes to the next player. Secured trophies still count in the trophy ranking though!',
      ],
      ['op', 'Fair enough, then I will go for the trophy ranking.'],
    ],
  },

  // 3 General Discussion
  {
    category_id: 3,
    title: 'Which real team do you play for?',
    posts: [
      ['op', 'I play left back for my local club. What about you?'],
      ['any', 'Striker in our P14 team, 12 goals this season ⚽'],
      ['any', 'Goalkeeper! Maybe why I am better at defending in FIFA too.'],
      ['any', 'I stopped playing on the pitch last year but still play futsal with friends.'],
      ['op', 'Keepers are the bravest people on the team 🧤'],
      ['any', 'Central midfield, I run way too much.'],
      ['any', 'Winger for my school team. Pace is everything.'],
      ['any', 'Centre back. I play exactly the same in FIFA: no risks 😂'],
      ['any', 'Not in a club, I just love the game. Maybe I should join one!'],
      ['op', 'Do it! Most clubs are happy to get new players.'],
      ['any', 'Right back in a girls team, we just won our league.'],
      ['op', 'Congrats! 🏆'],
    ],
  },
  {
    category_id: 3,
    title: 'Controller recommendations?',
    posts: [
      ['op', 'My left stick is drifting. Which controller do you use?'],
      ['any', 'Just the normal DualShock 4, but I clean it regularly.'],
      ['any', 'Mine drifted too, a new one from the shop fixed it. Not worth trying to repair it.'],
      ['op', 'OK, birthday wish list updated 😄'],
    ],
  },
  {
    category_id: 3,
    title: 'Who will win the Champions League?',
    posts: [
      ['op', 'My bet is Liverpool again. Yours?'],
      ['any', 'Bayern look unstoppable this season.'],
      ['any', 'PSG, they have to win it one day.'],
      ['any', 'Man City. De Bruyne is on another level.'],
      ['op', 'Let’s check this thread again in the summer 😄'],
    ],
  },
  {
    category_id: 3,
    title: 'Introduce yourself!',
    posts: [
      ['admin', 'Welcome to the {product} forums! Tell us who you are, where you play from and your favourite team.'],
      ['any', 'Hi! 15 from Malmö, supporting Malmö FF, playing with Real Madrid in FIFA.'],
      ['any', 'Hello from Oslo 👋 17, Rosenborg fan, FIFA team Barcelona.'],
      ['any', 'Hey, 14 from Stockholm. Hammarby all the way 💚'],
      ['any', 'Hi everyone! Playing from Copenhagen, 16, love Brøndby and Liverpool.'],
      ['any', 'Hej! 13 and this is my first tournament.'],
      ['admin', 'Welcome! Have fun and do not hesitate to ask if something is unclear.'],
      ['any', 'Hi from Gothenburg, 18, IFK Göteborg supporter.'],
    ],
  },
  {
    category_id: 3,
    title: 'Headset or TV speakers?',
    posts: [
      ['op', 'Do you hear more with a headset? Thinking of buying one.'],
      ['any', 'Headset, mostly so I do not wake up my little brother 😅'],
      ['any', 'TV speakers for me, the crowd noise is better.'],
    ],
  },
  {
    category_id: 3,
    title: 'Homework and gaming, how do you plan your week?',
    posts: [
      ['op', 'Exams next week and the trophy hunt is on. How do you fit it all in?'],
      ['any', 'Homework first, then max 3 games. My parents’ rule, but it works.'],
      ['any', 'I only play on Friday evenings during exams.'],
      ['op', 'Sounds smart. Good luck on your exams everyone who has them!'],
    ],
  },
];
