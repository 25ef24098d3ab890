import { HttpError, fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { authorizationHeader } from './credentials.ts';

/**
 * ra-core's fetchJson with the console session's `Authorization` header; the API's errors are `{ error }`
 * (docs/api.md "Admin API"), so that text becomes the message react-admin shows.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const authorization = authorizationHeader();
  if (authorization) headers.set('Authorization', authorization);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = error.body as { error?: unknown } | undefined;
      const message = typeof body?.error === 'string' ? body.error : error.message;
      throw new HttpError(message, error.status, error.body);
    }
    throw error;
  }
}

/** The console's data provider: `/admin/api/{resource}` in ra-data-simple-rest's dialect. */
export const dataProvider = simpleRestProvider('/admin/api', httpClient);
