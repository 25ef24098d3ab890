/**
 * The forum under a season's worth of talk: 10,000 threads and 1,000,000 posts by 3,000 players, seeded with bulk
 * `INSERT … SELECT` from MariaDB's sequence engine (seq_1_to_N), then the API started as its own process on
 * loopback and each read measured at a fixed concurrency. Prints the seeding time, the figures and the query
 * plans (EXPLAIN key and ANALYZE rows) of the thread list and the thread page.
 */
import type { Knex } from 'knex';
import { loadGeneratorFits } from './baselines.ts';
import { load, printResults, type LoadTarget } from './load.ts';
import { benchDatabase, loadOptions, startApiProcess } from './setup.ts';

const USERS = 3_000;
const THREADS = 10_000;
const POSTS = 1_000_000;
/** Posts of the one large thread; the other 9,999 threads share the rest (90 each). */
const LARGE_THREAD_POSTS = 100_090;

/** Seeds users, threads and posts with a handful of set-based statements and brings every counter in line. */
async function seedForum(knex: Knex): Promise<{ largeThread: number; normalThread: number }> {
  const small = POSTS - LARGE_THREAD_POSTS;
  await knex.transaction(async (trx) => {
    await trx.raw('SET SESSION foreign_key_checks = 0, unique_checks = 0');
    await trx.raw(
      `INSERT INTO users (username, first_name, last_name, email, password_hash, console, gamer_tag, country_id,
         birth_date, team_name, fifa_team_name, terms_accepted_at, permissions)
       SELECT CONCAT('bench', seq), 'Bench', 'Player', CONCAT('bench', seq, '@example.com'), 'x', 1,
         CONCAT('tag', seq), 0, '2000-01-01', 'IFK Göteborg', 'Real Madrid', NOW(), IF(seq % 500 = 0, 2, 0)
       FROM seq_1_to_${USERS}`,
    );
    const [[{ u0 }]] = (await trx.raw('SELECT MIN(id) AS u0 FROM users')) as [[{ u0: number }]];
    const words = `ELT(1 + seq % 6, 'offside', 'penalties', 'tactics', 'trophies', 'kits', 'Gothia')`;
    await trx.raw(
      `INSERT INTO forum_threads (id, category_id, user_id, title, created_at, last_post_at)
       SELECT seq, seq % 4, ${u0} + (seq * 7919) % ${USERS}, CONCAT('Topic ', seq, ' about ', ${words}),
         NOW(3) - INTERVAL 60 DAY, NOW(3) - INTERVAL 60 DAY
       FROM seq_1_to_${THREADS}`,
    );
    // Thread 1 is the large one; threads 2..10000 take 90 posts each, round-robin.
    await trx.raw(
      `INSERT INTO forum_posts (thread_id, user_id, message, created_at)
       SELECT 1, ${u0} + (seq * 104729) % ${USERS},
         CONCAT('Post ', seq, ' on ', ${words}, IF(seq % 1000 = 0, ' with the needle', ''), ' and more text so a message has a realistic length of a sentence or two.'),
         NOW(3) - INTERVAL 60 DAY + INTERVAL seq SECOND
       FROM seq_1_to_${LARGE_THREAD_POSTS}`,
    );
    await trx.raw(
      `INSERT INTO forum_posts (thread_id, user_id, message, created_at)
       SELECT 2 + (seq - 1) % ${THREADS - 1}, ${u0} + (seq * 104729) % ${USERS},
         CONCAT('Reply ', seq, ' on ', ${words}, ' and more text so a message has a realistic length of a sentence or two.'),
         NOW(3) - INTERVAL 50 DAY + INTERVAL seq SECOND
       FROM seq_1_to_${small}`,
    );
    await trx.raw(
      `UPDATE forum_threads t JOIN (SELECT thread_id, COUNT(*) AS n, MAX(created_at) AS last FROM forum_posts
         GROUP BY thread_id) p ON p.thread_id = t.id
       SET t.reply_count = p.n - 1, t.last_post_at = p.last`,
    );
    await trx.raw(
      `UPDATE users u JOIN (SELECT user_id, COUNT(*) AS n FROM forum_posts GROUP BY user_id) p ON p.user_id = u.id
       SET u.forum_post_count = p.n`,
    );
    await trx.raw(
      `UPDATE forum_categories c JOIN (SELECT category_id, COUNT(*) AS n FROM forum_threads GROUP BY category_id) t
         ON t.category_id = c.id SET c.thread_count = t.n`,
    );
  });
  await knex.raw('ANALYZE TABLE forum_threads, forum_posts, users');
  return { largeThread: 1, normalThread: 4_001 };
}

/** EXPLAIN (key, rows estimate) and ANALYZE (rows actually read) of one statement, one line per table. */
async function plan(knex: Knex, label: string, sql: string, bindings: readonly Knex.Value[]): Promise<void> {
  const [explained] = (await knex.raw(`EXPLAIN ${sql}`, bindings)) as [Record<string, unknown>[]];
  const [analyzed] = (await knex.raw(`ANALYZE ${sql}`, bindings)) as [Record<string, unknown>[]];
  console.log(`EXPLAIN ${label}`);
  explained.forEach((row, i) => {
    console.log(
      `  ${String(row.table).padEnd(14)} type=${String(row.type).padEnd(7)} key=${String(row.key).padEnd(26)} rows=${String(row.rows).padEnd(8)} r_rows=${String(analyzed[i]?.r_rows).padEnd(8)} ${String(row.Extra ?? '')}`,
    );
  });
}

export async function run(): Promise<void> {
  const db = await benchDatabase({ min: 1, max: 4 });
  const knex = db.knex;
  try {
    const seedStarted = performance.now();
    const { largeThread, normalThread } = await seedForum(knex);
    const [[counts]] = (await knex.raw(
      'SELECT (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM forum_threads) AS threads, (SELECT COUNT(*) FROM forum_posts) AS posts',
    )) as [[{ users: number; threads: number; posts: number }]];
    console.log(
      `seeded ${counts.users} users, ${counts.threads} threads and ${counts.posts} posts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const threadList = `SELECT forum_threads.id, forum_threads.title, users.username FROM (SELECT id FROM forum_threads
      WHERE category_id = ? ORDER BY last_post_at DESC, id DESC LIMIT ? OFFSET ?) AS page
      JOIN forum_threads ON forum_threads.id = page.id JOIN users ON users.id = forum_threads.user_id
      ORDER BY forum_threads.last_post_at DESC, forum_threads.id DESC`;
    await plan(knex, 'thread list, first page (category 1, 10)', threadList, [1, 10, 0]);
    await plan(knex, 'thread list, deep page (category 1, start 2400, 10)', threadList, [1, 10, 2400]);
    const threadPage = `SELECT forum_posts.id, forum_posts.message, users.username, users.forum_post_count
      FROM forum_posts JOIN users ON users.id = forum_posts.user_id
      JOIN (SELECT id FROM forum_posts WHERE thread_id = ? AND hidden_at IS NULL ORDER BY id ASC LIMIT ? OFFSET ?)
        AS page ON page.id = forum_posts.id
      ORDER BY forum_posts.id ASC`;
    await plan(knex, `thread page (thread ${normalThread}, 90 posts)`, threadPage, [normalThread, 500, 0]);
    await plan(knex, 'thread page, large thread (start 50000, 500)', threadPage, [largeThread, 500, 50_000]);
    await plan(
      knex,
      'post search in the large thread',
      `SELECT forum_posts.id FROM forum_posts WHERE forum_posts.thread_id = ? AND forum_posts.message LIKE ? ESCAPE '!'
        AND forum_posts.hidden_at IS NULL ORDER BY forum_posts.id LIMIT 500`,
      [largeThread, '%needle%'],
    );
    await plan(
      knex,
      'thread title search (category 1)',
      `SELECT forum_threads.id FROM forum_threads WHERE category_id = ? AND title LIKE ? ESCAPE '!'
        ORDER BY last_post_at DESC, id DESC LIMIT 250`,
      [1, '%penal%'],
    );

    const api = await startApiProcess(db);
    const options = loadOptions();
    if (!(await loadGeneratorFits(options))) return;
    const get = (path: string): LoadTarget => ({ url: api.url, path });
    const results = [
      await load('threads, first page (10)', get('/forums/threads?category_id=1&amount=10'), options),
      await load('threads, deep page (start 2400)', get('/forums/threads?category_id=1&start=2400&amount=10'), options),
      await load('threads, 250 at once', get('/forums/threads?category_id=1&start=1000&amount=250'), options),
      await load(`posts, thread of 90`, get(`/forums/posts?thread_id=${normalThread}`), options),
      await load('posts, large thread (500)', get(`/forums/posts?thread_id=${largeThread}&start=50000`), options),
      await load('thread title search', get('/forums/threads/search?category_id=1&query=penal'), options),
      await load('post search, large thread', get(`/forums/posts/search?thread_id=${largeThread}&query=needle`), {
        ...options,
        maxRequests: 5_000,
      }),
      await load('post search, large, 1 at a time', get(`/forums/posts/search?thread_id=${largeThread}&query=needle`), {
        ...options,
        concurrency: 1,
        maxRequests: 200,
      }),
      await load('category_threads', get('/forums/category_threads'), options),
    ];
    printResults(results);
    await api.stopAndReport();
  } finally {
    await db.drop();
  }
}
