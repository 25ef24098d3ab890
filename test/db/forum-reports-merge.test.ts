import test from 'ava';
import { migrateLatest, migrateRollbackAll, migrateUpTo } from '@ecup/db';
import { migrationSuite } from '../helpers/migration-suite.ts';
import { buildUser } from '../helpers/factories.ts';

const knex = migrationSuite('frmerge', '20261126000005_reports_blocks');

test('post reports move into the one reports queue with the author as reported player, the words as text and their outcomes; the old table goes', async (t) => {
  const author = await buildUser(knex);
  const [alice, bob, carol, moderator] = await Promise.all([
    buildUser(knex),
    buildUser(knex),
    buildUser(knex),
    buildUser(knex, { permissions: 4 }),
  ]);
  const [thread] = await knex('forum_threads').insert({
    category_id: 0,
    user_id: author.id,
    title: 'Best formation?',
    last_post_at: new Date(),
  });
  const [rude] = await knex('forum_posts').insert({ thread_id: thread!, user_id: author.id, message: 'mean words' });
  const [hidden] = await knex('forum_posts').insert({
    thread_id: thread!,
    user_id: author.id,
    message: 'more mean words',
    hidden_at: new Date('2026-11-20T10:00:00Z'),
    hidden_reason: 'Rude',
  });
  const created = new Date('2026-11-20T09:00:00.123Z');
  const settled = new Date('2026-11-20T10:00:00.456Z');
  const [open] = await knex('forum_reports').insert({
    post_id: rude,
    reporter_user_id: alice.id,
    reason: 'He is rude to everyone',
    created_at: created,
  });
  const [dismissed] = await knex('forum_reports').insert({
    post_id: rude,
    reporter_user_id: bob.id,
    reason: 'spam',
    created_at: created,
    resolved_at: settled,
    resolved_by_user_id: moderator.id,
  });
  const [hiddenReport] = await knex('forum_reports').insert({
    post_id: hidden,
    reporter_user_id: carol.id,
    reason: 'x'.repeat(500),
    created_at: created,
    resolved_at: settled,
    resolved_by_user_id: moderator.id,
  });
  // A settled report without its log line: the post's state tells what was done.
  const [unlogged] = await knex('forum_reports').insert({
    post_id: hidden,
    reporter_user_id: alice.id,
    reason: 'also rude',
    created_at: created,
    resolved_at: settled,
    resolved_by_user_id: moderator.id,
  });
  for (const [id, action] of [
    [dismissed, 'dismiss'],
    [hiddenReport, 'hide'],
  ] as const) {
    await knex('audit_log').insert({
      actor_user_id: moderator.id,
      action: 'forum_report.resolve',
      entity: 'forum_report',
      entity_id: String(id),
      before: JSON.stringify({ resolved: false }),
      after: JSON.stringify({ resolved: true, action }),
      created_at: settled,
    });
  }
  t.truthy(open && unlogged);

  await migrateLatest(knex);

  t.false(await knex.schema.hasTable('forum_reports'));
  const rows = await knex('reports').where('kind', 'forum').orderBy('id');
  t.deepEqual(
    rows.map((row) => ({
      reporter: row.reporter_user_id,
      reported: row.reported_user_id,
      post: row.post_id,
      reason: row.reason,
      text: row.text,
      created: new Date(row.created_at).toISOString(),
      resolved: row.resolved_at ? new Date(row.resolved_at).toISOString() : null,
      by: row.resolved_by,
      outcome: row.outcome,
    })),
    [
      {
        reporter: alice.id,
        reported: author.id,
        post: rude,
        reason: 'other',
        text: 'He is rude to everyone',
        created: created.toISOString(),
        resolved: null,
        by: null,
        outcome: null,
      },
      {
        reporter: bob.id,
        reported: author.id,
        post: rude,
        reason: 'other',
        text: 'spam',
        created: created.toISOString(),
        resolved: settled.toISOString(),
        by: moderator.id,
        outcome: 'dismissed',
      },
      {
        reporter: carol.id,
        reported: author.id,
        post: hidden,
        reason: 'other',
        text: 'x'.repeat(500),
        created: created.toISOString(),
        resolved: settled.toISOString(),
        by: moderator.id,
        outcome: 'hidden',
      },
      {
        reporter: alice.id,
        reported: author.id,
        post: hidden,
        reason: 'other',
        text: 'also rude',
        created: created.toISOString(),
        resolved: settled.toISOString(),
        by: moderator.id,
        outcome: 'hidden',
      },
    ],
  );
  // Still one report per reporter and post.
  await t.throwsAsync(
    knex('reports').insert({
      kind: 'forum',
      reporter_user_id: alice.id,
      reported_user_id: author.id,
      post_id: rude!,
      reason: 'other',
      created_at: new Date(),
    }),
    { code: 'ER_DUP_ENTRY' },
  );

  // And back: the rollback restores the old table with the same reports.
  await migrateRollbackAll(knex);
  await migrateUpTo(knex, '20261126000005_reports_blocks');
  t.true(await knex.schema.hasTable('forum_reports'));
  await migrateLatest(knex);
  t.false(await knex.schema.hasTable('forum_reports'));
});
