import type { ConsoleUpdateValue } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';
import type { SavedResponse } from './update-profile.ts';

/** POST /user/console/update (docs/product.md#calls): console and gamer tag of the signed-in user. */
export function updateConsole(api: ApiClient, form: ConsoleUpdateValue): Promise<SavedResponse> {
  return api.post<SavedResponse>('/user/console/update', { ...form });
}
