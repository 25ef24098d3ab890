import type { Knex } from 'knex';

/**
 * Queue and matches (docs/decisions.md#matchmaking). A queue entry points at the pending match it is in, so pairing skips it and
 * the keepalive expiry leaves it alone. Indexes: the unmatched entries of a season (the pairing read), each player's
 * matches by time (their last opponent, and the declined or missed matches of the last hour for the queue
 * cooldown), and each player's games by week (the weekly game cap).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('queue_entries', (t) => {
    t.integer('match_id').unsigned().nullable().references('id').inTable('matches');
    t.index(['season_id', 'match_id'], 'queue_entries_unmatched');
  });
  await knex.schema.alterTable('matches', (t) => {
    t.index(['user_1_id', 'created_at'], 'matches_user_1_recent');
    t.index(['user_2_id', 'created_at'], 'matches_user_2_recent');
  });
  await knex.schema.alterTable('games', (t) => {
    t.index(['user_1_id', 'week_start'], 'games_user_1_week');
    t.index(['user_2_id', 'week_start'], 'games_user_2_week');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('games', (t) => {
    t.dropIndex([], 'games_user_1_week');
    t.dropIndex([], 'games_user_2_week');
  });
  await knex.schema.alterTable('matches', (t) => {
    t.dropIndex([], 'matches_user_1_recent');
    t.dropIndex([], 'matches_user_2_recent');
  });
  await knex.schema.alterTable('queue_entries', (t) => {
    // The season's foreign key used the composite index since it was added; give it its own back first.
    t.index(['season_id'], 'queue_entries_season_id_foreign');
  });
  await knex.schema.alterTable('queue_entries', (t) => {
    t.dropForeign(['match_id']);
    t.dropIndex([], 'queue_entries_unmatched');
    t.dropColumn('match_id');
  });
}
