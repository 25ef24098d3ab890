import type { MessageKey } from '../../i18n/catalogue.ts';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;

/**
 * A thread's age (docs/product.md#screens-and-routes): whole hours while under 24 hours, whole days after that, from its last post or, with
 * none, its creation. `now` is unix seconds.
 */
export function threadAge(t: Translate, thread: { inserted: number; last_post_inserted: number }, now: number): string {
  const since = Math.max(thread.last_post_inserted || 0, thread.inserted);
  const seconds = Math.max(0, now - since);
  if (seconds < DAY_S) {
    const hours = Math.floor(seconds / HOUR_S);
    if (hours === 0) return t('forums.age.underHour');
    return hours === 1 ? t('forums.age.hour') : t('forums.age.hours', { count: hours });
  }
  const days = Math.floor(seconds / DAY_S);
  return days === 1 ? t('forums.age.day') : t('forums.age.days', { count: days });
}

/** "1 reply" / "12 replies". */
export function replyCount(t: Translate, count: number): string {
  return count === 1 ? t('forums.replies.one') : t('forums.replies.many', { count });
}

/** A poster's lifetime post count with singular or plural wording (docs/product.md#screens-and-routes): "1 post" / "12 posts". */
export function lifetimePosts(t: Translate, count: number): string {
  return count === 1 ? t('forums.lifetime.one') : t('forums.lifetime.many', { count });
}

/** Unix seconds now. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
