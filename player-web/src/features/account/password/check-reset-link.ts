import type { ResetLinkValue } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/**
 * GET /user/reset_password: whether a reset link can still be used. A used, expired or unknown link answers 400
 * with the invalid-link message; the caller shows that state, so no popover is opened here.
 */
export function checkResetLink(api: ApiClient, link: ResetLinkValue): Promise<{ valid: true }> {
  return api.get<{ valid: true }>('/user/reset_password', { ...link }, { defaultErrorHandler: false });
}
