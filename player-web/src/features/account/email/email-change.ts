import type { EmailChangeLinkValue } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

export type EmailLinkKind = 'confirm' | 'undo';

/**
 * GET /user/email/confirm or /user/email/undo: whether an e-mail change link can still be used. A used, expired or
 * unknown link answers 400 with the invalid-link message; the page shows that state, so no popover opens here.
 */
export function checkEmailLink(api: ApiClient, kind: EmailLinkKind, link: EmailChangeLinkValue) {
  return api.get<{ valid: true }>(`/user/email/${kind}`, { ...link }, { defaultErrorHandler: false });
}

/** POST /user/email/confirm or /user/email/undo (docs/api.md): uses the link once. */
export function sendEmailLink(api: ApiClient, kind: EmailLinkKind, link: EmailChangeLinkValue) {
  return api.post<{ message: string; email?: string; reverted?: boolean }>(`/user/email/${kind}`, { ...link });
}
