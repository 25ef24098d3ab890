import Router from '@koa/router';
import {
  MESSAGES,
  validateNotificationSettings,
  validatePushRemoval,
  validatePushSubscription,
  type NotificationSettingsPayload,
} from '@ecup/domain';
import {
  notificationSettings,
  removePushSubscription,
  savePushSubscription,
  setNotificationChoices,
  unsubscribeEmail,
} from '@ecup/db';
import { readUnsubscribeToken } from '@ecup/security';
import type { AppDeps, AppState } from '../../context.ts';
import { badRequest, notFound, valid } from '../../errors.ts';
import { requireUser } from '../../middleware/auth.ts';
import { bodyOf, queryOf } from '../../middleware/body.ts';
import { clientIp } from '../../services/client.ts';
import { runCommand } from '../../services/commands.ts';
import { LIMITS, hit } from '../../services/rate-limit.ts';

/**
 * Notifications outside the open tab (docs/api.md "Notifications"): the player's choices per channel and kind, the
 * browsers subscribed to Web Push, and the one-click unsubscribe of a notification e-mail (no sign-in: its token
 * names the player and the kind).
 */
export function notificationsRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();
  const testHosts = deps.config.pushEndpointHostsForTests;

  async function settingsOf(userId: number): Promise<NotificationSettingsPayload> {
    const { choices, push_subscriptions } = await notificationSettings(deps.knex, userId);
    return { choices, vapid_public_key: deps.config.vapid.publicKey, push_subscriptions };
  }

  router.get('/user/notifications', async (ctx) => {
    const user = requireUser(ctx);
    ctx.body = await settingsOf(user.id);
  });

  router.put('/user/notifications', async (ctx) => {
    const user = requireUser(ctx);
    const { choices } = valid(validateNotificationSettings(bodyOf(ctx)));
    await hit(deps.redis, LIMITS.notificationSettingsPerUser, String(user.id));
    await runCommand(deps, (trx) => setNotificationChoices(trx, { user_id: user.id, choices, now: deps.now() }));
    ctx.body = await settingsOf(user.id);
  });

  router.post('/user/push-subscription', async (ctx) => {
    const user = requireUser(ctx);
    const subscription = valid(validatePushSubscription(bodyOf(ctx), testHosts));
    await hit(deps.redis, LIMITS.pushSubscriptionPerUser, String(user.id));
    await runCommand(deps, (trx) => savePushSubscription(trx, { user_id: user.id, subscription, now: deps.now() }));
    ctx.body = await settingsOf(user.id);
  });

  const unsubscribePush = async (ctx: Router.RouterContext<AppState>) => {
    const user = requireUser(ctx);
    // A DELETE may name the endpoint in its query (clients that send no DELETE body) or its body.
    const { endpoint } = valid(validatePushRemoval({ ...queryOf(ctx), ...bodyOf(ctx) }));
    await hit(deps.redis, LIMITS.pushSubscriptionPerUser, String(user.id));
    await runCommand(deps, (trx) => removePushSubscription(trx, { user_id: user.id, endpoint }));
    ctx.body = await settingsOf(user.id);
  };
  router.delete('/user/push-subscription', unsubscribePush);
  router.post('/user/push-subscription/remove', unsubscribePush);

  // One click from the e-mail (RFC 8058: the mail client posts `List-Unsubscribe=One-Click` to the link), or the
  // player app's /unsubscribe page posting the link's token.
  router.post('/unsubscribe', async (ctx) => {
    const token = String(queryOf(ctx).token ?? bodyOf(ctx).token ?? '');
    await hit(deps.redis, LIMITS.unsubscribePerIp, clientIp(ctx));
    const named = readUnsubscribeToken(deps.config.unsubscribeKey, token);
    if (!named) throw badRequest('unsubscribeLinkInvalid');
    const { unsubscribed } = await runCommand(deps, (trx) => unsubscribeEmail(trx, { ...named, now: deps.now() }));
    if (!unsubscribed) throw notFound('unsubscribeLinkInvalid');
    ctx.body = { unsubscribed: true, kind: named.kind, message: MESSAGES.unsubscribed };
  });

  return router;
}
