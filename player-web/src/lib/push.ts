/**
 * The browser's side of Web Push: the service worker's push subscription, made with the server's VAPID public key.
 * Each function needs a registered service worker (`navigator.serviceWorker.ready`).
 */

/** Whether this browser can receive push messages at all (service workers, the Push API and notifications). */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** This browser's push subscription, or null when it has none (or cannot have one). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** A URL-safe base64 key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission to notify (the browser's own prompt) and subscribes this browser with the server's key;
 * answers the subscription as JSON for POST /user/push-subscription. Rejects when the player says no.
 */
export async function subscribePush(vapidPublicKey: string): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new Error('push is not supported in this browser');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('notifications are not allowed');
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing.toJSON();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(vapidPublicKey),
  });
  return subscription.toJSON();
}

/** Ends this browser's push subscription, if it has one. */
export async function unsubscribePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (subscription) await subscription.unsubscribe();
}
