import test from 'ava';
import { migrateLatest } from '@ecup/db';
import { migrationSuite } from '../helpers/migration-suite.ts';
import { buildGame, buildUser } from '../helpers/factories.ts';

const knex = migrationSuite('forumtext', '20261128200001_forum_thread_originals');

const yearsAgo = (years: number) => new Date(Date.UTC(new Date().getUTCFullYear() - years, 0, 1));
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 10, minutes));

async function thread(user_id: number, title: string, created_at: Date): Promise<number> {
  const [id] = await knex('forum_threads').insert({
    category_id: 3,
    user_id,
    title,
    created_at,
    last_post_at: created_at,
  });
  return id!;
}
async function post(thread_id: number, user_id: number, message: string, created_at: Date): Promise<number> {
  const [id] = await knex('forum_posts').insert({ thread_id, user_id, message, created_at });
  return id!;
}

test("stored titles and posts are masked with their originals kept; an adult's contact details get one readable flag", async (t) => {
  const [adult, swearer, minor, staff, flagged] = await Promise.all([
    buildUser(knex, { birth_date: yearsAgo(30) }),
    buildUser(knex, { birth_date: yearsAgo(30) }),
    buildUser(knex, { birth_date: yearsAgo(15) }),
    buildUser(knex, { birth_date: yearsAgo(40), permissions: 4 }),
    buildUser(knex, { birth_date: yearsAgo(30) }),
  ]);
  const coach = await thread(adult.id, 'add me on insta micke.coach', at(0));
  const opening = await post(coach, adult.id, 'good game, 3-1 at home', at(0));
  const number = await post(coach, adult.id, 'text me 0701234567', at(5));
  const ordinary = await thread(swearer.id, 'Friendly tonight', at(1));
  const plain = await post(ordinary, swearer.id, 'anyone up for a match at 19?', at(1));
  const swearing = await post(ordinary, swearer.id, 'what a shit pass', at(2));
  const minors = await post(ordinary, minor.id, 'mail kalle@gmail.com', at(3));
  // A minor's post masked when it was written keeps its first original and gains the new reason.
  const earlier = await post(ordinary, minor.id, 'write to ••• or fuck off', at(4));
  await knex('forum_post_originals').insert({
    post_id: earlier,
    user_id: minor.id,
    original: 'write to kalle@gmail.com or fuck off',
    reasons: 'email',
    created_at: at(4),
  });
  const staffs = await post(ordinary, staff.id, 'mail support@example.com with the video', at(6));
  // A player with an open flag from chat: the forum's attempt counts on it.
  const other = await buildUser(knex, { birth_date: yearsAgo(14) });
  const game = await buildGame(knex, { user_1_id: flagged.id, user_2_id: other.id });
  const [line] = await knex('chat_messages').insert({
    game_id: game,
    user_id: flagged.id,
    content: 'ring •••',
    is_admin: false,
    created_at: at(0),
  });
  await knex('reports').insert({
    kind: 'flag',
    reported_user_id: flagged.id,
    game_id: game,
    chat_message_id: line,
    reason: 'personal_details',
    attempts: 1,
    created_at: at(0),
  });
  const snap = await post(ordinary, flagged.id, 'my snap is nisse_1', at(7));

  await migrateLatest(knex);

  t.deepEqual(
    (await knex('forum_threads').whereIn('id', [coach, ordinary]).orderBy('id').select('title')).map((r) => r.title),
    ['add me on insta •••', 'Friendly tonight'],
  );
  const messages = new Map(
    ((await knex('forum_posts').select('id', 'message')) as { id: number; message: string }[]).map((r) => [
      r.id,
      r.message,
    ]),
  );
  t.deepEqual(
    [opening, number, plain, swearing, minors, earlier, staffs, snap].map((id) => messages.get(id)),
    [
      'good game, 3-1 at home',
      'text me •••',
      'anyone up for a match at 19?',
      'what a ••• pass',
      'mail •••',
      'write to ••• or ••• off',
      'mail ••• with the video',
      'my snap is •••',
    ],
  );
  t.deepEqual(await knex('forum_thread_originals').select('thread_id', 'user_id', 'original', 'reasons'), [
    { thread_id: coach, user_id: adult.id, original: 'add me on insta micke.coach', reasons: 'handle' },
  ]);
  t.deepEqual(await knex('forum_post_originals').orderBy('post_id').select('post_id', 'original', 'reasons'), [
    { post_id: number, original: 'text me 0701234567', reasons: 'phone' },
    { post_id: swearing, original: 'what a shit pass', reasons: 'profanity' },
    { post_id: minors, original: 'mail kalle@gmail.com', reasons: 'email' },
    { post_id: earlier, original: 'write to kalle@gmail.com or fuck off', reasons: 'email,profanity' },
    { post_id: staffs, original: 'mail support@example.com with the video', reasons: 'email' },
    { post_id: snap, original: 'my snap is nisse_1', reasons: 'handle' },
  ]);

  // Flags: the adult's contact details only, one flag each, naming the thread and the post.
  const flags = await knex('reports').where('kind', 'flag').orderBy('id').select('*');
  t.deepEqual(
    flags.map((flag) => flag.reported_user_id),
    [flagged.id, adult.id],
    'nobody for swearing alone, a minor or staff',
  );
  const [merged, fresh] = flags;
  t.like(fresh, {
    reporter_user_id: null,
    reason: 'personal_details',
    attempts: 2,
    post_id: number,
    game_id: null,
    resolved_at: null,
    text:
      `Masked when the forum filter first ran over stored text: title of thread ${coach} “add me on insta •••”; ` +
      `post ${number} in thread ${coach}.`,
  });
  t.like(merged, {
    attempts: 2,
    post_id: snap,
    game_id: null,
    chat_message_id: null,
    text: `Masked when the forum filter first ran over stored text: post ${snap} in thread ${ordinary}.`,
  });

  // Nothing more to do on a second look: the stored text no longer holds what the filter masks.
  t.deepEqual(await migrateLatest(knex), []);
});
