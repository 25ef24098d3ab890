import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationChoices,
  type NotificationKind,
} from '@ecup/domain';

/** Every kind off on every channel: a player's choices before they opt in. */
function allOff(): NotificationChoices {
  return Object.fromEntries(
    NOTIFICATION_CHANNELS.map((channel) => [
      channel,
      Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, false])),
    ]),
  ) as NotificationChoices;
}

/** GET /user/notifications: the player's choices (off where none was made) and how many browsers are subscribed. */
export async function notificationSettings(
  knex: Knex,
  userId: number,
): Promise<{ choices: NotificationChoices; push_subscriptions: number }> {
  const choices = allOff();
  const rows = await knex('notification_choices').where('user_id', userId).select('channel', 'kind', 'enabled');
  for (const { channel, kind, enabled } of rows) {
    if (choices[channel] && kind in choices[channel]) choices[channel][kind] = Boolean(enabled);
  }
  const counted = (await knex('push_subscriptions').where('user_id', userId).count({ count: '*' }).first()) as
    { count: number } | undefined;
  return { choices, push_subscriptions: counted?.count ?? 0 };
}

/** One player a notification goes to: what they chose for its kind, their address, birth date and browsers. */
export interface NotificationRecipient {
  user_id: number;
  push: boolean;
  email: boolean;
  email_address: string;
  birth_date: Date;
  subscriptions: { id: number; endpoint: string; p256dh: string; auth: string; lang: 'en' | 'sv' }[];
}

/** The players of `userIds` who chose `kind` on some channel (erased accounts never). */
export async function notificationRecipients(
  knex: Knex,
  kind: NotificationKind,
  userIds: number[],
): Promise<NotificationRecipient[]> {
  if (userIds.length === 0) return [];
  const choices = await knex('notification_choices as c')
    .join('users as u', 'u.id', 'c.user_id')
    .whereIn('c.user_id', userIds)
    .where({ 'c.kind': kind, 'c.enabled': true })
    .whereNull('u.erased_at')
    .select('c.user_id', 'c.channel', 'u.email', 'u.birth_date');
  const byUser = new Map<number, NotificationRecipient>();
  for (const row of choices) {
    const recipient = byUser.get(row.user_id) ?? {
      user_id: row.user_id,
      push: false,
      email: false,
      email_address: row.email,
      birth_date: row.birth_date,
      subscriptions: [],
    };
    recipient[row.channel as NotificationChannel] = true;
    byUser.set(row.user_id, recipient);
  }
  const pushing = [...byUser.values()].filter((r) => r.push).map((r) => r.user_id);
  if (pushing.length > 0) {
    const subscriptions = await knex('push_subscriptions')
      .whereIn('user_id', pushing)
      .orderBy('id')
      .select('id', 'user_id', 'endpoint', 'p256dh', 'auth', 'lang');
    for (const row of subscriptions) {
      byUser.get(row.user_id)!.subscriptions.push({
        id: row.id,
        endpoint: row.endpoint,
        p256dh: row.p256dh,
        auth: row.auth,
        lang: row.lang,
      });
    }
  }
  return [...byUser.values()];
}

/** The language of a player's e-mails: that of the browser they subscribed last, else English. */
export async function notificationLangs(knex: Knex, userIds: number[]): Promise<Map<number, 'en' | 'sv'>> {
  const langs = new Map<number, 'en' | 'sv'>();
  if (userIds.length === 0) return langs;
  const rows = await knex('push_subscriptions').whereIn('user_id', userIds).orderBy('id').select('user_id', 'lang');
  for (const row of rows) langs.set(row.user_id, row.lang);
  return langs;
}

/** The players who chose `kind` on some channel, by id from `afterId` on, `limit` at a time (window_open's batches). */
export async function playersWhoChose(
  knex: Knex,
  kind: NotificationKind,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await knex('notification_choices')
    .where({ kind, enabled: true })
    .where('user_id', '>', afterId)
    .distinct('user_id')
    .orderBy('user_id')
    .limit(limit);
  return rows.map((row: { user_id: number }) => row.user_id);
}

/** The key a push subscription is unique on: SHA-256 of its endpoint, hex. */
export function endpointHash(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('hex');
}

/** A forum reply notification's thread: its id, title and category slug, or undefined when it is gone. */
export async function forumThreadSubject(
  knex: Knex,
  threadId: number,
): Promise<{ id: number; title: string; slug: string } | undefined> {
  return knex('forum_threads as t')
    .join('forum_categories as c', 'c.id', 't.category_id')
    .where('t.id', threadId)
    .first('t.id', 't.title', 'c.slug');
}
