import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettingsRequest,
  type PushPayload,
  type PushSubscriptionRemoval,
  type PushSubscriptionRequest,
} from './contract/notifications.ts';
import { message, type Message, type MessageName } from './messages.ts';
import { pushEndpointRefusal, type PushTestHost } from './push-endpoints.ts';

/** The languages a notification is written in: the player app's. */
export type NotificationLang = 'en' | 'sv';

/** What a notification is about, as the worker reads it when it renders one. */
export interface NotificationSubject {
  /** result_submitted, conflict_solved: the game. */
  game_id?: number;
  /** forum_reply: the thread, its title and its category's slug. */
  thread?: { id: number; title: string; category_slug: string };
}

/** How long a push service keeps an undelivered notification, per kind (seconds): no later than it is useful. */
export const NOTIFICATION_TTL_SECONDS: Record<NotificationKind, number> = {
  result_submitted: 15 * 60,
  conflict_solved: 24 * 60 * 60,
  trophy_expiring: 2 * 60 * 60,
  window_open: 6 * 60 * 60,
  forum_reply: 24 * 60 * 60,
  guardian_approved: 7 * 24 * 60 * 60,
};

/** Trophies expiring within this long are announced to their holders once (`trophy_expiring`). */
export const TROPHY_EXPIRY_NOTICE_MS = 2 * 60 * 60 * 1000;

/** Marketing, never e-mailed to players under 18 (docs/decisions.md#minors-safety age rule): the weekly window's opening. */
export const MARKETING_NOTIFICATION_KINDS: readonly NotificationKind[] = ['window_open'];

const TEXTS: Record<NotificationLang, Record<NotificationKind, (s: NotificationSubject) => [string, string]>> = {
  en: {
    result_submitted: () => ['Verify the result', 'Your opponent submitted a result. Verify it within 15 minutes.'],
    conflict_solved: () => ['Conflict solved', 'A moderator solved the conflict of your game.'],
    trophy_expiring: () => ['Your trophy expires soon', 'Your trophy expires in 2 hours.'],
    window_open: () => ['The window is open', 'The weekly window is open. Time to play!'],
    forum_reply: (s) => ['New reply', `Someone replied in "${s.thread?.title ?? ''}".`],
    guardian_approved: () => ['Account approved', 'Your parent or guardian approved your account.'],
  },
  sv: {
    result_submitted: () => [
      'Bekräfta resultatet',
      'Din motståndare har rapporterat ett resultat. Bekräfta det inom 15 minuter.',
    ],
    conflict_solved: () => ['Konflikten är löst', 'En moderator har löst konflikten i din match.'],
    trophy_expiring: () => ['Din trofé går snart ut', 'Din trofé går ut om 2 timmar.'],
    window_open: () => ['Fönstret är öppet', 'Veckans spelfönster är öppet. Dags att spela!'],
    forum_reply: (s) => ['Nytt svar', `Någon har svarat i "${s.thread?.title ?? ''}".`],
    guardian_approved: () => ['Kontot är godkänt', 'Din förälder eller vårdnadshavare har godkänt ditt konto.'],
  },
};

/** The player app's path a notification opens, and the tag that lets a newer one of the same thing replace it. */
function target(kind: NotificationKind, subject: NotificationSubject): { url: string; tag: string } {
  switch (kind) {
    case 'result_submitted':
    case 'conflict_solved':
      return { url: `/game/${subject.game_id}`, tag: `game-${subject.game_id}` };
    case 'trophy_expiring':
      return { url: '/trophyhunt', tag: 'trophy' };
    case 'window_open':
      return { url: '/play', tag: 'window' };
    case 'forum_reply':
      return {
        url: `/forums/${subject.thread?.category_slug}/${subject.thread?.id}`,
        tag: `thread-${subject.thread?.id}`,
      };
    case 'guardian_approved':
      return { url: '/settings', tag: 'guardian' };
  }
}

/** What the service worker shows for a notification, in `lang`. */
export function notificationPayload(
  kind: NotificationKind,
  subject: NotificationSubject,
  lang: NotificationLang,
): PushPayload {
  const [title, body] = TEXTS[lang][kind](subject);
  return { kind, title, body, ...target(kind, subject) };
}

/** A notification e-mail in `lang`: the push's title as subject, its text, the link and the unsubscribe line. */
export function notificationMail(
  payload: PushPayload,
  lang: NotificationLang,
  links: { open: string; unsubscribe: string; product: string },
): { subject: string; text: string } {
  const lines =
    lang === 'sv'
      ? [
          'Hej!',
          '',
          payload.body,
          '',
          links.open,
          '',
          `— ${links.product}`,
          '',
          'Vill du inte längre få de här e-breven? Avsluta med ett klick:',
          links.unsubscribe,
        ]
      : [
          'Hi,',
          '',
          payload.body,
          '',
          links.open,
          '',
          `— The ${links.product} team`,
          '',
          'To stop these e-mails, unsubscribe with one click:',
          links.unsubscribe,
        ];
  return { subject: `${links.product}: ${payload.title}`, text: lines.join('\n') };
}

type Checked<T> = { ok: true; value: T } | ({ ok: false } & Message);

const refuse = (name: MessageName): { ok: false } & Message => ({ ok: false, ...message(name) });

/** PUT /user/notifications: the choices to change, every channel and kind known and every value a boolean. */
export function validateNotificationSettings(body: unknown): Checked<NotificationSettingsRequest> {
  const choices = (body as { choices?: unknown } | null)?.choices;
  if (typeof choices !== 'object' || choices === null || Array.isArray(choices)) {
    return refuse('notificationChoiceInvalid');
  }
  const value: NotificationSettingsRequest = { choices: {} };
  for (const [channel, kinds] of Object.entries(choices)) {
    if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(channel)) return refuse('notificationChannelUnknown');
    if (typeof kinds !== 'object' || kinds === null || Array.isArray(kinds)) {
      return refuse('notificationChoiceInvalid');
    }
    const chosen: Partial<Record<NotificationKind, boolean>> = {};
    for (const [kind, enabled] of Object.entries(kinds)) {
      if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return refuse('notificationKindUnknown');
      if (typeof enabled !== 'boolean') return refuse('notificationChoiceInvalid');
      chosen[kind as NotificationKind] = enabled;
    }
    value.choices[channel as NotificationChannel] = chosen;
  }
  return { ok: true, value };
}

/** A P-256 public key (65 bytes) and an auth secret (16 bytes), URL-safe base64 as `PushSubscription.toJSON()` gives them. */
const P256DH = /^[A-Za-z0-9_-]{86,88}={0,2}$/;
const AUTH = /^[A-Za-z0-9_-]{22,24}={0,2}$/;

/**
 * POST /user/push-subscription: a browser's subscription. The endpoint must be one of the browsers' push services
 * (docs/rules.md "Push subscriptions"; {@link pushEndpointRefusal}), or one of `testHosts`, the tests' loopback push
 * service (never in production).
 */
export function validatePushSubscription(
  body: unknown,
  testHosts: readonly PushTestHost[] = [],
): Checked<PushSubscriptionRequest> {
  const given = (body ?? {}) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown }; lang?: unknown };
  const endpoint = typeof given.endpoint === 'string' ? given.endpoint : '';
  const p256dh = typeof given.keys?.p256dh === 'string' ? given.keys.p256dh : '';
  const auth = typeof given.keys?.auth === 'string' ? given.keys.auth : '';
  const refusal = pushEndpointRefusal(endpoint, testHosts);
  if (refusal === 'pushSubscriptionInvalid') return refuse(refusal);
  if (endpoint.length > 2000 || !P256DH.test(p256dh) || !AUTH.test(auth)) return refuse('pushSubscriptionInvalid');
  if (refusal !== null) return refuse(refusal);
  const lang = given.lang === 'sv' ? 'sv' : 'en';
  return { ok: true, value: { endpoint, keys: { p256dh, auth }, lang } };
}

/** DELETE /user/push-subscription: the endpoint to forget. */
export function validatePushRemoval(body: unknown): Checked<PushSubscriptionRemoval> {
  const endpoint = (body as { endpoint?: unknown } | null)?.endpoint;
  if (typeof endpoint !== 'string' || endpoint === '' || endpoint.length > 2000) {
    return refuse('pushSubscriptionInvalid');
  }
  return { ok: true, value: { endpoint } };
}
