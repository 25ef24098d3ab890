import {
  ADMIN_ACTION_FLAGS,
  asTrimmed,
  hasAll,
  parsePositiveInt,
  validateBan,
  validatePermissions,
  type AdminUserDetail,
  type AdminUserRecord,
} from '@ecup/domain';
import {
  adminSignOutSessions,
  adminUserBans,
  adminUserConflicts,
  adminUserPage,
  adminUserRecentGames,
  adminUserSignInIps,
  banUser,
  findAdminUser,
  liveSessions,
  presentAdminUser,
  presentAdminUserDetail,
  rankOf,
  setPermissions,
  unbanUser,
  type AdminUserFilters,
} from '@ecup/db';
import { badRequest, valid } from '../../errors.ts';
import { runCommand } from '../../services/commands.ts';
import { requireFlags } from '../access.ts';
import { boolFilter, defineResource, intFilter, textFilter, type AdminContext } from '../resource.ts';

/**
 * The user page: the record plus stats, recent games, conflicts, sign-in addresses and bans, and for
 * staff who may sign the user out (ADMIN_ACTION_FLAGS.ban) the sessions that have not ended.
 */
async function detail(ac: AdminContext, id: number): Promise<AdminUserDetail | null> {
  const { knex } = ac.deps;
  const row = await findAdminUser(knex, id);
  if (!row) return null;
  const maySignOut = hasAll(ac.actor, ADMIN_ACTION_FLAGS.ban);
  const [rank, recent, conflicts, ips, bans, sessions] = await Promise.all([
    rankOf(knex, { id, elo: row.elo, games_played: row.games_played }, ac.now),
    adminUserRecentGames(knex, id),
    adminUserConflicts(knex, id),
    adminUserSignInIps(knex, id),
    adminUserBans(knex, id),
    maySignOut ? liveSessions(knex, id, ac.now) : null,
  ]);
  return presentAdminUserDetail(row, { rank, recent, conflicts, ips, bans, sessions }, ac.now);
}

/**
 * Users (canSeeUserProfile): search and filters, the user page, and the updates chosen by `action`: `ban`
 * (`reason`, `days` or `permanent`), `unban`, `sign_out` (`session_id`) and `sign_out_all` (all four also need
 * canBanUsers), `permissions` (every flag).
 */
export const usersResource = defineResource<AdminUserRecord, AdminUserFilters>({
  name: 'users',
  sortable: ['id', 'username', 'elo', 'created_at'],
  defaultSort: { field: 'id', order: 'ASC' },
  filters: { q: textFilter, country_id: intFilter, console: intFilter, banned: boolFilter, staff: boolFilter },

  async list(ac, request) {
    const { rows, total } = await adminUserPage(ac.deps.knex, request, ac.now);
    return { data: rows.map((row) => presentAdminUser(row, ac.now)), total };
  },

  getOne: detail,

  async update(ac, id, body) {
    const action = asTrimmed(body.action);
    const common = { actor: { id: ac.actor.id, permissions: ac.actor.permissions }, user_id: id, ip: ac.ip };
    if (action === 'ban') {
      requireFlags(ac.actor, ADMIN_ACTION_FLAGS.ban);
      const ban = valid(validateBan(body));
      await runCommand(ac.deps, (trx) => banUser(trx, { ...common, ...ban, now: ac.now }));
    } else if (action === 'unban') {
      requireFlags(ac.actor, ADMIN_ACTION_FLAGS.ban);
      await runCommand(ac.deps, (trx) => unbanUser(trx, { ...common, now: ac.now }));
    } else if (action === 'sign_out' || action === 'sign_out_all') {
      requireFlags(ac.actor, ADMIN_ACTION_FLAGS.ban);
      const session_id = action === 'sign_out' ? parsePositiveInt(body.session_id) : null;
      if (session_id === undefined) throw badRequest('sessionIdRequired');
      const actor_session_id = ac.ctx.state.session?.id ?? null;
      await runCommand(ac.deps, (trx) =>
        adminSignOutSessions(trx, { ...common, actor_session_id, session_id, now: ac.now }),
      );
    } else if (action === 'permissions') {
      requireFlags(ac.actor, ADMIN_ACTION_FLAGS.permissions);
      const { permissions } = valid(validatePermissions(body));
      await runCommand(ac.deps, (trx) => setPermissions(trx, { ...common, permissions, now: ac.now }));
    } else {
      throw badRequest('adminActionInvalid');
    }
    return (await detail(ac, id))!;
  },
});
