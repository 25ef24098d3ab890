import type { GuardianApproveResponse, GuardianLinkResponse } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

const path = (uid: string, token: string) =>
  `/guardian/approval/${encodeURIComponent(uid)}/${encodeURIComponent(token)}`;

/** GET /guardian/approval/{uid}/{token}: whose link this is and whether it was used; 404 for a dead link. */
export function getGuardianLink(api: ApiClient, uid: string, token: string): Promise<GuardianLinkResponse> {
  return api.get<GuardianLinkResponse>(path(uid, token), {}, { defaultErrorHandler: false });
}

/** POST /guardian/approval/{uid}/{token}: the guardian approves; 404 for a dead link. */
export function approveGuardianLink(api: ApiClient, uid: string, token: string): Promise<GuardianApproveResponse> {
  return api.post<GuardianApproveResponse>(path(uid, token), {}, { defaultErrorHandler: false });
}
