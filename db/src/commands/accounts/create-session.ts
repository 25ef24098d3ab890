import type { Knex } from 'knex';
import { hashToken, newToken } from '@ecup/security';
import type { CommandOutcome } from '../types.ts';

export interface NewSession {
  id: number;
  token: string;
  session_id: number;
}

/**
 * Opens a session: a 256-bit token returned once and stored only as its SHA-256 (docs/decisions.md#api-contract). A console session
 * is marked, for its shorter limits (docs/decisions.md#minors-safety), and so is one whose sign-in passed the second factor: an
 * account that must use one has its staff flags only on such a session (docs/decisions.md#permissions). `now` starts the session's
 * clock (the database's when absent).
 */
export async function createSession(
  trx: Knex,
  input: {
    user_id: number;
    ip: string | null;
    user_agent: string | null;
    console?: boolean;
    second_factor?: boolean;
    now?: Date;
  },
): Promise<CommandOutcome<NewSession>> {
  const token = newToken();
  const [sessionId] = await trx('sessions').insert({
    user_id: input.user_id,
    token_hash: hashToken(token),
    ip: input.ip,
    user_agent: input.user_agent?.slice(0, 255) ?? null,
    console: input.console === true,
    ...(input.second_factor ? { totp_verified_at: input.now ?? trx.fn.now(3) } : {}),
    ...(input.now ? { created_at: input.now, last_seen_at: input.now } : {}),
  });
  return { result: { id: input.user_id, token, session_id: sessionId! }, events: [] };
}
