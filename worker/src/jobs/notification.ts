import type { Knex } from 'knex';
import webpush from 'web-push';
import {
  MARKETING_NOTIFICATION_KINDS,
  NOTIFICATION_TTL_SECONDS,
  PRODUCT_NAME_DEFAULT,
  isMinorIn,
  notificationMail,
  notificationPayload,
  type NotificationJobData,
  type NotificationSubject,
  birthDateOf,
} from '@ecup/domain';
import {
  findCurrentSeason,
  notificationLangs,
  notificationRecipients,
  unsubscribeToken,
  type Config,
  type Logger,
} from '@ecup/db';

export interface NotificationJobDeps {
  knex: Knex;
  now: () => Date;
  config: Pick<Config, 'vapid' | 'publicUrl' | 'unsubscribeKey'>;
  log: Pick<Logger, 'warn'>;
  /** Queues the sending of the notification e-mails this job stored. */
  sendEmails: (ids: number[]) => Promise<void>;
}

/** How long a push service may take to answer. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Sends one Web Push message: `web-push` builds the request (the aes128gcm payload encrypted for the subscription,
 * the VAPID JWT signed with the server's key, TTL, Urgency, Topic) and fetch sends it, so a development or test push
 * service on http://127.0.0.1 works as a real https:// one does. Answers the push service's status.
 */
async function deliver(
  subscription: webpush.PushSubscription,
  payload: string,
  options: webpush.RequestOptions,
): Promise<number> {
  const request = webpush.generateRequestDetails(subscription, payload, options);
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : null,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}

/** What the kind is about, read from its subject id: the game, or the thread with its title and category. */
async function subjectOf(knex: Knex, data: NotificationJobData): Promise<NotificationSubject | null> {
  if (data.kind === 'result_submitted' || data.kind === 'conflict_solved') {
    return data.subject_id === null ? null : { game_id: data.subject_id };
  }
  if (data.kind === 'forum_reply') {
    const thread = await knex('forum_threads as t')
      .join('forum_categories as c', 'c.id', 't.category_id')
      .where('t.id', data.subject_id ?? 0)
      .first('t.id', 't.title', 'c.slug');
    return thread ? { thread: { id: thread.id, title: thread.title, category_slug: thread.slug } } : null;
  }
  return {};
}

/**
 * Tells the job's players about one thing, each as they chose: a Web Push message to each subscribed browser in
 * that browser's language (VAPID-signed, aes128gcm-encrypted, TTL per kind, urgency high for a result to verify; a subscription the
 * push service answers 404 or 410 is removed), and an e-mail through the outbox with a one-click unsubscribe link
 * (never a marketing kind to a player under 18). Answers what it did.
 */
export async function sendNotification(
  deps: NotificationJobDeps,
  data: NotificationJobData,
): Promise<{ pushed: number; removed: number; failed: number; emailed: number }> {
  const done = { pushed: 0, removed: 0, failed: 0, emailed: 0 };
  const subject = await subjectOf(deps.knex, data);
  if (!subject) return done;
  const recipients = await notificationRecipients(deps.knex, data.kind, data.user_ids);
  if (recipients.length === 0) return done;
  const now = deps.now();
  const season = await findCurrentSeason(deps.knex);
  const product = season?.product_name ?? PRODUCT_NAME_DEFAULT;
  const timeZone = season?.time_zone ?? 'UTC';
  const { vapid } = deps.config;

  for (const recipient of recipients) {
    for (const subscription of recipient.subscriptions) {
      const payload = notificationPayload(data.kind, subject, subscription.lang);
      let status: number;
      try {
        status = await deliver(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            TTL: NOTIFICATION_TTL_SECONDS[data.kind],
            urgency: data.kind === 'result_submitted' ? 'high' : 'normal',
            topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          },
        );
      } catch (error) {
        done.failed += 1;
        deps.log.warn(`push ${data.kind} to subscription ${subscription.id} failed: ${(error as Error).message}`);
        continue;
      }
      if (status >= 200 && status < 300) {
        done.pushed += 1;
        await deps.knex('push_subscriptions').where('id', subscription.id).update({ last_success_at: now });
      } else if (status === 404 || status === 410) {
        await deps.knex('push_subscriptions').where('id', subscription.id).delete();
        done.removed += 1;
      } else {
        done.failed += 1;
        deps.log.warn(
          `push ${data.kind} to subscription ${subscription.id} failed: the push service answered ${status}`,
        );
      }
    }
  }

  const mailing = recipients.filter(
    (recipient) =>
      recipient.email &&
      !(
        MARKETING_NOTIFICATION_KINDS.includes(data.kind) && isMinorIn(birthDateOf(recipient.birth_date), now, timeZone)
      ),
  );
  if (mailing.length > 0) {
    const langs = await notificationLangs(
      deps.knex,
      mailing.map((recipient) => recipient.user_id),
    );
    const ids: number[] = [];
    for (const recipient of mailing) {
      const lang = langs.get(recipient.user_id) ?? 'en';
      const payload = notificationPayload(data.kind, subject, lang);
      const unsubscribe = `${deps.config.publicUrl}/unsubscribe?token=${unsubscribeToken(
        deps.config.unsubscribeKey,
        recipient.user_id,
        data.kind,
      )}`;
      const mail = notificationMail(payload, lang, {
        open: `${deps.config.publicUrl}${payload.url}`,
        unsubscribe,
        product,
      });
      const [id] = await deps.knex('emails').insert({
        kind: `notification-${data.kind}`,
        user_id: recipient.user_id,
        to_address: recipient.email_address,
        subject: mail.subject,
        text_body: mail.text,
        unsubscribe_url: unsubscribe,
      });
      ids.push(id!);
    }
    done.emailed = ids.length;
    await deps.sendEmails(ids);
  }
  return done;
}
