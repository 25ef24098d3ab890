import type { EvidencePayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

export interface UploadEvidenceResponse {
  evidence: EvidencePayload;
  message: string;
}

/**
 * POST /game/upload_evidence (docs/product.md#calls): a YouTube video id, or multipart with a photo. The answer carries the new
 * evidence and the success message ('The evidence has been uploaded.').
 */
export function uploadEvidence(
  api: ApiClient,
  input: { gameId: number } & ({ youtubeId: string } | { photo: File }),
): Promise<UploadEvidenceResponse> {
  return 'photo' in input
    ? api.post<UploadEvidenceResponse>('/game/upload_evidence', { game_id: input.gameId, photo: input.photo })
    : api.post<UploadEvidenceResponse>('/game/upload_evidence', { game_id: input.gameId, youtube_id: input.youtubeId });
}
