import Router from '@koa/router';
import {
  MESSAGES,
  PERMISSIONS,
  asTrimmed,
  canSeeGame,
  checkUploadEvidence,
  isSent,
  parsePositiveInt,
  validateScore,
  validateYoutubeLink,
  type ActiveGameResponse,
  type ChatSendResponse,
  type EvidencePayload,
  type GameActor,
  type GamePayload,
  type VerifyAnswer,
} from '@ecup/domain';
import {
  openGameId,
  adminEditResult,
  confirmResult,
  escalateResult,
  findGame,
  gamePayload,
  reportDropped,
  sendChatMessage,
  submitResult,
  uploadEvidence,
} from '@ecup/db';
import { removeWithThumbnail, storeEvidenceImage } from '@ecup/storage';
import type { AppDeps, AppState } from '../../context.ts';
import { HttpError, badRequest, notFound, valid } from '../../errors.ts';
import { permissionsOf, requireStaffFlag, requireUser } from '../../middleware/auth.ts';
import { bodyOf, queryOf, uploadedFile } from '../../middleware/body.ts';
import { clientIp } from '../../services/client.ts';
import { REFUSAL_STATUS, runCommand } from '../../services/commands.ts';
import { readPhoto } from '../../services/photos.ts';

/** A game id from a query or body; anything that is not one reads as an unknown game (404). */
function gameIdOf(value: unknown): number {
  const id = parsePositiveInt(value);
  if (id === undefined) throw notFound('gameNotFound');
  return id;
}

/** The caller as the game rules see them: their id and the staff flags this session may use. */
const actorOf = (ctx: { state: AppState }): GameActor => ({ id: requireUser(ctx).id, permissions: permissionsOf(ctx) });

/** Both scores in game order; the spec's admin form names them score1/score2, the player's score_1/score_2. */
function scoresOf(body: Record<string, unknown>): { score_1: number; score_2: number } {
  const first = isSent(body.score_1) ? body.score_1 : body.score1;
  const second = isSent(body.score_2) ? body.score_2 : body.score2;
  return { score_1: valid(validateScore(first)), score_2: valid(validateScore(second)) };
}

/** The chat throttle's answer (docs/product.md#validation): 429 with the seconds left in Retry-After. */
const chatThrottled = (retryAfterMs: number) =>
  new HttpError(429, 'chatThrottled', { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

/**
 * The game calls of docs/product.md#calls (docs/decisions.md#matchmaking): the active game, a game with its chat and evidence, submit, verify,
 * protest, 'Opponent left', evidence, chat and the moderator's score edit. Every call needs a session; a game the
 * caller may not see answers 404 like a missing one. Result calls answer the updated game; their state changes
 * push `score` on the game's room after commit.
 */
export function gamesRoutes(deps: AppDeps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/game/get_active', async (ctx) => {
    const user = requireUser(ctx);
    const response: ActiveGameResponse = { game_id: await openGameId(deps.knex, user.id) };
    ctx.body = response;
  });

  router.get('/game/get', async (ctx) => {
    requireUser(ctx);
    const gameId = gameIdOf(queryOf(ctx).id);
    const game = await findGame(deps.knex, gameId);
    if (!game || !canSeeGame(game, actorOf(ctx))) throw notFound('gameNotFound');
    const response: GamePayload = await gamePayload(deps.knex, game, deps.now(), requireUser(ctx).id);
    ctx.body = response;
  });

  router.post('/game/submit', async (ctx) => {
    requireUser(ctx);
    const body = bodyOf(ctx);
    const game_id = gameIdOf(body.game_id);
    const scores = scoresOf(body);
    ctx.body = await runCommand(deps, (trx) =>
      submitResult(trx, { game_id, actor: actorOf(ctx), ...scores, now: deps.now() }),
    );
  });

  router.post('/game/confirm', async (ctx) => {
    requireUser(ctx);
    const game_id = gameIdOf(bodyOf(ctx).game_id);
    const actor = actorOf(ctx);
    const now = deps.now();
    const { summary } = await runCommand(deps, (trx) => confirmResult(trx, { game_id, actor, now }));
    // The game's page keeps the chat and evidence it shows (see VerifyAnswer), so none are read again here.
    const response: VerifyAnswer = summary;
    ctx.body = response;
  });

  router.post('/game/escalate', async (ctx) => {
    requireUser(ctx);
    const game_id = gameIdOf(bodyOf(ctx).game_id);
    ctx.body = await runCommand(deps, (trx) => escalateResult(trx, { game_id, actor: actorOf(ctx), now: deps.now() }));
  });

  router.post('/game/dropped', async (ctx) => {
    requireUser(ctx);
    const body = bodyOf(ctx);
    const game_id = gameIdOf(body.game_id);
    const dropped_user_id = parsePositiveInt(body.dropped_user_id);
    ctx.body = await runCommand(deps, (trx) =>
      reportDropped(trx, { game_id, actor: actorOf(ctx), dropped_user_id, now: deps.now() }),
    );
  });

  router.post('/game/upload_evidence', async (ctx) => {
    requireUser(ctx);
    const body = bodyOf(ctx);
    const game_id = gameIdOf(body.game_id);
    const actor = actorOf(ctx);
    let evidence: EvidencePayload;
    if (asTrimmed(body.youtube_id) !== '') {
      const youtube_id = valid(validateYoutubeLink(body.youtube_id));
      evidence = await runCommand(deps, (trx) =>
        uploadEvidence(trx, { game_id, actor, evidence: { youtube_id }, now: deps.now() }),
      );
    } else {
      const file = uploadedFile(ctx, 'photo');
      if (!file) throw badRequest('evidenceMissing');
      // Checked before the image is decoded and stored, so refused uploads cost nothing; the command checks
      // again under the game's lock.
      const game = await findGame(deps.knex, game_id);
      if (!game) throw notFound('gameNotFound');
      const allowed = checkUploadEvidence(game, actor);
      if (!allowed.ok) {
        const { ok: _ok, kind, ...refusal } = allowed;
        throw new HttpError(REFUSAL_STATUS[kind], refusal);
      }
      const jpeg = await readPhoto(file);
      const evidence_hash = await storeEvidenceImage(deps.images, jpeg);
      try {
        evidence = await runCommand(deps, (trx) =>
          uploadEvidence(trx, { game_id, actor, evidence: { evidence_hash }, now: deps.now() }),
        );
      } catch (error) {
        await removeWithThumbnail(deps.images, 'evidence_thumb', evidence_hash);
        throw error;
      }
    }
    ctx.body = { evidence, message: MESSAGES.evidenceUploaded };
  });

  router.post('/game/chat/send_message', async (ctx) => {
    requireUser(ctx);
    const body = bodyOf(ctx);
    const game_id = gameIdOf(body.game_id);
    const sent = await runCommand(deps, (trx) =>
      sendChatMessage(trx, {
        game_id,
        actor: actorOf(ctx),
        message: body.message,
        preset: body.preset,
        now: deps.now(),
      }),
    );
    if (sent.status === 'throttled') throw chatThrottled(sent.retry_after_ms);
    const answer: ChatSendResponse = { message: sent.status === 'sent' ? sent.message : null };
    if (sent.status === 'sent' && sent.masked) answer.notice = MESSAGES.chatMasked;
    ctx.body = answer;
  });

  router.post('/admin/games/edit', async (ctx) => {
    requireStaffFlag(ctx, PERMISSIONS.canResolveConflicts);
    const body = bodyOf(ctx);
    const game_id = gameIdOf(body.game_id);
    const scores = scoresOf(body);
    ctx.body = await runCommand(deps, (trx) =>
      adminEditResult(trx, { game_id, actor: actorOf(ctx), ...scores, ip: clientIp(ctx), now: deps.now() }),
    );
  });

  return router;
}
