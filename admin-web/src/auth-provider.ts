import type { AuthProvider } from 'react-admin';
import {
  ALL_PERMISSIONS,
  ADMIN_RESOURCES,
  MESSAGES,
  hasAll,
  isStaff,
  type AdminIdentity,
  type AdminSession,
} from '@ecup/domain';
import { clearCredentials, loadCredentials, saveCredentials } from './credentials.ts';
import { httpClient } from './data-provider.ts';
import { RESOURCES } from './resources.tsx';

/** Thrown by `login` when the account has TOTP on and the code is missing or wrong: the login page asks for it. */
export class TotpRequiredError extends Error {
  readonly totpRequired = true;
}

/** What `login` takes: the password step (with the code once asked), or a session opened elsewhere. */
export type LoginParams = { username: string; password: string; code?: string } | { session: AdminSession };

/** Pages of the console that are not resources: any staff member may open them. */
const STAFF_PAGES = new Set(['dashboard', 'two-factor']);

/**
 * The flags a resource needs: ADMIN_RESOURCES for the API's resources (the same table the server checks), else
 * what the resource folder declares (resources.tsx); undefined for names the console does not know.
 */
export function resourceFlags(resource: string): number | undefined {
  if (resource in ADMIN_RESOURCES) return ADMIN_RESOURCES[resource as keyof typeof ADMIN_RESOURCES];
  return RESOURCES.find((entry) => entry.name === resource)?.flags;
}

/** Whether `permissions` may use a resource or page of the console (docs/decisions.md#permissions; the menu and routes ask this). */
export function mayAccess(permissions: number, resource: string): boolean {
  if (!isStaff(permissions)) return false;
  if (STAFF_PAGES.has(resource)) return true;
  const flags = resourceFlags(resource);
  return flags !== undefined && hasAll(permissions, flags);
}

/** Whether the staff member holds every flag (permission editing, audit log). */
export function holdsEveryFlag(permissions: number): boolean {
  return hasAll(permissions, ALL_PERMISSIONS);
}

let identity: Promise<AdminIdentity> | null = null;

/** Where the login page's notice waits while the page loads again (the session-ended message). */
const NOTICE_KEY = 'ecup.admin.notice';

/** The login page's notice left by the last session's end, if any. */
export function loginNotice(): string | null {
  return sessionStorage.getItem(NOTICE_KEY);
}

/** Forgets the notice once the login page has shown it (a reload shows a plain login page). */
export function forgetLoginNotice(): void {
  sessionStorage.removeItem(NOTICE_KEY);
}

/**
 * The login page as a whole address: react-admin loads it afresh rather than navigating inside the app. Navigating
 * from a page of the console to its own login route re-runs react-admin's sign-out on every render until the browser
 * throttles history changes (about 10 seconds of a blank page); a fresh load shows the login page at once.
 */
function loginHref(): string {
  return new URL('/admin/login', window.location.origin).href;
}

/** A 401 ends the console session; one that ended (docs/decisions.md#minors-safety) leaves its message for the login page. */
function endSession(error: { status?: number; message?: unknown }): void {
  clearCredentials();
  identity = null;
  if (error.message === MESSAGES.sessionExpired) sessionStorage.setItem(NOTICE_KEY, MESSAGES.sessionExpired);
}

/**
 * The signed-in staff member, asked once per session (`GET /admin/api/auth/me`). A 401 ends the session and loads
 * the login page at once (react-admin would otherwise ask again three times, seconds apart, before giving up).
 */
function me(): Promise<AdminIdentity> {
  identity ??= httpClient('/admin/api/auth/me').then(
    ({ json }) => json as AdminIdentity,
    (error: { status?: number; message?: unknown }) => {
      if (error?.status !== 401) throw error;
      endSession(error);
      window.location.assign(loginHref());
      // The page is going: nothing waits on an answer.
      return new Promise<AdminIdentity>(() => undefined);
    },
  );
  identity.catch(() => {
    identity = null;
  });
  return identity;
}

/** Keeps a console session opened outside the sign-in form (the enrolment page of an operator's link). */
export function openConsoleSession(session: AdminSession): void {
  openSession(session);
}

function openSession(session: AdminSession): void {
  if (!isStaff(session.user.permissions)) throw new Error('You do not have permission to do that.');
  saveCredentials({ id: session.id, token: session.token });
  identity = Promise.resolve(session.user);
}

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}

/**
 * The console's sign-in (docs/api.md "Two-factor sign-in"): username and password, then the TOTP code (or a
 * recovery code) when the account has one; a holder of every flag without one is told to ask an operator for an
 * enrolment link. Only staff (permissions > 0) get in.
 */
export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    if ('session' in params) {
      openSession(params.session);
      return;
    }
    const body: Record<string, string> = { username: params.username, password: params.password };
    if (params.code) body.code = params.code;
    const { status, json } = await postJson('/admin/api/auth/login', body);
    const message = typeof json.error === 'string' ? json.error : 'Sign-in failed. Please try again.';
    if (status === 401 && json.totp_required) throw new TotpRequiredError(message);
    if (status !== 200) throw new Error(message);
    openSession(json as unknown as AdminSession);
  },

  async logout() {
    const credentials = loadCredentials();
    clearCredentials();
    identity = null;
    if (credentials) {
      await fetch('/user/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${credentials.id}:${credentials.token}` },
      }).catch(() => undefined);
    }
    return loginHref();
  },

  async checkAuth() {
    if (!loadCredentials()) throw new Error('You must be signed in to do that.');
  },

  /**
   * 401 ends the console session and loads the login page, which shows "Your session has ended. Please sign in
   * again." when that was the answer; 403 (a missing flag, a ban message) stays signed in and shows the message.
   */
  async checkError(error: { status?: number; message?: unknown }) {
    if (error?.status === 401) {
      endSession(error);
      throw { redirectTo: loginHref(), message: false };
    }
  },

  async getIdentity() {
    const user = await me();
    return {
      ...user,
      fullName: `${user.first_name} ${user.last_name}`.trim() || user.username,
      avatar: user.avatar_hash
        ? `/images/avatar_small/${user.avatar_hash.slice(0, 2)}/${user.avatar_hash}.jpg`
        : undefined,
    };
  },

  async getPermissions() {
    if (!loadCredentials()) return 0;
    return (await me()).permissions;
  },

  async canAccess({ resource }) {
    if (!loadCredentials()) return false;
    return mayAccess((await me()).permissions, resource);
  },
};

/** Forget the cached identity (after turning TOTP on or off, which changes `totp_enabled`). */
export function refreshIdentity(): void {
  identity = null;
}
