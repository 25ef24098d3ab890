import type { Knex } from 'knex';

/** Players in the matchmaking queue: waiting for a pair, and matched but not yet answered. */
export async function queuePlayerCounts(knex: Knex): Promise<{ waiting: number; matched: number }> {
  const rows: { waiting: 0 | 1; n: number }[] = await knex('queue_entries')
    .select(knex.raw('match_id IS NULL AS waiting'))
    .count({ n: '*' })
    .groupByRaw('match_id IS NULL');
  const count = (waiting: boolean) => rows.find((r) => (r.waiting === 1) === waiting)?.n ?? 0;
  return { waiting: count(true), matched: count(false) };
}

/** The two players of a game, or undefined when there is no such game. */
export async function gamePlayerIds(
  knex: Knex,
  gameId: number,
): Promise<{ user_1_id: number; user_2_id: number } | undefined> {
  const game: { user_1_id: number; user_2_id: number } | undefined = await knex('games')
    .where('id', gameId)
    .first('user_1_id', 'user_2_id');
  return game;
}
