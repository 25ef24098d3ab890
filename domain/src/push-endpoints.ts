import type { MessageName } from './messages.ts';

/**
 * The push services browsers subscribe at (docs/rules.md "Push subscriptions"). An endpoint's host must be one of
 * these or a subdomain of one: Google's FCM (Chrome, Edge on Android, Opera, Samsung Internet, Brave), Mozilla's
 * autopush (Firefox: updates.push.services.mozilla.com), Microsoft's WNS (Edge on Windows: *.notify.windows.com)
 * and Apple's (Safari: web.push.apple.com). Google's legacy android.googleapis.com (GCM) is not listed: that service
 * was shut down and answers no message.
 */
export const PUSH_SERVICE_DOMAINS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const;

/**
 * How many browsers one player may have subscribed at once (docs/rules.md "Push subscriptions"): an 11th replaces
 * the one subscribed longest ago, so a player who signs in on a new browser is never refused.
 */
export const PUSH_SUBSCRIPTIONS_PER_PLAYER = 10;

/** A loopback push service the tests run, named by PUSH_ENDPOINT_HOSTS_FOR_TESTS: a host, and a port or any. */
export interface PushTestHost {
  /** As `URL.hostname` writes it: `127.0.0.1`, `[::1]`, `localhost`. */
  hostname: string;
  /** The port, or null for any port. */
  port: string | null;
}

const LOOPBACK_NAMES = /^(127(\.\d{1,3}){3}|\[::1\]|localhost)$/;

/**
 * Reads PUSH_ENDPOINT_HOSTS_FOR_TESTS: comma-separated `host` or `host:port` entries (`127.0.0.1:8080`,
 * `[::1]:9000`, `127.0.0.1` for any port). Only loopback hosts may be named: the setting lets the tests' own push
 * service on this machine take subscriptions, nothing else. Answers the hosts, or null when an entry is not one.
 */
export function parsePushTestHosts(value: string): PushTestHost[] | null {
  const hosts: PushTestHost[] = [];
  for (const entry of value.split(',').map((part) => part.trim().toLowerCase())) {
    if (entry === '') continue;
    const [, host = '', port = null] = /^(.*?)(?::(\d{1,5}))?$/.exec(entry) ?? [];
    let hostname: string;
    try {
      hostname = new URL(`http://${host}`).hostname;
    } catch {
      return null;
    }
    if (hostname !== host || !LOOPBACK_NAMES.test(hostname)) return null;
    hosts.push({ hostname, port });
  }
  return hosts;
}

/** Whether `hostname` is one of {@link PUSH_SERVICE_DOMAINS} or a subdomain of one (never an address). */
export function isPushServiceHost(hostname: string): boolean {
  return PUSH_SERVICE_DOMAINS.some((domain) => hostname === domain || hostname.endsWith(`.${domain}`));
}

/**
 * Whether the site may send Web Push messages to `endpoint` (docs/rules.md "Push subscriptions"): https:// at one of
 * the browsers' push services, on the default port, with no user name or password in it. A host named in
 * `testHosts` (the tests' loopback push service, never in production) may also be http:// and on its port.
 * Answers why not as a message name, or null when it may:
 * - `pushSubscriptionInvalid`: not an absolute URL at all;
 * - `pushEndpointInsecure`: neither https:// nor a test host;
 * - `pushEndpointNotAllowed`: not a browser's push service (another host, an address, a port, credentials).
 *
 * The host is compared as the URL parser writes it, so uppercase letters and internationalised names (punycode) are
 * compared in one form; a trailing dot or an address in any notation matches no listed name.
 */
export function pushEndpointRefusal(endpoint: string, testHosts: readonly PushTestHost[] = []): MessageName | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'pushSubscriptionInvalid';
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const testHost =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    testHosts.some(
      (host) => host.hostname === url.hostname && (host.port === null || Number(host.port) === Number(port)),
    );
  if (url.protocol !== 'https:' && !testHost) return 'pushEndpointInsecure';
  if (url.username !== '' || url.password !== '') return 'pushEndpointNotAllowed';
  if (testHost) return null;
  if (url.port !== '' || !isPushServiceHost(url.hostname)) return 'pushEndpointNotAllowed';
  return null;
}
