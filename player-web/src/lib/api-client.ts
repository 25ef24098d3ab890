import {
  RETRY_DELAY_CAP_MS,
  RETRY_DELAY_STEP_MS,
  RETRIES_BEFORE_SERVER_ERROR_POPOVER,
  type Credentials,
  type Message,
  type MessageCode,
  type MessageRef,
} from '@ecup/domain';
import { readKey, type PageData, type ReadParams } from './page-data.ts';

/**
 * A failed call: `status` 0 for a network failure; `refusal` the server's `{ error, code, params? }`, if it
 * answered one (the app shows it by its code); `message` its English text, else empty.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly refusal: Message | null = null,
  ) {
    super(refusal?.error ?? '');
    this.name = 'ApiError';
  }

  /** Whether the server refused with this message. */
  is(code: MessageCode): boolean {
    return this.refusal?.code === code;
  }
}

/** Whether a call failed because what it names does not exist (404): a page's own "not found", not an error. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** What a popover shows: a text already in the reader's language, or a server's message shown by its code. */
export type PopoverContent = string | Message;

export type { Credentials };

export interface CallOptions {
  /** Show the Error popover for a 400 with a message (docs/product.md#errors); on unless the caller handles it. */
  defaultErrorHandler?: boolean;
  /** A custom cap on the retry delay (docs/product.md#errors "or a custom timeout"). */
  timeout?: number;
  signal?: AbortSignal;
  /** Lets the call finish after the page is gone (leaving the queue when the tab closes). */
  keepalive?: boolean;
}

export type Payload = Record<string, string | number | boolean | Blob | null | undefined> | FormData;

export interface ApiClientDeps {
  credentials(): Credentials | null;
  /** Shows a popover; the title is already in the reader's language. */
  popover(title: string, content: PopoverContent): void;
  /** A message in the reader's language. */
  translate(ref: MessageRef): string;
  /**
   * Told when a call made with credentials answers 401 "Your session has ended." (docs/decisions.md#minors-safety): the app signs
   * out and says so.
   */
  sessionEnded?(): void;
  /** Told of every call as it starts (the app's navigation progress counts a new page's first calls). */
  track?(call: Promise<unknown>): void;
  /** The answers the server-rendered page was drawn with (page-data.ts), by readKey. */
  pageData?: PageData;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Refusals whose message the player must see in the Error popover: docs/product.md#errors names the 400; a ban or missing right
 * (403), a state conflict (409), a file too large (413), a rate limit (429) and a 503 with Retry-After (a crowd
 * signing in) carry messages for the player too (docs/decisions.md#api-contract). A 401 is the session's business and a 404 the page's.
 */
const SHOWN_STATUSES = new Set([400, 403, 409, 413, 429, 503]);

/** Network failures are retried this many times before the call fails. */
const NETWORK_RETRIES = 5;

/** docs/product.md#errors: the delay before retry `attempt` (1, 2, …) is 50 ms × attempt, capped at 750 ms or a custom cap. */
export function retryDelay(attempt: number, cap: number = RETRY_DELAY_CAP_MS): number {
  return Math.min(RETRY_DELAY_STEP_MS * attempt, cap);
}

function hasErrorText(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

/** The refusal of an error answer (`{ error, code, params? }`), or null for a body without one. */
function refusalOf(body: unknown): Message | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, code, params } = body as Record<string, unknown>;
  if (typeof error !== 'string' || error === '' || typeof code !== 'string') return null;
  return typeof params === 'object' && params !== null
    ? { error, code: code as MessageCode, params: params as Message['params'] }
    : { error, code: code as MessageCode };
}

/**
 * The one API client of the player app (docs/product.md#calls, docs/product.md#errors; docs/decisions.md#api-contract). GET adds a cache-busting timestamp; every call
 * carries the credentials in the Authorization header; POST sends form fields or multipart, and with no payload the
 * id and token. Status 0 and 500+ are retried after 50 ms × attempt (capped); after the second retry of a 500 the
 * "Oh no!" popover shows; a 503 with Retry-After is not retried but shown. Status 1–499 is not retried; a 400 (or 403, 409, 413, 429) with a message shows the Error popover. An answer
 * that cannot be parsed counts as an error.
 */
export function createApiClient(deps: ApiClientDeps) {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const sleep = deps.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = deps.now ?? Date.now;

  function headers(): Record<string, string> {
    const credentials = deps.credentials();
    return {
      Accept: 'application/json',
      ...(credentials ? { Authorization: `Bearer ${credentials.id}:${credentials.token}` } : {}),
    };
  }

  function call<T>(makeRequest: () => [string, RequestInit], options: CallOptions): Promise<T> {
    const answer = attempts<T>(makeRequest, options);
    deps.track?.(answer);
    return answer;
  }

  async function attempts<T>(makeRequest: () => [string, RequestInit], options: CallOptions): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const [url, init] = makeRequest();
      let response: Response;
      try {
        response = await doFetch(url, {
          ...init,
          signal: options.signal ?? null,
          ...(options.keepalive ? { keepalive: true } : {}),
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (attempt >= NETWORK_RETRIES) throw new ApiError(0);
        await sleep(retryDelay(attempt + 1, options.timeout));
        continue;
      }
      // A 503 with Retry-After is a refusal for now with a message for the player (every password-hashing thread
      // busy): retrying at once would only add to the crowd, so it is shown like a 429.
      const refusedForNow = response.status === 503 && response.headers.has('Retry-After');
      if (response.status >= 500 && !refusedForNow) {
        if (attempt >= RETRIES_BEFORE_SERVER_ERROR_POPOVER) {
          deps.popover(deps.translate('errorTitle'), deps.translate('serverErrorPopover'));
          throw new ApiError(response.status, refusalOf(await response.json().catch(() => null)));
        }
        await sleep(retryDelay(attempt + 1, options.timeout));
        continue;
      }
      let body: unknown;
      try {
        body = JSON.parse(await response.text());
      } catch {
        throw new ApiError(response.status);
      }
      if (!response.ok) {
        const refusal = refusalOf(body);
        if (response.status === 401 && refusal?.code === 'sessionExpired' && deps.credentials()) {
          deps.sessionEnded?.();
        }
        if (SHOWN_STATUSES.has(response.status) && options.defaultErrorHandler !== false) {
          // A refusal without a code (a proxy's page in between) says only that something went wrong.
          if (refusal) deps.popover(deps.translate('errorTitle'), refusal);
          else if (hasErrorText(body)) deps.popover(deps.translate('errorTitle'), deps.translate('somethingWentWrong'));
        }
        throw new ApiError(response.status, refusal);
      }
      return body as T;
    }
  }

  return {
    /**
     * The answer to `GET path` with `params` that the server-rendered page was drawn with, while the page has it
     * (page-data.ts), else undefined: a screen's first render takes it, so it draws what the server drew.
     */
    peek<T>(path: string, params: ReadParams = {}): T | undefined {
      return deps.pageData?.peek(readKey(path, params)) as T | undefined;
    },
    /** A JSON body (PUT /user/notifications, the push subscription calls), with the same retries and popovers. */
    json<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, options: CallOptions = {}) {
      return call<T>(
        () => [
          path,
          { method, headers: { ...headers(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
        ],
        options,
      );
    },
    get<T>(path: string, params: Record<string, string | number | undefined> = {}, options: CallOptions = {}) {
      return call<T>(() => {
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
        query.set('_', String(now()));
        return [`${path}?${query.toString()}`, { method: 'GET', headers: headers() }];
      }, options);
    },
    post<T>(path: string, payload?: Payload, options: CallOptions = {}) {
      return call<T>(() => {
        const credentials = deps.credentials();
        if (payload instanceof FormData) return [path, { method: 'POST', headers: headers(), body: payload }];
        const fields = payload ?? (credentials ? { id: credentials.id, token: credentials.token } : {});
        const hasFile = Object.values(fields).some((value) => value instanceof Blob);
        if (hasFile) {
          const form = new FormData();
          for (const [key, value] of Object.entries(fields)) {
            if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : 'upload');
            else if (value !== undefined && value !== null) form.append(key, String(value));
          }
          return [path, { method: 'POST', headers: headers(), body: form }];
        }
        const body = new URLSearchParams();
        for (const [key, value] of Object.entries(fields)) {
          if (value !== undefined && value !== null) body.set(key, String(value));
        }
        return [
          path,
          {
            method: 'POST',
            headers: { ...headers(), 'Content-Type': 'application/x-www-form-urlencoded' },
            body: body.toString(),
          },
        ];
      }, options);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
