/**
 * A local push service for the tests: it receives Web Push messages as a browser's push service would, checks each
 * one's VAPID signature (RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`, ES256 over the JWT, `aud` the
 * endpoint's origin, `exp` in the future, `k` the server's public key) and decrypts its aes128gcm body (RFC 8291)
 * with the subscription's own private key, so a test sees exactly what a browser's service worker would.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import type { PushPayload, PushSubscriptionRequest } from '@ecup/domain';
import { waitFor } from './poll.ts';

/** One message the service accepted. */
export interface ReceivedPush {
  /** The subscription's id in this service (the endpoint's last path segment). */
  id: string;
  payload: PushPayload;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** When it arrived, by this process's performance.now(). */
  at: number;
}

/** A message the service refused, and why (a bad signature, a payload that would not decrypt). */
export interface RefusedPush {
  id: string;
  status: number;
  reason: string;
}

export interface PushEndpoint {
  url: string;
  /** A new browser subscription at this service, as `PushSubscription.toJSON()` gives it, with its language. */
  subscribe(lang?: 'en' | 'sv'): PushSubscriptionRequest;
  /** Answers 410 Gone (or `status`) to every message for this endpoint from now on. */
  gone(endpoint: string, status?: number): void;
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** Messages received for one endpoint. */
  receivedBy(endpoint: string): PushPayload[];
  /** Waits until `count` messages in all were received (or refused). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** The ES256 public key of an uncompressed P-256 point, for node:crypto's verify. */
function p256Key(point: Buffer) {
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
}

/** Checks a VAPID Authorization header; answers the reason it is refused, or null. */
export function checkVapid(header: string | undefined, audience: string, serverKey: string, now = Date.now()) {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid Authorization header';
  const [jwt, k] = [match[1]!, match[2]!];
  if (k !== serverKey) return "k is not the server's public key";
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header_.alg !== 'ES256') return 'the JWT is not ES256';
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: p256Key(Buffer.from(k, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'the JWT signature does not verify';
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (claims.aud !== audience) return `aud is ${claims.aud}, not ${audience}`;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now) return 'exp is not in the future';
  if (typeof claims.exp === 'number' && claims.exp * 1000 > now + 24 * 60 * 60 * 1000)
    return 'exp is over 24 hours away';
  if (typeof claims.sub !== 'string' || !/^(mailto:|https?:)/.test(claims.sub)) return 'sub is not a contact';
  return null;
}

/** Starts the push service on a free loopback port; `serverKey` is the VAPID public key messages must carry. */
export async function startPushEndpoint(serverKey: string): Promise<PushEndpoint> {
  const keys = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const goneIds = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const waiters = new Set<() => void>();
  const idOf = (endpoint: string) => new URL(endpoint).pathname.split('/').pop()!;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = (req.url ?? '').split('/').pop() ?? '';
      const answer = (status: number, reason?: string) => {
        if (reason !== undefined) refused.push({ id, status, reason });
        res.writeHead(status).end(reason ?? '');
        for (const wake of waiters) wake();
      };
      const subscription = keys.get(id);
      if (req.method !== 'POST' || !subscription) return answer(404, 'no such subscription');
      const gone = goneIds.get(id);
      if (gone !== undefined) return answer(gone, 'gone');
      const reason = checkVapid(req.headers.authorization, url, serverKey);
      if (reason) return answer(403, reason);
      if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'not aes128gcm');
      let payload: PushPayload;
      try {
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscription.ecdh,
          authSecret: subscription.auth,
        });
        payload = JSON.parse(plain.toString('utf8')) as PushPayload;
      } catch (error) {
        return answer(400, `payload: ${(error as Error).message}`);
      }
      received.push({
        id,
        payload,
        ttl: Number(req.headers.ttl),
        urgency: (req.headers.urgency as string | undefined) ?? null,
        topic: (req.headers.topic as string | undefined) ?? null,
        at: performance.now(),
      });
      answer(201);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    refused,
    subscribe(lang = 'en') {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = b64url(randomBytes(12));
      keys.set(id, { ecdh, auth });
      return {
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        lang,
      };
    },
    gone(endpoint, status = 410) {
      goneIds.set(idOf(endpoint), status);
    },
    receivedBy(endpoint) {
      const id = idOf(endpoint);
      return received.filter((push) => push.id === id).map((push) => push.payload);
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length + refused.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} push messages, got ${received.length + refused.length}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 200));
          waiters.add(wake);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What was pushed to `endpoint`, once it is at least `count` messages; the error on timeout lists refused pushes. */
export function pushesReceived(
  push: PushEndpoint,
  endpoint: string,
  count = 1,
  timeoutMs = 15_000,
): Promise<ReturnType<PushEndpoint['receivedBy']>> {
  return waitFor(
    () => {
      const received = push.receivedBy(endpoint);
      return received.length >= count && received;
    },
    { what: () => `a push to ${endpoint}; refused: ${JSON.stringify(push.refused)}`, timeoutMs, intervalMs: 50 },
  );
}
