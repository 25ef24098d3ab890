import type { BlocksResponse, OwnReportPayload, ReportReason, WarningPayload } from '@ecup/domain';
import type { ApiClient } from '../../lib/api-client.ts';

/** POST /game/report: an opponent's chat line (with `chatMessageId`) or the opponent. */
export function reportInGame(
  api: ApiClient,
  input: { gameId: number; chatMessageId: number | null; reason: ReportReason; text: string },
): Promise<{ reported: true; message: string }> {
  return api.post('/game/report', {
    game_id: input.gameId,
    ...(input.chatMessageId !== null ? { chat_message_id: input.chatMessageId } : {}),
    reason: input.reason,
    text: input.text,
  });
}

/** POST /user/block */
export function blockPlayer(api: ApiClient, userId: number): Promise<{ blocked: true; message: string }> {
  return api.post('/user/block', { user_id: userId });
}

/** POST /user/unblock */
export function unblockPlayer(api: ApiClient, userId: number): Promise<{ blocked: false; message: string }> {
  return api.post('/user/unblock', { user_id: userId });
}

/** GET /user/blocks */
export function getBlocks(api: ApiClient): Promise<BlocksResponse> {
  return api.get<BlocksResponse>('/user/blocks');
}

/** GET /user/reports */
export function getOwnReports(api: ApiClient): Promise<{ reports: OwnReportPayload[] }> {
  return api.get<{ reports: OwnReportPayload[] }>('/user/reports');
}

/** GET /user/warning (errors stay quiet: the warning shows again on the next visit). */
export function getWarning(api: ApiClient): Promise<{ warning: WarningPayload | null }> {
  return api.get<{ warning: WarningPayload | null }>('/user/warning', {}, { defaultErrorHandler: false });
}

/** POST /user/warning/seen */
export function markWarningSeen(api: ApiClient, warningId: number): Promise<unknown> {
  return api.post('/user/warning/seen', { warning_id: warningId }, { defaultErrorHandler: false });
}
