import type { Knex } from 'knex';
import webpush from 'web-push';
import {
  MARKETING_NOTIFICATION_KINDS,
  NOTIFICATION_TTL_SECONDS,
  PRODUCT_NAME_DEFAULT,
  isMinorIn,
  notificationMail,
  notificationPayload,
  pushEndpointRefusal,
  type NotificationJobData,
  type NotificationSubject,
  birthDateOf,
} from '@ecup/domain';
import {
  dropPushSubscription,
  emailIds,
  findCurrentSeason,
  forumThreadSubject,
  notificationLangs,
  notificationRecipients,
  recordPushDelivered,
  storeNotificationEmail,
  type Config,
  type Logger,
} from '@ecup/db';
import { unsubscribeToken } from '@ecup/security';

export interface NotificationJobDeps {
  knex: Knex;
  now: () => Date;
  config: Pick<Config, 'vapid' | 'publicUrl' | 'unsubscribeKey' | 'pushEndpointHostsForTests'>;
  log: Pick<Logger, 'warn'>;
  /** Queues the sending of the notification e-mails this job stored. */
  sendEmails: (ids: number[]) => Promise<void>;
  /** How long a push service may take to answer; {@link PUSH_TIMEOUT_MS} unless a test shortens it. */
  pushTimeoutMs?: number;
}

/** How long a push service may take to answer, from connecting to the end of what is read of its answer. */
export const PUSH_TIMEOUT_MS = 10_000;

/** The most of a push service's answer ever read: the start of a refusal, for the log. */
const PUSH_ANSWER_READ_BYTES = 1024;

/**
 * Reads at most `limit` bytes of an answer's body and lets the rest go (the stream is cancelled, so the connection
 * is closed rather than drained). Answers them as one line of printable text.
 */
async function startOf(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value.subarray(0, limit - size));
      size += Math.min(value.byteLength, limit - size);
    }
  } catch {
    // A body that breaks off or times out: what arrived is enough for the log.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/[^\x20-\x7e\u00a0-\uffff]+/g, ' ')
    .trim()
    .slice(0, 200);
}

/**
 * Sends one Web Push message (docs/rules.md "Push subscriptions"): `web-push` builds the request (the aes128gcm
 * payload encrypted for the subscription, the VAPID JWT signed with the server's key, TTL, Urgency, Topic) and fetch
 * sends it, so the tests' push service on http://127.0.0.1 works as a real https:// one does. A redirect is not
 * followed (it counts as a failed delivery: a push service never sends one, and its target could be any address),
 * a success's body is not read at all and a refusal's only its first kilobyte, and the whole exchange is bounded by
 * `timeoutMs`. Answers the push service's status and the start of a refusal's body.
 */
async function deliver(
  subscription: webpush.PushSubscription,
  payload: string,
  options: webpush.RequestOptions,
  timeoutMs: number,
): Promise<{ status: number; answer: string }> {
  const request = webpush.generateRequestDetails(subscription, payload, options);
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : null,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const ok = response.status >= 200 && response.status < 300;
  const answer = ok ? '' : await startOf(response.body, PUSH_ANSWER_READ_BYTES);
  await response.body?.cancel().catch(() => undefined);
  return { status: response.status, answer };
}

/** What the kind is about, read from its subject id: the game, or the thread with its title and category. */
async function subjectOf(knex: Knex, data: NotificationJobData): Promise<NotificationSubject | null> {
  if (data.kind === 'result_submitted' || data.kind === 'conflict_solved') {
    return data.subject_id === null ? null : { game_id: data.subject_id };
  }
  if (data.kind === 'forum_reply') {
    const thread = await forumThreadSubject(knex, data.subject_id ?? 0);
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
      // Stored before the push services were checked, or by a test with another setting: never contacted.
      if (pushEndpointRefusal(subscription.endpoint, deps.config.pushEndpointHostsForTests) !== null) {
        await dropPushSubscription(deps.knex, { subscription_id: subscription.id });
        done.removed += 1;
        deps.log.warn(`push subscription ${subscription.id} removed: its endpoint is not a browser's push service`);
        continue;
      }
      const payload = notificationPayload(data.kind, subject, subscription.lang);
      let status: number;
      let answer: string;
      try {
        ({ status, answer } = await deliver(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
            TTL: NOTIFICATION_TTL_SECONDS[data.kind],
            urgency: data.kind === 'result_submitted' ? 'high' : 'normal',
            topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          },
          deps.pushTimeoutMs ?? PUSH_TIMEOUT_MS,
        ));
      } catch (error) {
        done.failed += 1;
        deps.log.warn(`push ${data.kind} to subscription ${subscription.id} failed: ${(error as Error).message}`);
        continue;
      }
      if (status >= 200 && status < 300) {
        done.pushed += 1;
        await recordPushDelivered(deps.knex, { subscription_id: subscription.id, now });
      } else if (status === 404 || status === 410) {
        await dropPushSubscription(deps.knex, { subscription_id: subscription.id });
        done.removed += 1;
      } else {
        done.failed += 1;
        deps.log.warn(
          `push ${data.kind} to subscription ${subscription.id} failed: the push service answered ${status}${
            answer ? ` (${answer})` : ''
          }`,
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
      const { events } = await storeNotificationEmail(deps.knex, {
        kind: data.kind,
        user_id: recipient.user_id,
        to_address: recipient.email_address,
        subject: mail.subject,
        text_body: mail.text,
        unsubscribe_url: unsubscribe,
      });
      ids.push(...emailIds(events));
    }
    done.emailed = ids.length;
    await deps.sendEmails(ids);
  }
  return done;
}
