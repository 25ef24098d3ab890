import type { Knex } from 'knex';
import { removeAvatar, removeWithThumbnail, type ImageStore } from '@ecup/storage';
import { withSeedLock } from './base.ts';
import { DEMO_ACCOUNTS } from './demo.ts';

/** What removeDemo deleted (all zero when the database holds no demo data). */
export interface RemoveDemoSummary {
  /** Every demo user: the two demo accounts plus the demo players. */
  users: number;
  games: number;
  matches: number;
  news: number;
  forum_threads: number;
  /** Forum posts deleted: the demo users' posts and every post of the demo users' threads. */
  forum_posts: number;
  /** Image files deleted from UPLOAD_DIR (avatars in three sizes, news and evidence images with thumbnails). */
  images: number;
  /** Real players who had games against demo players (their Elo still counts them: `elo:rebuild` replays it). */
  real_players_with_demo_games: number;
}

const ZERO: RemoveDemoSummary = {
  users: 0,
  games: 0,
  matches: 0,
  news: 0,
  forum_threads: 0,
  forum_posts: 0,
  images: 0,
  real_players_with_demo_games: 0,
};

const CHUNK = 500;

/**
 * The ids of the users the demo seed created. The two demo accounts are found by their usernames with their
 * `{username}@example.com` addresses. Every demo player has the address `{lowercase username}@example.com` and the
 * one password hash the seed shared among all of them; a real account never shares a hash with another account (each
 * hash has its own random salt), so a real player who signed up with such an address is never taken for a demo one.
 */
export async function findDemoUserIds(knex: Knex): Promise<number[]> {
  const accounts = [DEMO_ACCOUNTS.admin.username, DEMO_ACCOUNTS.player.username];
  const rows: { id: number }[] = await knex('users as u')
    .where((q) =>
      q
        .where((a) => a.whereIn('u.username', accounts).whereRaw("u.email = CONCAT(u.username, '@example.com')"))
        .orWhere((p) =>
          p
            .whereRaw("u.email = CONCAT(LOWER(u.username), '@example.com')")
            .whereExists((o) =>
              o
                .select(knex.raw('1'))
                .from('users as o')
                .whereRaw('o.id <> u.id')
                .whereRaw('o.password_hash = u.password_hash')
                .whereRaw("o.email = CONCAT(LOWER(o.username), '@example.com')"),
            ),
        ),
    )
    .orderBy('u.id')
    .select('u.id');
  return rows.map((r) => r.id);
}

/** Whether the database holds any demo account or demo player (a production start refuses it). */
export async function demoPresent(knex: Knex): Promise<boolean> {
  return (await findDemoUserIds(knex)).length > 0;
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Removes what the demo seed created: the demo accounts and demo players with their sessions, games (and those games'
 * chat, evidence, Elo history and trophy moves), matches, queue entries, news they published, forum threads they
 * started (with every post in them) and their posts elsewhere. Counters stay true: the threads keep their reply count
 * and last post, the categories their thread count, real players their post count. The base rows (countries, seasons,
 * forum categories, teams) and every real player stay. One transaction under the demo seed's lock; the image files
 * are deleted from `store` after the commit. With `dryRun` it counts the same and rolls back, keeping every file.
 */
export async function removeDemo(
  knex: Knex,
  store: ImageStore,
  options: { dryRun?: boolean } = {},
): Promise<RemoveDemoSummary> {
  const files: { count: number; remove: () => Promise<void> }[] = [];
  let summary: RemoveDemoSummary;
  try {
    summary = await withSeedLock(knex, 'ecup_seed_demo', async (trx) => {
      const ids = await findDemoUserIds(trx);
      if (ids.length === 0) return { ...ZERO };
      const demo = new Set(ids);
      const result = { ...ZERO, users: ids.length };

      const users: { avatar_hash: string | null; team_avatar_hash: string | null }[] = [];
      const games: { id: number; user_1_id: number; user_2_id: number }[] = [];
      const matchIds: number[] = [];
      const news: { id: number; image_hash: string | null }[] = [];
      const threads: { id: number; category_id: number }[] = [];
      for (const part of chunks(ids)) {
        users.push(...(await trx('users').whereIn('id', part).select('avatar_hash', 'team_avatar_hash')));
        games.push(
          ...(await trx('games')
            .where((q) => q.whereIn('user_1_id', part).orWhereIn('user_2_id', part))
            .select('id', 'user_1_id', 'user_2_id')),
        );
        matchIds.push(
          ...(
            await trx('matches')
              .where((q) => q.whereIn('user_1_id', part).orWhereIn('user_2_id', part))
              .select('id')
          ).map((m: { id: number }) => m.id),
        );
        news.push(...(await trx('news').whereIn('publisher_user_id', part).select('id', 'image_hash')));
        threads.push(...(await trx('forum_threads').whereIn('user_id', part).select('id', 'category_id')));
      }
      const gameIds = [...new Set(games.map((g) => g.id))];
      const matches = [...new Set(matchIds)];
      const realOpponents = new Set<number>();
      for (const g of games) {
        if (!demo.has(g.user_1_id)) realOpponents.add(g.user_1_id);
        if (!demo.has(g.user_2_id)) realOpponents.add(g.user_2_id);
      }

      // Games: trophy moves point at them without a cascade; chat, evidence and Elo history go with them.
      const evidence: string[] = [];
      for (const part of chunks(gameIds)) {
        evidence.push(
          ...(
            await trx('evidence').whereIn('game_id', part).whereNotNull('evidence_hash').select('evidence_hash')
          ).flatMap((e) => (e.evidence_hash === null ? [] : [e.evidence_hash])),
        );
        await trx('trophy_moves').whereIn('game_id', part).delete();
        await trx('games').whereIn('id', part).delete();
      }
      for (const part of chunks(matches)) {
        await trx('queue_entries').whereIn('match_id', part).update({ match_id: null });
        await trx('games').whereIn('match_id', part).update({ match_id: null });
        await trx('matches').whereIn('id', part).delete();
      }
      // A trophy a demo account holds goes back to its pool.
      for (const part of chunks(ids)) {
        await trx('trophies')
          .whereIn('holder_user_id', part)
          .update({ state: 'pool', holder_user_id: null, wins: 0, taken_at: null, expires_at: null, secured_at: null });
      }

      // Forum: the demo users' threads with every post in them, then their posts in real threads.
      const threadIds = threads.map((t) => t.id);
      const realPostsLost = new Map<number, number>();
      for (const part of chunks(threadIds)) {
        const posts: { user_id: number; n: number }[] = await trx('forum_posts')
          .whereIn('thread_id', part)
          .groupBy('user_id')
          .select('user_id', trx.raw('COUNT(*) AS n'));
        for (const p of posts) {
          result.forum_posts += p.n;
          if (!demo.has(p.user_id)) realPostsLost.set(p.user_id, (realPostsLost.get(p.user_id) ?? 0) + p.n);
        }
        await trx('forum_posts').whereIn('thread_id', part).delete();
        await trx('forum_threads').whereIn('id', part).delete();
      }
      const touchedThreads = new Set<number>();
      for (const part of chunks(ids)) {
        const rows: { thread_id: number }[] = await trx('forum_posts').whereIn('user_id', part).distinct('thread_id');
        for (const r of rows) touchedThreads.add(r.thread_id);
        result.forum_posts += await trx('forum_posts').whereIn('user_id', part).delete();
      }
      for (const threadId of touchedThreads) {
        const [stats]: { n: number; last: Date | null }[] = await trx('forum_posts')
          .where('thread_id', threadId)
          .select(trx.raw('COUNT(*) AS n'), trx.raw('MAX(created_at) AS last'));
        if (stats!.n === 0 || stats!.last === null) {
          // Only demo posts were left in it (the first post was a real player's, later removed by a moderator).
          const thread = await trx('forum_threads').where('id', threadId).first('category_id');
          await trx('forum_threads').where('id', threadId).delete();
          if (thread) threads.push({ id: threadId, category_id: thread.category_id });
          continue;
        }
        await trx('forum_threads')
          .where('id', threadId)
          .update({ reply_count: stats!.n - 1, last_post_at: stats!.last });
      }
      const perCategory = new Map<number, number>();
      for (const t of threads) perCategory.set(t.category_id, (perCategory.get(t.category_id) ?? 0) + 1);
      for (const [categoryId, n] of perCategory) {
        await trx('forum_categories')
          .where('id', categoryId)
          .update({ thread_count: trx.raw('GREATEST(CAST(thread_count AS SIGNED) - ?, 0)', [n]) });
      }
      for (const [userId, n] of realPostsLost) {
        await trx('users')
          .where('id', userId)
          .update({ forum_post_count: trx.raw('GREATEST(CAST(forum_post_count AS SIGNED) - ?, 0)', [n]) });
      }

      for (const part of chunks(news.map((n) => n.id))) await trx('news').whereIn('id', part).delete();
      // Sessions, reset links, queue entries, bans, reports and recorded round wins go with the accounts (ON DELETE
      // CASCADE).
      for (const part of chunks(ids)) await trx('users').whereIn('id', part).delete();

      result.games = gameIds.length;
      result.matches = matches.length;
      result.news = news.length;
      result.forum_threads = threads.length;
      result.real_players_with_demo_games = realOpponents.size;
      for (const u of users) {
        const { avatar_hash: avatar, team_avatar_hash: team } = u;
        if (avatar) files.push({ count: 3, remove: () => removeAvatar(store, avatar) });
        if (team) files.push({ count: 1, remove: () => store.remove('team', team) });
      }
      for (const n of news) {
        const image = n.image_hash;
        if (image) files.push({ count: 2, remove: () => removeWithThumbnail(store, 'news_thumb', image) });
      }
      for (const hash of evidence) {
        files.push({ count: 2, remove: () => removeWithThumbnail(store, 'evidence_thumb', hash) });
      }
      result.images = files.reduce((sum, f) => sum + f.count, 0);
      // A dry run rolls everything back and keeps the files.
      if (options.dryRun) throw new DryRun(result);
      return result;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.summary;
    throw error;
  }
  // After the commit: a failed transaction leaves every file in place.
  for (const file of files) await file.remove();
  return summary;
}

class DryRun extends Error {
  constructor(readonly summary: RemoveDemoSummary) {
    super('dry run');
  }
}
