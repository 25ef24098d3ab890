import { io as connect, type Socket } from 'socket.io-client';
import type { Knex } from 'knex';
import { createSession } from '@ecup/db';
import { ALL_PERMISSIONS, hasAll } from '@ecup/domain';
import { buildUser, storedTotpSecret } from './factories.ts';
import type { Credentials } from './http.ts';

/** A user of a test and the credentials the api client sends for them. */
export interface Player {
  user: Awaited<ReturnType<typeof buildUser>>;
  auth: Credentials;
}

/** A user with a session made directly (sign-in has its own limits and tests). */
export async function signedInUser(
  knex: Knex,
  overrides: Parameters<typeof buildUser>[1] = {},
  now?: Date,
): Promise<Player> {
  const user = await buildUser(knex, overrides);
  const session = await createSession(knex, { user_id: user.id, ip: null, user_agent: null, ...(now ? { now } : {}) });
  const auth: Credentials = { id: user.id, token: session.result.token };
  return { user, auth };
}

/**
 * A staff member with a console session made directly, as after the console's sign-in (the console API accepts no
 * other session); the session passed the second factor when the account has it on.
 */
export async function consoleUser(
  knex: Knex,
  overrides: Parameters<typeof buildUser>[1] = {},
  now?: Date,
): Promise<Player> {
  const user = await buildUser(knex, overrides);
  const session = await createSession(knex, {
    user_id: user.id,
    ip: null,
    user_agent: null,
    console: true,
    second_factor: Boolean(overrides.totp_enabled),
    ...(now ? { now } : {}),
  });
  return { user, auth: { id: user.id, token: session.result.token } };
}

/** A socket.io connection as the player app opens it; rejects with the server's `connect_error`. */
export function openSocket(url: string, auth: unknown): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      path: '/socket.io',
      auth: { ...(auth as Record<string, unknown>) },
      transports: ['websocket'],
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Joins a room the way the player app does; answers the server's acknowledgement. */
export function subscribe(socket: Socket, channel: unknown): Promise<{ ok?: true; error?: string }> {
  return socket.timeout(5000).emitWithAck('subscribe', { channel });
}

/**
 * The next `event` on a socket that `accept` takes (any by default), failing after `ms` so a missing push fails
 * the test instead of hanging it.
 */
export function nextEvent<T>(socket: Socket, event: string, ms = 5000, accept: (payload: T) => boolean = () => true) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no '${event}' within ${ms} ms`));
    }, ms);
    const listener = (payload: T) => {
      if (!accept(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/**
 * A console user with `permissions`. One with every permission (an administrator) has two-factor sign-in on and a
 * session that passed it, as the console asks of administrators.
 */
export async function consoleStaff(
  knex: Knex,
  permissions: number,
  overrides: Parameters<typeof buildUser>[1] = {},
): Promise<Player> {
  const signed = await consoleUser(knex, { permissions, ...overrides });
  if (hasAll(permissions, ALL_PERMISSIONS)) {
    await knex('users')
      .where('id', signed.user.id)
      .update({ totp_enabled: true, totp_secret: storedTotpSecret('JBSWY3DPEHPK3PXP') });
    await knex('sessions').where('user_id', signed.user.id).update({ totp_verified_at: new Date(), console: true });
  }
  return signed;
}
