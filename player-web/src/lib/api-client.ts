/** An API answer other than 2xx; `message` is the server's `{ error }` text when it sent one (spec section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * GET a JSON answer from the API on the same origin (decisions section 2: reads are GET, errors are
 * `{ "error": "<message>" }`). Network failures reject with the browser's TypeError, HTTP errors with ApiError.
 */
export async function apiGet<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, signal: init.signal });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
        ? body.error
        : response.statusText;
    throw new ApiError(response.status, message);
  }
  return body as T;
}
