import type { Redis } from 'ioredis';

/** Redis key of a user's presence; written by the real-time layer with an expiry (docs/decisions.md#real-time). */
export function presenceKey(userId: number): string {
  return `presence:user:${userId}`;
}

/** Online flags for a list of users, read in one round trip; everyone reads as offline while Redis is away. */
export async function onlineFlags(redis: Redis, userIds: number[]): Promise<Map<number, boolean>> {
  const flags = new Map<number, boolean>();
  if (userIds.length === 0) return flags;
  const values = await redis.mget(userIds.map(presenceKey)).catch(() => userIds.map(() => null));
  userIds.forEach((id, i) => flags.set(id, values[i] !== null && values[i] !== undefined));
  return flags;
}
