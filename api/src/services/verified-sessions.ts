import type { CommandEvent } from '@ecup/db';

/**
 * How long a session that passed the lookup may answer a cached public read without being looked up again: the
 * public reads' own lifetime (PUBLIC_READ_LIFETIME_MS), so a session revoked through another process (another API
 * process, a CLI script) is refused on those pages within the same second in which their content follows writes
 * made elsewhere. Only the public reads every visitor gets alike take this shortcut (`cachedReads`); every other
 * call looks the session up each time.
 */
export const VERIFIED_SESSION_LIFETIME_MS = 1000;

/** Credentials remembered at most; the oldest go first. */
export const VERIFIED_SESSION_MAX_ENTRIES = 10_000;

/**
 * The Authorization headers whose session this process found valid (not ended, its user not banned) less than
 * the lifetime ago. A session revoked through this process (sign-out, password change, ban: the `sessions-revoked`
 * event) is forgotten at once, with every other of its user's.
 */
export interface VerifiedSessions {
  has(authorization: string): boolean;
  add(authorization: string, userId: number): void;
  dropUser(userId: number): void;
}

interface Verified {
  at: number;
  userId: number;
}

/** {@link VerifiedSessions} on the clock `now` (milliseconds, the API's clock). */
export function createVerifiedSessions(options: {
  lifetimeMs: number;
  maxEntries: number;
  now: () => number;
}): VerifiedSessions {
  const entries = new Map<string, Verified>();
  const fresh = (entry: Verified, now: number) => {
    const age = now - entry.at;
    return age >= 0 && age < options.lifetimeMs;
  };
  return {
    has(authorization) {
      const entry = entries.get(authorization);
      return entry !== undefined && fresh(entry, options.now());
    },
    add(authorization, userId) {
      const now = options.now();
      entries.delete(authorization);
      // Expired entries from the oldest end, then the oldest beyond the bound (Map order is insertion order).
      for (const [key, entry] of entries) {
        if (fresh(entry, now) && entries.size < options.maxEntries) break;
        entries.delete(key);
      }
      entries.set(authorization, { at: now, userId });
    },
    dropUser(userId) {
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    },
  };
}

/** The reaction of `verified` to committed events: a user whose sessions were revoked is looked up again. */
export function dropRevokedSessions(verified: VerifiedSessions): (events: CommandEvent[]) => void {
  return (events) => {
    for (const event of events) if (event.type === 'sessions-revoked') verified.dropUser(event.user_id);
  };
}
