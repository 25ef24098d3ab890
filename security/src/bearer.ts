import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <secret>`, compared in constant time (the METRICS_TOKEN check of
 * the API's and the worker's /metrics).
 */
export function bearerMatches(authorization: string | undefined, secret: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(secret));
}
