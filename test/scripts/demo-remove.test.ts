import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { DEMO_ACCOUNTS } from '@ecup/db';
import { imageRelativePath } from '@ecup/storage';
import { cli } from '../helpers/cli.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';

// The tests change one database in order, so they run one after another.
const NOW = new Date('2020-11-30T10:00:00Z');
let db: TestDatabase;
let uploadDir: string;

test.before(async () => {
  db = await createTestDatabase('clidemoremove');
  uploadDir = await mkdtemp(path.join(os.tmpdir(), 'ecup-cli-demo-remove-'));
});

test.after.always(async () => {
  await db?.drop();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

const run = (args: string[]) => cli(args, { databaseUrl: db.url, now: NOW, env: { UPLOAD_DIR: uploadDir } });
const count = async (table: string) => Number((await db.knex(table).count({ n: '*' }))[0]?.n);
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

test.serial('demo:remove --help prints the usage, a description and examples, and exits 0', async (t) => {
  const { code, stdout, stderr } = await run(['demo:remove', '--help']);
  t.is(code, 0, stderr);
  t.regex(stdout, /^Usage: ecup demo:remove /m);
  t.regex(stdout, /Examples:\n {2}\$ npm run cli -- demo:remove --dry-run/);
  t.true(stdout.includes('--dry-run'));
});

test.serial('demo:remove on a database without demo data says so and removes nothing', async (t) => {
  const { code, stdout } = await run(['demo:remove']);
  t.is(code, 0);
  t.is(stdout, 'There is no demo data in this database: nothing was removed.\n');
});

test.serial(
  'demo:remove --dry-run changes nothing; demo:remove removes the demo accounts, players, games, posts, news and images; the base rows and a real player stay',
  async (t) => {
    const seeded = await run(['demo:seed', '--players', '6', '--games-per-player', '2', '--forum-threads', '2']);
    t.is(seeded.code, 0, seeded.stderr);
    const demoPlayer = await db.knex('users').where('username', DEMO_ACCOUNTS.player.username).first('id');
    const avatars: { avatar_hash: string }[] = await db.knex('users').whereNotNull('avatar_hash').select('avatar_hash');
    const newsImages: { image_hash: string }[] = await db.knex('news').select('image_hash');
    t.true(avatars.length > 0 && newsImages.length > 0);
    const files = [
      ...avatars.map((a) => path.join(uploadDir, imageRelativePath('avatar_small', a.avatar_hash))),
      ...newsImages.map((n) => path.join(uploadDir, imageRelativePath('news', n.image_hash))),
    ];
    for (const file of files) t.true(await exists(file), file);

    // A real player whose address looks like a demo player's ({username}@example.com), with a game against the
    // demo account, a thread of their own with a demo player's reply, and a reply in a demo thread.
    const real = await buildUser(db.knex, {
      username: 'real_ana',
      email: 'real_ana@example.com',
      password: 'A real password 42',
    });
    const vsDemo = await buildGame(db.knex, {
      user_1_id: real.id,
      user_2_id: demoPlayer!.id,
      state: 'final',
      score_1: 2,
      score_2: 1,
      created_at: NOW,
    });
    // A week the worker recorded as won by a demo player.
    await db.knex('round_winners').insert({
      season_id: (await db.knex('seasons').first('id'))!.id,
      week_start: NOW,
      place: 1,
      user_id: demoPlayer!.id,
      elo_gain: 12,
      games: 2,
      wins: 1,
      recorded_at: NOW,
    });
    const demoThread = await db.knex('forum_threads').first('id', 'category_id');
    await db.knex('forum_posts').insert({ thread_id: demoThread!.id, user_id: real.id, message: 'Nice one!' });
    const [realThread] = await db.knex('forum_threads').insert({
      category_id: demoThread!.category_id,
      user_id: real.id,
      title: 'A real question',
      reply_count: 1,
    });
    const demoPoster = await db.knex('users').whereNot('id', real.id).orderBy('id', 'desc').first('id');
    await db.knex('forum_posts').insert([
      { thread_id: realThread!, user_id: real.id, message: 'Who plays tonight?', created_at: NOW },
      { thread_id: realThread!, user_id: demoPoster!.id, message: 'Me!', created_at: new Date(NOW.getTime() + 60_000) },
    ]);
    await db.knex('users').where('id', real.id).update({ forum_post_count: 2 });
    await db.knex('forum_categories').where('id', demoThread!.category_id).increment('thread_count', 1);
    const base = {
      seasons: await db.knex('seasons').orderBy('id').select(),
      countries: await count('countries'),
      categories: await db.knex('forum_categories').orderBy('id').select('id', 'slug', 'title'),
      teams: await count('teams'),
    };

    const tables = ['users', 'games', 'news', 'forum_threads', 'forum_posts', 'forum_categories'];
    const snapshot = async () => Promise.all(tables.map((table) => db.knex(table).orderBy('id').select()));
    const before = await snapshot();
    const dry = await run(['demo:remove', '--dry-run']);
    t.is(dry.code, 0, dry.stderr);
    t.true(dry.stdout.startsWith('Dry run: would remove the demo data:\n'), dry.stdout);
    t.true(dry.stdout.includes('       8 users (the demo accounts and demo players)\n'), dry.stdout);
    t.true(dry.stdout.endsWith('Nothing was changed.\n'), dry.stdout);
    t.deepEqual(await snapshot(), before);
    for (const file of files) t.true(await exists(file), file);

    const { code, stdout, stderr } = await run(['demo:remove']);
    t.is(code, 0, stderr);
    t.true(stdout.startsWith('Removed the demo data:\n'), stdout);
    t.true(stdout.includes('       8 users (the demo accounts and demo players)\n'), stdout);
    t.true(stdout.includes(' forum threads\n') && stdout.includes(' image files\n'), stdout);
    t.true(
      stdout.includes(
        '1 real player had games against demo players; their Elo still counts them: run npm run cli -- elo:rebuild',
      ),
      stdout,
    );

    // Gone: every demo account and player, their games, news, threads, posts and image files.
    t.deepEqual(
      (await db.knex('users').select('username')).map((u: { username: string }) => u.username),
      ['real_ana'],
    );
    t.is(await count('games'), 0);
    t.falsy(await db.knex('games').where('id', vsDemo).first('id'));
    t.is(await count('news'), 0);
    t.is(await count('round_winners'), 0);
    t.deepEqual(
      (await db.knex('forum_threads').select('id')).map((r: { id: number }) => r.id),
      [realThread],
    );
    t.deepEqual(
      (await db.knex('forum_posts').select('user_id', 'message')).map((p: { message: string }) => p.message),
      ['Who plays tonight?'],
    );
    for (const file of files) t.false(await exists(file), file);

    // Stay: the season, countries, forum categories and teams, and the real player with true counters.
    t.deepEqual(await db.knex('seasons').orderBy('id').select(), base.seasons);
    t.is(await count('countries'), base.countries);
    t.deepEqual(await db.knex('forum_categories').orderBy('id').select('id', 'slug', 'title'), base.categories);
    t.is(await count('teams'), base.teams);
    const after = await db.knex('users').where('id', real.id).first('forum_post_count');
    t.is(after!.forum_post_count, 1);
    const thread = await db.knex('forum_threads').where('id', realThread).first('reply_count');
    t.is(thread!.reply_count, 0);
    const threads = await db.knex('forum_threads').where('category_id', demoThread!.category_id).count({ n: '*' });
    const category = await db.knex('forum_categories').where('id', demoThread!.category_id).first('thread_count');
    t.is(category!.thread_count, Number(threads[0]?.n));

    // A second run finds no demo data left.
    const again = await run(['demo:remove']);
    t.is(again.stdout, 'There is no demo data in this database: nothing was removed.\n');
  },
);
