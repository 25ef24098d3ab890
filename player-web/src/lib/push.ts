/**
 * Web Push in this browser: whether it can, its current subscription, subscribing with the server's VAPID key and
 * unsubscribing. The subscription belongs to the app's service worker (src/service-worker/sw.ts shows the pushes);
 * telling the server about it (POST/DELETE /user/push-subscription) is up to the caller.
 */

/** Why push cannot be used here, in words for the settings screen to show. */
export class PushUnavailableError extends Error {
  override name = 'PushUnavailableError';
}

/** Whether this browser can receive Web Push (a service worker, the Push API and notifications). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/**
 * A VAPID public key in URL-safe base64 (as GET /user/notifications gives it) as the bytes `pushManager.subscribe`
 * takes. Throws on anything that is not URL-safe base64 of an uncompressed P-256 point (65 bytes, first 0x04).
 */
export function urlBase64ToUint8Array(key: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]+=*$/.test(key)) throw new Error('The VAPID public key is not URL-safe base64.');
  const base64 = key.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  let raw: string;
  try {
    raw = atob(padded);
  } catch {
    throw new Error('The VAPID public key is not URL-safe base64.');
  }
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  if (bytes.length !== 65 || bytes[0] !== 0x04) throw new Error('The VAPID public key is not a P-256 public key.');
  return bytes;
}

/** The app's service worker registration, once its worker is active. */
async function registration(): Promise<ServiceWorkerRegistration> {
  if (!pushSupported()) throw new PushUnavailableError('This browser cannot show push notifications.');
  const registered = await navigator.serviceWorker.getRegistration('/');
  if (!registered) throw new PushUnavailableError('Push notifications need the installed app; reload the page.');
  return navigator.serviceWorker.ready;
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current || current.byteLength !== wanted.length) return false;
  const bytes = new Uint8Array(current);
  return bytes.every((byte, i) => byte === wanted[i]);
}

/** This browser's push subscription, or null when it has none (or cannot have one). */
export async function currentSubscription(): Promise<PushSubscriptionJSON | null> {
  if (!pushSupported()) return null;
  const registered = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registered?.pushManager.getSubscription();
  return subscription ? subscription.toJSON() : null;
}

/**
 * Subscribes this browser to pushes signed with `vapidPublicKey`, asking for permission to show notifications if the
 * player has not answered yet (the browser's own prompt: call it from a click). A subscription made with another key
 * (the server's key changed) is replaced. Rejects with the browser's NotAllowedError when notifications are refused.
 */
export async function subscribePush(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  const applicationServerKey = urlBase64ToUint8Array(vapidPublicKey);
  const { pushManager } = await registration();
  const existing = await pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey)) return existing.toJSON();
  if (existing) await existing.unsubscribe();
  const subscription = await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  return subscription.toJSON();
}

/** Ends this browser's push subscription; gives its endpoint (for the server to forget) or null when there was none. */
export async function unsubscribePush(): Promise<string | null> {
  if (!pushSupported()) return null;
  const registered = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registered?.pushManager.getSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  return endpoint;
}
