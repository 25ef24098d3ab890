import type { Knex } from 'knex';
import {
  PUSH_SUBSCRIPTIONS_PER_PLAYER,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettingsRequest,
  type PushSubscriptionRequest,
} from '@ecup/domain';
import type { CommandOutcome } from '../types.ts';
import { endpointHash } from '../../queries/notifications.ts';

/** PUT /user/notifications: writes the given choices (one row each); kinds left out keep theirs. */
export async function setNotificationChoices(
  trx: Knex,
  input: { user_id: number; choices: NotificationSettingsRequest['choices']; now: Date },
): Promise<CommandOutcome<{ changed: number }>> {
  const rows = Object.entries(input.choices).flatMap(([channel, kinds]) =>
    Object.entries(kinds ?? {}).map(([kind, enabled]) => ({
      user_id: input.user_id,
      channel: channel as NotificationChannel,
      kind: kind as NotificationKind,
      enabled: enabled === true,
      updated_at: input.now,
    })),
  );
  if (rows.length > 0) {
    await trx('notification_choices')
      .insert(rows)
      .onConflict(['user_id', 'channel', 'kind'])
      .merge(['enabled', 'updated_at']);
  }
  return { result: { changed: rows.length }, events: [] };
}

/**
 * POST /user/push-subscription: stores a browser's subscription. The same endpoint again updates its keys and
 * language; an endpoint another player had subscribed moves to this one (a browser belongs to whoever signed in).
 * A player keeps at most {@link PUSH_SUBSCRIPTIONS_PER_PLAYER} browsers: beyond that, the ones subscribed longest
 * ago are forgotten (docs/rules.md "Push subscriptions"). The player's row is locked first, so two browsers
 * subscribing at once are counted one after the other.
 */
export async function savePushSubscription(
  trx: Knex,
  input: { user_id: number; subscription: PushSubscriptionRequest; now: Date },
): Promise<CommandOutcome<{ subscribed: true; replaced: number }>> {
  const { endpoint, keys, lang } = input.subscription;
  const hash = endpointHash(endpoint);
  await trx('users').where('id', input.user_id).forUpdate().first('id');
  await trx('push_subscriptions')
    .insert({
      user_id: input.user_id,
      endpoint,
      endpoint_hash: hash,
      p256dh: keys.p256dh,
      auth: keys.auth,
      lang,
      created_at: input.now,
    })
    .onConflict(['endpoint_hash'])
    .merge(['user_id', 'endpoint', 'p256dh', 'auth', 'lang']);
  // The browser just saved stays, even one moved from another player with an older created_at.
  const beyond = await trx('push_subscriptions')
    .where('user_id', input.user_id)
    .whereNot('endpoint_hash', hash)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .offset(PUSH_SUBSCRIPTIONS_PER_PLAYER - 1)
    .pluck('id');
  if (beyond.length > 0) await trx('push_subscriptions').whereIn('id', beyond).delete();
  return { result: { subscribed: true, replaced: beyond.length }, events: [] };
}

/** DELETE /user/push-subscription: forgets one of the player's browsers (another player's endpoint is left alone). */
export async function removePushSubscription(
  trx: Knex,
  input: { user_id: number; endpoint: string },
): Promise<CommandOutcome<{ removed: boolean }>> {
  const removed = await trx('push_subscriptions')
    .where({ user_id: input.user_id, endpoint_hash: endpointHash(input.endpoint) })
    .delete();
  return { result: { removed: removed > 0 }, events: [] };
}

/** The one-click unsubscribe of a notification e-mail: that kind's e-mails turn off. */
export async function unsubscribeEmail(
  trx: Knex,
  input: { user_id: number; kind: NotificationKind; now: Date },
): Promise<CommandOutcome<{ unsubscribed: boolean }>> {
  const user = await trx('users').where('id', input.user_id).whereNull('erased_at').first('id');
  if (!user) return { result: { unsubscribed: false }, events: [] };
  return setNotificationChoices(trx, {
    user_id: input.user_id,
    choices: { email: { [input.kind]: false } },
    now: input.now,
  }).then(() => ({ result: { unsubscribed: true }, events: [] }));
}

export * from './delivery.ts';
