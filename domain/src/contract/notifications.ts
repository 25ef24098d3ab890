/**
 * Notifications that reach a player outside the open tab: Web Push through the browser's push service and e-mail,
 * each opted into per kind in the settings (docs/api.md "Notifications").
 */

/** What a player can be told about. */
export const NOTIFICATION_KINDS = [
  /** The opponent submitted a result: verify it within 15 minutes. */
  'result_submitted',
  /** A moderator solved a conflict of one of the player's games. */
  'conflict_solved',
  /** A trophy the player holds expires in 2 hours. */
  'trophy_expiring',
  /** The weekly window is open. */
  'window_open',
  /** Someone replied in a forum thread the player started. */
  'forum_reply',
  /** The player's parent or guardian approved the account. */
  'guardian_approved',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The ways a notification travels. */
export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Which kinds a player wants on each channel. */
export type NotificationChoices = Record<NotificationChannel, Record<NotificationKind, boolean>>;

/** GET /user/notifications */
export interface NotificationSettingsPayload {
  choices: NotificationChoices;
  /** The server's VAPID public key (URL-safe base64), the `applicationServerKey` of `pushManager.subscribe`. */
  vapid_public_key: string;
  /** How many browsers of this player are subscribed to push. */
  push_subscriptions: number;
}

/** PUT /user/notifications: the kinds to change; anything left out stays as it is. */
export interface NotificationSettingsRequest {
  choices: Partial<Record<NotificationChannel, Partial<Record<NotificationKind, boolean>>>>;
}

/** POST /user/push-subscription: a browser's push subscription (`PushSubscription.toJSON()`) and its language. */
export interface PushSubscriptionRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The language the player app shows; notifications to this browser are written in it. */
  lang: 'en' | 'sv';
}

/** DELETE /user/push-subscription (also POST /user/push-subscription/remove) */
export interface PushSubscriptionRemoval {
  endpoint: string;
}

/**
 * What the service worker receives in a push message (JSON, encrypted by the push protocol) and shows as a
 * notification; a click opens `url` (a path of the player app).
 */
export interface PushPayload {
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  /** Notifications with the same tag replace each other (e.g. `game-42`). */
  tag: string;
}
