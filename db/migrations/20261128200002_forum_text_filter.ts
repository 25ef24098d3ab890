import type { Knex } from 'knex';
import { DEFAULT_TIME_ZONE, birthDateOf, flagsForumContactAttempt, isMinorIn, isStaff } from '@ecup/domain';
import { filterLine } from '@ecup/domain/chat-safety/index.ts';

/** Rows read at a time. */
const BATCH = 500;
/** The longest text of a report. */
const REPORT_TEXT_MAX = 500;

/** One title or post this migration masked. */
interface Masked {
  what: string;
  /** The post a flag points at: the post itself, or a thread's opening post for its title. */
  post_id: number | null;
  reasons: string[];
  written_at: Date;
}

/** Reasons of a kept original and of the new masking, each once. */
function mergeReasons(kept: string | null, found: string[]): string {
  return [...new Set([...(kept ?? '').split(','), ...found].filter(Boolean))].join(',');
}

/** "Masked when …: title of thread 12 “…”; post 34 in thread 12.", cut to fit a report's text. */
function listOf(items: Masked[]): string {
  const text = `Masked when the forum filter first ran over stored text: ${items.map((item) => item.what).join('; ')}.`;
  return text.length <= REPORT_TEXT_MAX ? text : `${text.slice(0, REPORT_TEXT_MAX - 1)}…`;
}

/**
 * Forum titles and posts by anyone pass the safety filter (docs/rules.md "Forum titles and posts"); this runs it over
 * what was stored before. A title or post it masks is stored masked and its original kept for staff (in
 * `forum_thread_originals` or `forum_post_originals`, from now for 90 days; a post a minor's masking kept already
 * keeps its first original and gains the new reasons). An author whose masked text holds contact details, written
 * as an adult and not as staff, gets one automatic flag (or one more count on their open one) whose text lists the
 * threads and posts, pointing at the latest. The masking is not undone by the rollback: the masked text stays.
 */
export async function up(knex: Knex): Promise<void> {
  const now = new Date();
  const season = (await knex('seasons').where('active', true).orderBy('id', 'desc').first('time_zone')) as
    { time_zone: string } | undefined;
  const timeZone = season?.time_zone ?? DEFAULT_TIME_ZONE;
  const byAuthor = new Map<number, Masked[]>();
  const note = (userId: number, item: Masked) => byAuthor.set(userId, [...(byAuthor.get(userId) ?? []), item]);

  for (let after = 0; ;) {
    const threads = (await knex('forum_threads')
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'user_id', 'title', 'created_at')) as {
      id: number;
      user_id: number;
      title: string;
      created_at: Date;
    }[];
    if (threads.length === 0) break;
    after = threads[threads.length - 1]!.id;
    for (const thread of threads) {
      const filtered = filterLine(thread.title, { at_ms: new Date(thread.created_at).getTime() });
      if (!filtered.masked) continue;
      await knex('forum_threads').where('id', thread.id).update({ title: filtered.text });
      await knex('forum_thread_originals').insert({
        thread_id: thread.id,
        user_id: thread.user_id,
        original: thread.title,
        reasons: filtered.reasons.join(','),
        created_at: now,
      });
      const opening = (await knex('forum_posts').where('thread_id', thread.id).orderBy('id').first('id')) as
        { id: number } | undefined;
      note(thread.user_id, {
        what: `title of thread ${thread.id} “${filtered.text}”`,
        post_id: opening?.id ?? null,
        reasons: filtered.reasons,
        written_at: new Date(thread.created_at),
      });
    }
  }

  for (let after = 0; ;) {
    const posts = (await knex('forum_posts as p')
      .leftJoin('forum_post_originals as o', 'o.post_id', 'p.id')
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(BATCH)
      .select('p.id', 'p.thread_id', 'p.user_id', 'p.message', 'p.created_at', 'o.id as original_id', 'o.reasons')) as {
      id: number;
      thread_id: number;
      user_id: number;
      message: string;
      created_at: Date;
      original_id: number | null;
      reasons: string | null;
    }[];
    if (posts.length === 0) break;
    after = posts[posts.length - 1]!.id;
    for (const post of posts) {
      const filtered = filterLine(post.message, { at_ms: new Date(post.created_at).getTime() });
      if (!filtered.masked) continue;
      await knex('forum_posts').where('id', post.id).update({ message: filtered.text });
      if (post.original_id !== null) {
        await knex('forum_post_originals')
          .where('id', post.original_id)
          .update({ reasons: mergeReasons(post.reasons, filtered.reasons) });
      } else {
        await knex('forum_post_originals').insert({
          post_id: post.id,
          user_id: post.user_id,
          original: post.message,
          reasons: filtered.reasons.join(','),
          created_at: now,
        });
      }
      note(post.user_id, {
        what: `post ${post.id} in thread ${post.thread_id}`,
        post_id: post.id,
        reasons: filtered.reasons,
        written_at: new Date(post.created_at),
      });
    }
  }

  for (const [userId, items] of byAuthor) {
    const user = (await knex('users').where('id', userId).first('birth_date', 'permissions')) as
      { birth_date: Date | string; permissions: number } | undefined;
    if (!user) continue;
    const staff = isStaff({ permissions: user.permissions });
    const attempts = [...items]
      .sort((a, b) => a.written_at.getTime() - b.written_at.getTime())
      .filter((item) =>
        flagsForumContactAttempt(item.reasons, {
          minor: isMinorIn(birthDateOf(user.birth_date), item.written_at, timeZone),
          staff,
        }),
      );
    if (attempts.length === 0) continue;
    const latest = [...attempts].reverse().find((item) => item.post_id !== null)?.post_id ?? null;
    const text = listOf(attempts);
    const open = (await knex('reports')
      .where({ kind: 'flag', reported_user_id: userId })
      .whereNull('resolved_at')
      .first('id', 'text')) as { id: number; text: string | null } | undefined;
    if (open) {
      await knex('reports')
        .where('id', open.id)
        .update({
          attempts: knex.raw('attempts + ?', [attempts.length]),
          ...(latest === null ? {} : { post_id: latest, game_id: null, chat_message_id: null }),
          ...(open.text === null ? { text } : {}),
        });
    } else {
      await knex('reports').insert({
        kind: 'flag',
        reporter_user_id: null,
        reported_user_id: userId,
        post_id: latest,
        reason: 'personal_details',
        text,
        attempts: attempts.length,
        created_at: now,
      });
    }
  }
}

/** The masked text and the flags stay: unmasking contact details is not something a rollback should do. */
export async function down(): Promise<void> {}
