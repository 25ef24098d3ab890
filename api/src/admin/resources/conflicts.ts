import {
  asTrimmed,
  isSent,
  STAFF_VIEWER,
  validateScore,
  type AdminConflictDetail,
  type AdminConflictRecord,
} from '@ecup/domain';
import {
  adminConflictChat,
  adminConflictEvidence,
  adminConflictPage,
  adminHeadToHead,
  claimConflict,
  findAdminConflict,
  findGame,
  gameSummary,
  gamesPlayedOf,
  presentAdminConflict,
  presentAdminConflictDetail,
  releaseConflict,
  resolveConflict,
  type AdminConflictFilters,
} from '@ecup/db';
import { badRequest, valid } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { boolFilter, defineResource, intFilter, type AdminContext } from '../resource.ts';

/**
 * The conflict page: both players and what each entered and when, the whole chat, all evidence (image
 * paths and YouTube embeds), and the two players' other final games against each other.
 */
async function detail(ac: AdminContext, id: number): Promise<AdminConflictDetail | null> {
  const { knex } = ac.deps;
  const row = await findAdminConflict(knex, id);
  const game = row ? await findGame(knex, id) : null;
  if (!row || !game) return null;
  const [summary, messages, evidence, history, played] = await Promise.all([
    gameSummary(knex, game, ac.now, STAFF_VIEWER),
    adminConflictChat(knex, id),
    adminConflictEvidence(knex, id),
    adminHeadToHead(knex, game),
    gamesPlayedOf(knex, [game.user_1_id, game.user_2_id]),
  ]);
  return presentAdminConflictDetail(row, { game, summary, messages, evidence, history, played }, ac.now);
}

/**
 * Conflicts (canResolveConflicts): games that went to conflict, the open queue oldest first by default. Updates by
 * `action`: `claim`, `release`, `resolve` with `score_1`/`score_2` in game order (the rule of /admin/games/edit);
 * scores without an action resolve.
 */
export const conflictsResource = defineResource<AdminConflictRecord, AdminConflictFilters>({
  name: 'conflicts',
  sortable: ['id', 'waiting_since', 'created_at'],
  defaultSort: { field: 'waiting_since', order: 'ASC' },
  filters: { solved: boolFilter, claimed: boolFilter, claimed_by: intFilter, user_id: intFilter },

  async list(ac, request) {
    const { rows, total } = await adminConflictPage(ac.deps.knex, request);
    return { data: rows.map((row) => presentAdminConflict(row, ac.now)), total };
  },

  getOne: detail,

  async update(ac, id, body) {
    const scoresSent = isSent(body.score_1) || isSent(body.score_2);
    const action = asTrimmed(body.action) || (scoresSent ? 'resolve' : '');
    const input = { actor: ac.actor, game_id: id, ip: ac.ip, now: ac.now };
    if (action === 'claim') {
      await runCommand(ac.deps, (trx) => claimConflict(trx, input));
    } else if (action === 'release') {
      await runCommand(ac.deps, (trx) => releaseConflict(trx, input));
    } else if (action === 'resolve') {
      const score_1 = valid(validateScore(body.score_1));
      const score_2 = valid(validateScore(body.score_2));
      await runCommand(ac.deps, (trx) => resolveConflict(trx, { ...input, score_1, score_2 }));
    } else {
      throw badRequest('adminActionInvalid');
    }
    return (await detail(ac, id))!;
  },
});
