import type { AvatarResponse } from '@ecup/domain';
import type { ApiClient } from '../../../lib/api-client.ts';

/** POST /user/profile_picture/set (docs/product.md#calls): multipart field `photo`; answers the new avatar hash. */
export function setProfilePicture(api: ApiClient, photo: File): Promise<AvatarResponse> {
  return api.post<AvatarResponse>('/user/profile_picture/set', { photo });
}
