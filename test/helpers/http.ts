/** A minimal API client for tests: JSON, form or multipart bodies; Bearer credentials. */
export interface Credentials {
  id: number;
  token: string;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  auth?: Credentials;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
}

async function parse<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

function baseHeaders(options: CallOptions): Record<string, string> {
  return {
    ...(options.auth ? { Authorization: `Bearer ${options.auth.id}:${options.auth.token}` } : {}),
    ...options.headers,
  };
}

let nextAddress = 0;

/**
 * A client for one server. With `spreadAddresses`, every request claims its own X-Forwarded-For address (for
 * servers started with TRUST_PROXY=on), so per-address limits do not mix up unrelated tests.
 */
export function client(base: string, defaults: { spreadAddresses?: boolean } = {}) {
  const headersFor = (options: CallOptions) => {
    const n = nextAddress++;
    return {
      ...(defaults.spreadAddresses ? { 'X-Forwarded-For': `198.18.${(n >> 8) & 255}.${n & 255}` } : {}),
      ...baseHeaders(options),
    };
  };
  const url = (path: string, query?: CallOptions['query']) => {
    const target = new URL(path, base);
    for (const [k, v] of Object.entries(query ?? {})) target.searchParams.set(k, String(v));
    return target;
  };
  return {
    async get<T = Record<string, unknown>>(path: string, options: CallOptions = {}) {
      return parse<T>(await fetch(url(path, options.query), { headers: headersFor(options) }));
    },
    /** Form-encoded POST, as the spec's client sends. */
    async post<T = Record<string, unknown>>(
      path: string,
      fields: Record<string, string> = {},
      options: CallOptions = {},
    ) {
      return parse<T>(
        await fetch(url(path, options.query), {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headersFor(options) },
          body: new URLSearchParams(fields).toString(),
        }),
      );
    },
    async postJson<T = Record<string, unknown>>(path: string, body: unknown, options: CallOptions = {}) {
      return parse<T>(
        await fetch(url(path, options.query), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headersFor(options) },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      );
    },
    async postMultipart<T = Record<string, unknown>>(
      path: string,
      fields: Record<string, string>,
      files: Record<string, { data: Buffer; name: string; type: string }>,
      options: CallOptions = {},
    ) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      for (const [k, f] of Object.entries(files))
        form.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
      return parse<T>(await fetch(url(path), { method: 'POST', headers: headersFor(options), body: form }));
    },
  };
}
