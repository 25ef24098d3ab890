import type { Knex } from 'knex';
import { adultBornOnOrBefore } from '@ecup/domain';
import { containsPattern, like } from '../services/like.ts';

/** The two ranking orders (docs/product.md#calls: sorting 0 = Elo, 1 = trophies; docs/decisions.md#elo tie-breaks). */
export type RankingSort = 0 | 1;

const ORDER: Record<RankingSort, string> = {
  0: 'elo DESC, games_played DESC, id ASC',
  1: 'secured_trophies DESC, games_played DESC, id ASC',
};

/** The ranking's orders, for what records places in it (a finished season's final standings). */
export { ORDER as RANKING_ORDER };

/**
 * Who is ranked: players with at least one game, not erased, not banned at `now`.
 * New players appear once they have played.
 */
export function rankedUsers(knex: Knex, now: Date): Knex.QueryBuilder {
  return knex('users')
    .where('games_played', '>', 0)
    .whereNull('erased_at')
    .where((q) => q.whereNull('banned_until').orWhere('banned_until', '<=', now));
}

export const RANKING_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'username',
  'gamer_tag',
  'avatar_hash',
  'team_name',
  'team_avatar_hash',
  'console',
  'secured_trophies',
  'scored_goals',
  'wins',
  'losses',
  'ties',
  'elo',
  'birth_date',
  'hide_real_name',
] as const;

export type RankingRow = {
  [K in (typeof RANKING_COLUMNS)[number]]: K extends 'avatar_hash' | 'team_avatar_hash'
    ? string | null
    : K extends 'id' | 'console' | 'secured_trophies' | 'scored_goals' | 'wins' | 'losses' | 'ties' | 'elo'
      ? number
      : K extends 'birth_date'
        ? Date
        : K extends 'hide_real_name'
          ? number | boolean
          : string;
} & { rank: number };

/**
 * One page of the ranking. Without a search the page is read in index order and ranks are positions; with a
 * search (first name, last name, username or gamer tag, case-insensitive substring; docs/product.md#screens-and-routes) ranks stay the
 * players' places in the whole list. A search finds a minor by username only, and an adult who hides the real name
 * not by it (docs/rules.md "What others see of a player"); `timeZone` is the season's, which decides birthdays.
 */
export async function rankingPage(
  knex: Knex,
  input: { sorting: RankingSort; start: number; amount: number; search: string; now: Date; timeZone: string },
): Promise<{ rows: RankingRow[]; total: number }> {
  const order = ORDER[input.sorting];
  if (input.search === '') {
    const [rows, [{ total }]]: [Omit<RankingRow, 'rank'>[], [{ total: number }]] = await Promise.all([
      rankedUsers(knex, input.now).select(RANKING_COLUMNS).orderByRaw(order).offset(input.start).limit(input.amount),
      rankedUsers(knex, input.now).count({ total: '*' }),
    ]);
    return {
      rows: rows.map((row, i) => ({ ...row, rank: input.start + i + 1 })),
      total,
    };
  }
  const pattern = containsPattern(input.search);
  const ranked = rankedUsers(knex, input.now).select([
    ...RANKING_COLUMNS,
    knex.raw(`ROW_NUMBER() OVER (ORDER BY ${order}) AS \`rank\``),
  ]);
  const adultBy = adultBornOnOrBefore(input.now, input.timeZone);
  const matches = knex.from(ranked.as('r')).where((q) => {
    q.orWhere(like(knex, 'username', pattern));
    q.orWhere((adult) =>
      adult.where('birth_date', '<=', adultBy).where((fields) => {
        fields.orWhere(like(knex, 'gamer_tag', pattern));
        fields.orWhere((names) =>
          names
            .where('hide_real_name', false)
            .where((name) => name.orWhere(like(knex, 'first_name', pattern)).orWhere(like(knex, 'last_name', pattern))),
        );
      }),
    );
  });
  // Read from a subquery with a window function (`rank`), beyond knex's table typing: the row type is stated here.
  const [rows, counted]: [RankingRow[], { total: number }[]] = await Promise.all([
    matches.clone().select('*').orderBy('rank').offset(input.start).limit(input.amount),
    matches.clone().count({ total: '*' }),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

/**
 * A player's place in the Elo ranking, or null when they are not ranked yet. Three counts, each a range on the
 * (elo, games_played, id) index, rather than one OR that would scan every player.
 */
export async function rankOf(knex: Knex, user: { id: number; elo: number; games_played: number }, now: Date) {
  if (user.games_played === 0) return null;
  const ahead = (build: (q: Knex.QueryBuilder) => Knex.QueryBuilder) =>
    build(rankedUsers(knex, now)).count('*').toSQL().toNative();
  const parts = [
    ahead((q) => q.where('elo', '>', user.elo)),
    ahead((q) => q.where('elo', user.elo).where('games_played', '>', user.games_played)),
    ahead((q) => q.where('elo', user.elo).where('games_played', user.games_played).where('id', '<', user.id)),
  ];
  const [rows] = await knex.raw(
    `SELECT (${parts.map((p) => `(${p.sql})`).join(' + ')}) AS ahead`,
    parts.flatMap((p) => p.bindings),
  );
  return (rows as { ahead: number }[])[0]!.ahead + 1;
}
