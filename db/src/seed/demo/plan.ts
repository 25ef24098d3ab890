/** Planning: everything the demo holds is decided in memory first, then written in a few batched inserts. */
import {
  COUNTRIES,
  CONSOLE_PLAYSTATION,
  ELO_START,
  PSN_ID_MIN,
  ageOn,
  gamerTagError,
  isMinorOn,
  isWindowOpen,
  localParts,
  rateGame,
  usernameError,
  weekStart,
  type BirthDate,
} from '@ecup/domain';
import { TEAMS } from '../../../seeds/teams.ts';
import type { NewRow } from '../../models/tables.ts';
import { type SeedSeason } from '../base.ts';
import { ascii, fill, interleaveByCategory, isoDate, names, toSecond } from './helpers.ts';
import { GAMER_TAG_WORDS, NAME_POOLS, POPULAR_FIFA_TEAMS, USERNAME_SUFFIXES } from './data/names.ts';
import { THREADS, type ThreadTemplate } from './data/threads.ts';
import type { AvatarPlan } from './images.ts';
import type { Prng } from './random.ts';

export const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Games are spread over the last 14 days of the season. */
const GAMES_PERIOD_MS = 14 * DAY_MS;
const MAX_GOALS = 7;
/** Relative chance of a game starting in each local hour (0-23): evenings are busiest, nights quiet. */
const HOUR_WEIGHTS = [
  0.1, 0.05, 0.02, 0.02, 0.02, 0.05, 0.1, 0.2, 0.3, 0.3, 0.35, 0.4, 0.5, 0.5, 0.6, 0.8, 0.9, 1, 1, 1, 1, 0.9, 0.6, 0.3,
];

interface Participant {
  row: NewRow<'users'> & { username: string; email: string; created_at: Date };
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

export function newParticipant(
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
export function countryId(code: string): number {
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

export function avatarPlan(rng: Prng, first: string, last: string): AvatarPlan {
  const initials = `${ascii(first).slice(0, 1)}${ascii(last).slice(0, 1)}`.toUpperCase() || 'E';
  return { initials, hue: rng.int(0, 359), circle: { x: rng.int(60, 450), y: rng.int(60, 450), r: rng.int(90, 220) } };
}

export function planPlayers(
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
 * Finished games in the order they became final, each rated incrementally with the domain's rateGame (docs/decisions.md#elo), so that replaying every final game in order gives exactly the stored ratings. Pairs are drawn among players
 * who are free (signed up, not in another game, under the weekly cap, inside the season's window) and, like the
 * matchmaking, prefer a close Elo.
 */
export function planGames(
  rng: Prng,
  now: Date,
  season: SeedSeason,
  people: Participant[],
  total: number,
): PlannedGame[] {
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
export function threadTitles(season: SeedSeason, count: number): { template: ThreadTemplate; title: string }[] {
  const templates = interleaveByCategory(THREADS);
  return Array.from({ length: count }, (_, i) => {
    const template = templates[i % templates.length]!;
    const round = Math.floor(i / templates.length);
    return { template, title: fill(round === 0 ? template.title : `${template.title} (${round + 1})`, season) };
  });
}

/** Threads with posts in time order; authors are players who had signed up by then, or the admin. */
export function planThreads(
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
