import {
  CONSOLE_SESSION_IDLE_MS,
  CONSOLE_SESSION_MAX_MS,
  PLAYER_SESSION_IDLE_MS,
  PLAYER_SESSION_MAX_MS,
} from './constants.ts';

/** How long a session lives without use and in all (docs/decisions.md#minors-safety). */
export interface SessionLimits {
  idle_ms: number;
  max_ms: number;
}

/** The limits of a player-app session and of a console session (docs/decisions.md#minors-safety). */
export const SESSION_LIMITS: Readonly<Record<'player' | 'console', SessionLimits>> = {
  player: { idle_ms: PLAYER_SESSION_IDLE_MS, max_ms: PLAYER_SESSION_MAX_MS },
  console: { idle_ms: CONSOLE_SESSION_IDLE_MS, max_ms: CONSOLE_SESSION_MAX_MS },
};

/**
 * Whether a session has ended at `now` (docs/decisions.md#minors-safety): unused for longer than its idle limit, or older than its
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

/**
 * The operator's settings of the session limits (the `settings` table, `npm run cli -- settings:set`): each names
 * one limit in milliseconds and has the constant as its default, used when its row is missing or not valid.
 */
export const SESSION_SETTINGS = {
  player_session_idle_ms: { kind: 'player', limit: 'idle_ms', default: PLAYER_SESSION_IDLE_MS },
  player_session_max_ms: { kind: 'player', limit: 'max_ms', default: PLAYER_SESSION_MAX_MS },
  console_session_idle_ms: { kind: 'console', limit: 'idle_ms', default: CONSOLE_SESSION_IDLE_MS },
  console_session_max_ms: { kind: 'console', limit: 'max_ms', default: CONSOLE_SESSION_MAX_MS },
} as const satisfies Record<string, { kind: 'player' | 'console'; limit: keyof SessionLimits; default: number }>;

export type SessionSettingName = keyof typeof SESSION_SETTINGS;

export function isSessionSettingName(name: string): name is SessionSettingName {
  return Object.hasOwn(SESSION_SETTINGS, name);
}

/** A setting's value as stored (a positive whole number of milliseconds, as text), or null when it is not one. */
export function parseSettingMs(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const ms = Number(text);
  return Number.isSafeInteger(ms) ? ms : null;
}

/**
 * The session limits from the settings' rows (name → stored value): each limit from its row when that holds a
 * positive whole number of milliseconds, else the constant.
 */
export function sessionLimitsFrom(values: ReadonlyMap<string, unknown>): Record<'player' | 'console', SessionLimits> {
  const limits = { player: { ...SESSION_LIMITS.player }, console: { ...SESSION_LIMITS.console } };
  for (const [name, setting] of Object.entries(SESSION_SETTINGS)) {
    limits[setting.kind][setting.limit] = parseSettingMs(values.get(name)) ?? setting.default;
  }
  return limits;
}

/** The id/token pair a browser keeps for its session and sends as `Bearer <id>:<token>` (docs/product.md#states, docs/product.md#calls). */
export interface Credentials {
  id: number;
  token: string;
}

/** What a credential store reads and writes: the browser's localStorage, or a stand-in. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A browser's signed-in pair, loaded, saved and forgotten as one. */
export interface CredentialStore {
  /** The stored pair, or null when none is stored or it cannot be a pair (a missing token, an id that is no id). */
  load(): Credentials | null;
  save(credentials: Credentials): void;
  clear(): void;
}

/**
 * The signed-in pair kept under two keys of `storage` (docs/product.md#states: local storage). The player app and the console each
 * keep their own pair under their own keys, so signing in to one never signs the other in or out. `storage` is
 * read at each call, so merely importing a store never touches the browser's storage.
 */
export function credentialStore(storage: () => KeyValueStorage, keys: { id: string; token: string }): CredentialStore {
  return {
    load() {
      const id = Number(storage().getItem(keys.id));
      const token = storage().getItem(keys.token);
      return Number.isInteger(id) && id > 0 && token ? { id, token } : null;
    },
    save(credentials) {
      storage().setItem(keys.id, String(credentials.id));
      storage().setItem(keys.token, credentials.token);
    },
    clear() {
      storage().removeItem(keys.id);
      storage().removeItem(keys.token);
    },
  };
}
