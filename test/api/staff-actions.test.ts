import test from 'ava';
import { ALL_PERMISSIONS, PERMISSIONS, message, type AdminAuditRecord, type AdminReportRecord } from '@ecup/domain';
import { apiSuite, consoleApi } from '../helpers/api-suite.ts';
import { buildUser } from '../helpers/factories.ts';
import { consoleStaff, type Player } from '../helpers/sockets.ts';
import type { Credentials } from '../helpers/http.ts';

const suite = apiSuite({ label: 'staffactions' });

/** A staff member signed in to the console; holders of every flag passed the second factor. */
const staff = (permissions: number): Promise<Player> => consoleStaff(suite.server.knex, permissions);

/** An open player report against `reported`, written as the report form would. */
async function reportAgainst(reportedId: number): Promise<number> {
  const reporter = await buildUser(suite.server.knex);
  const [id] = await suite.server.knex('reports').insert({
    kind: 'player',
    reporter_user_id: reporter.id,
    reported_user_id: reportedId,
    reason: 'bullying',
    text: 'Rude in chat',
    created_at: suite.server.clock.now(),
  });
  return id!;
}

const { put: consolePut } = consoleApi(suite);

/** What a report action could have changed: the report, the target's ban, mute and warnings, and the audit log. */
async function stateOf(reportId: number, userId: number) {
  const [report, user, warnings, audit] = await Promise.all([
    suite.server.knex('reports').where('id', reportId).first('resolved_at', 'outcome'),
    suite.server.knex('users').where('id', userId).first('banned_until', 'chat_muted_until'),
    suite.server.knex('user_warnings').where('user_id', userId).count({ n: '*' }).first(),
    suite.server
      .knex('audit_log')
      .where((q) =>
        q
          .where({ entity: 'user', entity_id: String(userId) })
          .orWhere({ entity: 'report', entity_id: String(reportId) }),
      )
      .count({ n: '*' })
      .first(),
  ]);
  return { report, user, warnings, audit };
}

const auditLog = (auth: Credentials, filter: Record<string, unknown>) =>
  suite.api.get<AdminAuditRecord[]>('/admin/api/audit-log', {
    auth,
    query: { filter: JSON.stringify(filter), sort: '["id","ASC"]' },
  });

test('a moderator with only the reports flag cannot ban from the queue: 403 and nothing changes', async (t) => {
  const moderator = await staff(PERMISSIONS.canBanUsers);
  const player = await buildUser(suite.server.knex);
  const reportId = await reportAgainst(player.id);
  const before = await stateOf(reportId, player.id);
  const ban = await consolePut(moderator.auth, `/reports/${reportId}`, { action: 'ban', reason: 'Rude', days: 3 });
  t.deepEqual([ban.status, ban.body], [403, message('noPermission')]);
  t.deepEqual(await stateOf(reportId, player.id), before);

  // The same moderator may still warn from the queue, and one with the user page's flags may ban.
  t.is((await consolePut(moderator.auth, `/reports/${reportId}`, { action: 'warn', message: 'Be kind.' })).status, 200);
  const full = await staff(PERMISSIONS.canBanUsers | PERMISSIONS.canSeeUserProfile);
  const second = await reportAgainst(player.id);
  const banned = await consolePut<AdminReportRecord>(full.auth, `/reports/${second}`, {
    action: 'ban',
    reason: 'Rude',
    days: 3,
  });
  t.is(banned.status, 200, JSON.stringify(banned.body));
  t.true(banned.body.reported.banned);
});

test('a moderator cannot warn or mute an admin holding every flag (403, nothing changes); an admin can warn a moderator', async (t) => {
  const moderator = await staff(PERMISSIONS.canBanUsers | PERMISSIONS.canSeeUserProfile);
  const admin = await staff(ALL_PERMISSIONS);
  const reportId = await reportAgainst(admin.user.id);
  const before = await stateOf(reportId, admin.user.id);
  for (const act of [
    { action: 'warn', message: 'Careful.' },
    { action: 'mute', days: 3 },
    { action: 'ban', reason: 'Careful.', days: 3 },
  ]) {
    const refused = await consolePut(moderator.auth, `/reports/${reportId}`, act);
    t.is(refused.status, 403, act.action);
    t.deepEqual(await stateOf(reportId, admin.user.id), before, `${act.action} changed nothing`);
  }
  const warnRefusal = await consolePut(moderator.auth, `/reports/${reportId}`, { action: 'warn', message: 'x' });
  t.deepEqual(warnRefusal.body, message('cannotActOnSeniorStaff'));

  // A flag the actor lacks counts even when the actor's number is larger: 2 does not outrank 1.
  const reports = await staff(PERMISSIONS.canBanUsers);
  const viewer = await staff(PERMISSIONS.canSeeUserProfile);
  const viewerReport = await reportAgainst(viewer.user.id);
  const sideways = await consolePut(reports.auth, `/reports/${viewerReport}`, { action: 'mute', days: 1 });
  t.deepEqual([sideways.status, sideways.body], [403, message('cannotActOnSeniorStaff')]);

  const against = await reportAgainst(moderator.user.id);
  const warned = await consolePut<AdminReportRecord>(admin.auth, `/reports/${against}`, {
    action: 'warn',
    message: 'Keep it friendly.',
  });
  t.is(warned.status, 200, JSON.stringify(warned.body));
  t.like(warned.body, { resolved: true, outcome: 'warned' });
  const peer = await staff(PERMISSIONS.canBanUsers | PERMISSIONS.canSeeUserProfile);
  const peerReport = await reportAgainst(peer.user.id);
  t.is(
    (await consolePut(moderator.auth, `/reports/${peerReport}`, { action: 'mute', days: 1 })).status,
    200,
    'equal flags',
  );
});

test('console sign-ins, refused ones of staff accounts, and the winners CSV export show in the audit log', async (t) => {
  const moderator = await buildUser(suite.server.knex, { permissions: PERMISSIONS.canSeeTrophyWinners });
  const admin = await staff(ALL_PERMISSIONS);
  const wrong = await suite.api.postJson('/admin/api/auth/login', {
    username: moderator.username,
    password: 'not-it-1234',
  });
  t.is(wrong.status, 401);
  const player = await buildUser(suite.server.knex);
  t.is(
    (await suite.api.postJson('/admin/api/auth/login', { username: player.username, password: 'not-it-1234' })).status,
    401,
  );
  const signedIn = await suite.api.postJson<{ id: number; token: string }>('/admin/api/auth/login', {
    username: moderator.username,
    password: moderator.password,
  });
  t.is(signedIn.status, 200, JSON.stringify(signedIn.body));
  const auth = { id: signedIn.body.id, token: signedIn.body.token };

  const csv = await fetch(`${suite.server.url}/admin/api/trophy-winners.csv`, {
    headers: { Authorization: `Bearer ${auth.id}:${auth.token}` },
  });
  t.is(csv.status, 200);
  const lines = (await csv.text()).trim().split('\r\n');

  const session = await suite.server.knex('sessions').where({ user_id: moderator.id, console: true }).first('id');
  const signIns = await auditLog(admin.auth, { entity: 'console_sign_in', entity_id: String(moderator.id) });
  t.is(signIns.status, 200);
  t.deepEqual(
    signIns.body.map((row) => [row.action, row.actor?.id ?? null, row.after]),
    [
      ['console.sign_in_failed', null, { reason: 'password' }],
      ['console.sign_in', moderator.id, { session_id: session!.id, second_factor: false }],
    ],
  );
  t.is(signIns.body[1]!.ip !== null, true, 'the address is kept');
  t.deepEqual(
    (await auditLog(admin.auth, { entity: 'console_sign_in', entity_id: String(player.id) })).body,
    [],
    'a player name is not staff: not written',
  );

  const exports = await auditLog(admin.auth, { action: 'trophy_winners.export', actor_user_id: moderator.id });
  t.deepEqual(
    exports.body.map((row) => [row.entity, row.entity_id, row.after]),
    [['export', 'trophy_winners', { format: 'csv', rows: lines.length - 1 }]],
  );
});
