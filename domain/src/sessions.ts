import {
  CONSOLE_SESSION_IDLE_MS,
  CONSOLE_SESSION_MAX_MS,
  PLAYER_SESSION_IDLE_MS,
  PLAYER_SESSION_MAX_MS,
} from './constants.ts';

/** How long a session lives without use and in all (decisions §10). */
export interface SessionLimits {
  idle_ms: number;
  max_ms: number;
}

/** The limits of a player-app session and of a console session (decisions §10). */
export const SESSION_LIMITS: Readonly<Record<'player' | 'console', SessionLimits>> = {
  player: { idle_ms: PLAYER_SESSION_IDLE_MS, max_ms: PLAYER_SESSION_MAX_MS },
  console: { idle_ms: CONSOLE_SESSION_IDLE_MS, max_ms: CONSOLE_SESSION_MAX_MS },
};

/**
 * Whether a session has ended at `now` (decisions §10): unused for longer than its idle limit, or older than its
 * absolute limit, whichever comes first.
 */
export function sessionEnded(
  session: { created_at: Date | string; last_seen_at: Date | string },
  limits: SessionLimits,
  now: Date,
): boolean {
  const at = now.getTime();
  return (
    at - new Date(session.last_seen_at).getTime() > limits.idle_ms ||
    at - new Date(session.created_at).getTime() > limits.max_ms
  );
}
