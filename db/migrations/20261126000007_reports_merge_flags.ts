import type { Knex } from 'knex';

/** The outcome a settled post report had, from the moderator's action logged when it was settled. */
const OUTCOME_OF_ACTION: Record<string, 'hidden' | 'locked' | 'dismissed'> = {
  hide: 'hidden',
  lock: 'locked',
  dismiss: 'dismissed',
};

type Row = Record<string, unknown>;

/** A `forum_reports` row (the table this migration drops) with its post's author and hidden time. */
interface PostReportRow {
  id: number;
  post_id: number;
  reporter_user_id: number;
  reason: string;
  created_at: Date;
  resolved_at: Date | null;
  resolved_by_user_id: number | null;
  author_id: number;
  hidden_at: Date | null;
}

/**
 * One safeguarding queue (docs/decisions.md#minors-safety):
 * - post reports move from `forum_reports` into `reports` (kind 'forum', the post's author as the reported player,
 *   reason 'other' with the player's words as the text, settled ones with the outcome their moderator chose) and
 *   `forum_reports` goes; one report per reporter and post, as before;
 * - automatic flags are reports of kind 'flag' without a reporter: an adult whose lines to a minor were masked for
 *   contact details. `attempts` counts the masked lines; the stored `open_flag_user_id` is the flagged player while
 *   the flag is open, and its unique key keeps one open flag per player however many lines arrive at once;
 * - outcomes 'hidden' (a reported post hidden) and 'locked' (its thread locked, before the merge).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE reports MODIFY kind ENUM('chat','player','forum','flag') NOT NULL");
  await knex.raw(
    "ALTER TABLE reports MODIFY outcome ENUM('dismissed','warned','muted','banned','hidden','locked') NULL",
  );
  await knex.raw('ALTER TABLE reports MODIFY reporter_user_id INT UNSIGNED NULL');
  await knex.schema.alterTable('reports', (t) => {
    t.integer('attempts').unsigned().nullable();
    t.unique(['post_id', 'reporter_user_id'], { indexName: 'reports_post_once' });
  });
  await knex.raw(
    "ALTER TABLE reports ADD COLUMN open_flag_user_id INT UNSIGNED AS (IF(kind = 'flag' AND resolved_at IS NULL, " +
      'reported_user_id, NULL)) STORED, ADD UNIQUE KEY reports_open_flag (open_flag_user_id)',
  );

  const old: PostReportRow[] = await knex('forum_reports')
    .join('forum_posts', 'forum_posts.id', 'forum_reports.post_id')
    .orderBy('forum_reports.id')
    .select('forum_reports.*', 'forum_posts.user_id as author_id', 'forum_posts.hidden_at');
  const settledActions = new Map<string, string>();
  for (const row of (await knex('audit_log')
    .where({ action: 'forum_report.resolve', entity: 'forum_report' })
    .select('entity_id', 'after')) as Row[]) {
    const action = (JSON.parse(String(row.after ?? 'null')) as { action?: string } | null)?.action;
    if (action) settledActions.set(String(row.entity_id), action);
  }
  for (const row of old) {
    const settled = row.resolved_at !== null;
    const logged = OUTCOME_OF_ACTION[settledActions.get(String(row.id)) ?? ''];
    await knex('reports').insert({
      kind: 'forum',
      reporter_user_id: row.reporter_user_id,
      reported_user_id: row.author_id,
      post_id: row.post_id,
      reason: 'other',
      text: String(row.reason).slice(0, 500),
      created_at: row.created_at,
      resolved_at: row.resolved_at,
      resolved_by: row.resolved_by_user_id,
      outcome: settled ? (logged ?? (row.hidden_at !== null ? 'hidden' : 'dismissed')) : null,
    });
  }
  await knex.schema.dropTable('forum_reports');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.createTable('forum_reports', (t) => {
    t.increments('id');
    t.integer('post_id').unsigned().notNullable().references('id').inTable('forum_posts').onDelete('CASCADE');
    t.integer('reporter_user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('reason', 500).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable().defaultTo(knex.fn.now(3));
    t.datetime('resolved_at', { precision: 3 }).nullable();
    t.integer('resolved_by_user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.unique(['post_id', 'reporter_user_id'], { indexName: 'forum_reports_once' });
    t.index(['resolved_at', 'created_at'], 'forum_reports_open');
  });
  const forum = (await knex('reports').where('kind', 'forum').orderBy('id')) as Row[];
  for (const row of forum) {
    await knex('forum_reports').insert({
      post_id: row.post_id,
      reporter_user_id: row.reporter_user_id,
      reason: String(row.text ?? 'Other'),
      created_at: row.created_at,
      resolved_at: row.resolved_at,
      resolved_by_user_id: row.resolved_by,
    });
  }
  await knex('reports').whereIn('kind', ['forum', 'flag']).delete();
  await knex('reports').whereIn('outcome', ['hidden', 'locked']).update({ outcome: 'dismissed' });
  await knex.raw('ALTER TABLE reports DROP INDEX reports_open_flag, DROP COLUMN open_flag_user_id');
  // The post's foreign key needs an index of its own once the unique key goes.
  await knex.schema.alterTable('reports', (t) => {
    t.index(['post_id'], 'reports_post');
  });
  await knex.schema.alterTable('reports', (t) => {
    t.dropUnique(['post_id', 'reporter_user_id'], 'reports_post_once');
    t.dropColumn('attempts');
  });
  await knex.raw('ALTER TABLE reports MODIFY reporter_user_id INT UNSIGNED NOT NULL');
  await knex.raw("ALTER TABLE reports MODIFY outcome ENUM('dismissed','warned','muted','banned') NULL");
  await knex.raw("ALTER TABLE reports MODIFY kind ENUM('chat','player','forum') NOT NULL");
}
