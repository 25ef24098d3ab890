import test from 'ava';

import sharp from 'sharp';
import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError, fetchUtils, type DataProvider } from 'ra-core';
import {
  ADMIN_RESOURCE_NAMES,
  ALL_PERMISSIONS,
  MESSAGES,
  NEWS_THUMB_HEIGHT,
  NEWS_THUMB_WIDTH,
  PERMISSIONS,
  RESULT_ENTRY_DELAY_MS,
  hasAll,
  type AdminAuditRecord,
  type AdminConflictDetail,
  type AdminConflictRecord,
  type AdminCountryStatsRecord,
  type AdminIpBanRecord,
  type AdminNewsRecord,
  type AdminReportRecord,
  type AdminTrophyWinnerRecord,
  type AdminUserDetail,
  type AdminUserRecord,
  message,
} from '@ecup/domain';
import { createSession, createThread, reportPost } from '@ecup/db';
import { apiSuite } from '../helpers/api-suite.ts';
import { buildGame, buildUser, pngImage, showsOnlyTheMiddle, sidebandImage } from '../helpers/factories.ts';
import { consoleStaff, openSocket, signedInUser } from '../helpers/sockets.ts';
import type { Credentials } from '../helpers/http.ts';

const suite = apiSuite({ label: 'adminapi' });

/**
 * The real ra-data-simple-rest client, as the console builds it, with the Bearer pair of `auth`, plus `csv()`: the
 * trophy winners' CSV through the same client (its answer text is `body`).
 */
function dataProvider(auth?: Credentials): DataProvider {
  const httpClient = (url: string, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(
      url,
      auth ? { ...options, user: { authenticated: true, token: `Bearer ${auth.id}:${auth.token}` } } : options,
    );
  return {
    ...simpleRestProvider(`${suite.server.url}/admin/api`, httpClient),
    csv: () => httpClient(`${suite.server.url}/admin/api/trophy-winners.csv`),
  };
}

type Staff = Awaited<ReturnType<typeof signedInUser>> & { data: DataProvider };

/**
 * A staff member signed in to the console with `permissions`. Holders of every flag have TOTP on and a session that passed it, as
 * after a console sign-in (the sign-in itself is admin-auth.test.ts's business).
 */
async function staff(permissions: number, overrides: Parameters<typeof buildUser>[1] = {}): Promise<Staff> {
  const signed = await consoleStaff(suite.server.knex, permissions, overrides);
  return { ...signed, data: dataProvider(signed.auth) };
}

/** The status of a data provider call: 200 when it succeeded, else the HttpError's. */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.status;
    throw error;
  }
}

/** The refusal of a call: its status and the API's `error` text. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; error: unknown }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, error: (error.body as { error?: unknown })?.error };
    throw error;
  }
  throw new Error('the call succeeded');
}

const page = (page: number, perPage: number) => ({ page, perPage });
type Sort = { field: string; order: 'ASC' | 'DESC' };
const list = (filter: Record<string, unknown> = {}, sort: Sort = { field: 'id', order: 'ASC' }, p = page(1, 25)) => ({
  filter,
  sort,
  pagination: p,
});

const auditRows = (entity: string, entityId: number, action: string) =>
  suite.server
    .knex('audit_log')
    .where({ entity, entity_id: String(entityId), action })
    .orderBy('id');

const unique = () => Math.random().toString(36).slice(2, 8);

// --- The generic layer ---

test('a list answers Content-Range as ra-data-simple-rest reads it, and pages with range', async (t) => {
  const admin = await staff(PERMISSIONS.canSeeUserProfile);
  const tag = `pg${unique()}`;
  for (let i = 0; i < 5; i++) await buildUser(suite.server.knex, { gamer_tag: `${tag}-${i}`, elo: 1000 + i });
  const res = await suite.api.get<AdminUserRecord[]>('/admin/api/users', {
    auth: admin.auth,
    query: { sort: '["elo","DESC"]', range: '[1,2]', filter: JSON.stringify({ q: tag }) },
  });
  t.is(res.status, 200);
  t.is(res.headers.get('content-range'), 'users 1-2/5');
  t.deepEqual(
    res.body.map((u) => u.elo),
    [1003, 1002],
  );
  const second = await admin.data.getList('users', list({ q: tag }, { field: 'elo', order: 'DESC' }, page(3, 2)));
  t.is(second.total, 5);
  t.deepEqual(
    second.data.map((u) => u.elo),
    [1000],
  );
  const empty = await suite.api.get('/admin/api/users', {
    auth: admin.auth,
    query: { range: '[0,9]', filter: JSON.stringify({ q: `${tag}-none` }) },
  });
  t.is(empty.headers.get('content-range'), 'users */0');
});

test('a list refuses an unknown sort or filter field, and a sort, range or filter that is not JSON, with 400', async (t) => {
  const admin = await staff(PERMISSIONS.canSeeUserProfile);
  const unknownSort = await refusal(admin.data.getList('users', list({}, { field: 'password_hash', order: 'ASC' })));
  t.deepEqual(unknownSort, { status: 400, error: MESSAGES.unknownListField('password_hash') });
  const unknownFilter = await refusal(admin.data.getList('users', list({ password_hash: 'x' })));
  t.deepEqual(unknownFilter, { status: 400, error: MESSAGES.unknownListField('password_hash') });
  for (const query of [
    { sort: '[id' },
    { range: '[5,1]' },
    { filter: '[]' },
    { filter: '{"banned":"perhaps"}' },
  ] as Record<string, string>[]) {
    const res = await suite.api.get('/admin/api/users', { auth: admin.auth, query });
    t.is(res.status, 400, JSON.stringify(query));
    t.is(res.body.error, MESSAGES.listQueryInvalid);
  }
});

test('an unknown path below /admin/api/ is a JSON 404, and an unknown record too', async (t) => {
  const admin = await staff(ALL_PERMISSIONS);
  const res = await suite.api.get('/admin/api/nothing-here', { auth: admin.auth });
  t.is(res.status, 404);
  t.deepEqual(res.body, message('notFound'));
  t.deepEqual(await refusal(admin.data.getOne('users', { id: 987654 })), {
    status: 404,
    error: MESSAGES.recordNotFound,
  });
});

test('signed out, every resource answers 401', async (t) => {
  const data = dataProvider();
  for (const resource of ADMIN_RESOURCE_NAMES) {
    t.deepEqual(await refusal(data.getList(resource, list())), { status: 401, error: MESSAGES.notSignedIn }, resource);
  }
});

// --- The permission matrix ---

const ROLES: Record<string, number> = {
  player: 0,
  canSeeUserProfile: PERMISSIONS.canSeeUserProfile,
  canBanUsers: PERMISSIONS.canBanUsers,
  canIPBan: PERMISSIONS.canIPBan,
  canSeeCountryStats: PERMISSIONS.canSeeCountryStats,
  canPublishNews: PERMISSIONS.canPublishNews,
  canResolveConflicts: PERMISSIONS.canResolveConflicts,
  canSeeTrophyWinners: PERMISSIONS.canSeeTrophyWinners,
  all: ALL_PERMISSIONS,
};

const MISSING = 987654;

/**
 * One row per resource and call: the flags it needs and what an allowed caller gets. Writes use an unknown id or
 * an empty body, so an allowed call is a 404 or 400 and changes nothing, while a refused one is a 403 before any
 * lookup or validation.
 */
const MATRIX: { call: string; needs: number; allowed: number; run: (data: DataProvider) => Promise<unknown> }[] = [
  { call: 'users getList', needs: 1, allowed: 200, run: (d) => d.getList('users', list()) },
  { call: 'users getOne', needs: 1, allowed: 404, run: (d) => d.getOne('users', { id: MISSING }) },
  {
    call: 'users ban',
    needs: 1 | 2,
    allowed: 400,
    run: (d) => d.update('users', { id: MISSING, data: { action: 'ban' }, previousData: { id: MISSING } }),
  },
  {
    call: 'users permissions',
    needs: ALL_PERMISSIONS,
    allowed: 404,
    run: (d) =>
      d.update('users', {
        id: MISSING,
        data: { action: 'permissions', permissions: 1 },
        previousData: { id: MISSING },
      }),
  },
  { call: 'ip-bans getList', needs: 4, allowed: 200, run: (d) => d.getList('ip-bans', list()) },
  { call: 'ip-bans create', needs: 4, allowed: 400, run: (d) => d.create('ip-bans', { data: {} }) },
  { call: 'ip-bans delete', needs: 4, allowed: 404, run: (d) => d.delete('ip-bans', { id: MISSING }) },
  { call: 'conflicts getList', needs: 32, allowed: 200, run: (d) => d.getList('conflicts', list()) },
  {
    call: 'conflicts claim',
    needs: 32,
    allowed: 404,
    run: (d) => d.update('conflicts', { id: MISSING, data: { action: 'claim' }, previousData: { id: MISSING } }),
  },
  { call: 'news getList', needs: 16, allowed: 200, run: (d) => d.getList('news', list()) },
  { call: 'news create', needs: 16, allowed: 400, run: (d) => d.create('news', { data: {} }) },
  { call: 'news delete', needs: 16, allowed: 404, run: (d) => d.delete('news', { id: MISSING }) },
  { call: 'country-stats getList', needs: 8, allowed: 200, run: (d) => d.getList('country-stats', list()) },
  {
    call: 'reports getList (forum)',
    needs: 2,
    allowed: 200,
    run: (d) => d.getList('reports', list({ kind: 'forum' })),
  },
  {
    call: 'reports hide',
    needs: 2,
    allowed: 404,
    run: (d) => d.update('reports', { id: MISSING, data: { action: 'hide' }, previousData: { id: MISSING } }),
  },
  { call: 'trophy-winners getList', needs: 64, allowed: 200, run: (d) => d.getList('trophy-winners', list()) },
  { call: 'trophy-winners getOne', needs: 64, allowed: 404, run: (d) => d.getOne('trophy-winners', { id: MISSING }) },
  {
    call: 'trophy-winners CSV',
    needs: 64,
    allowed: 200,
    run: (d) => d.csv() as Promise<unknown>,
  },
  { call: 'audit-log getList', needs: ALL_PERMISSIONS, allowed: 200, run: (d) => d.getList('audit-log', list()) },
];

for (const [role, permissions] of Object.entries(ROLES)) {
  test(`permission matrix: ${role} (${permissions}) gets each call it holds the flags for, and 403 for the rest`, async (t) => {
    const caller = await staff(permissions);
    for (const row of MATRIX) {
      const expected = hasAll(permissions, row.needs) ? row.allowed : 403;
      const answer = await statusOf(row.run(caller.data));
      t.is(answer, expected, `${row.call} as ${role}`);
      if (expected === 403) {
        t.deepEqual(await refusal(row.run(caller.data)), { status: 403, error: MESSAGES.noPermission }, row.call);
      }
    }
  });
}

// --- Users ---

test('users: search by name, username, gamer tag and e-mail; filter by country, console and banned; getMany', async (t) => {
  const admin = await staff(PERMISSIONS.canSeeUserProfile);
  const tag = unique();
  const alva = await buildUser(suite.server.knex, { first_name: `Alva${tag}`, last_name: 'Berg', country_id: 12 });
  const bo = await buildUser(suite.server.knex, { gamer_tag: `Bo-${tag}`, country_id: 12, console: 0 });
  const cleo = await buildUser(suite.server.knex, { email: `cleo.${tag}@example.com` });
  const dan = await buildUser(suite.server.knex, {
    username: `d_${tag}`,
    banned_until: new Date(Date.now() + 86_400_000),
    ban_reason: 'Spam',
  });
  const ids = async (filter: Record<string, unknown>) =>
    (await admin.data.getList('users', list(filter))).data.map((u) => u.id).sort((a, b) => a - b);
  t.deepEqual(await ids({ q: `alva${tag} berg` }), [alva.id]);
  t.deepEqual(await ids({ q: tag }), [alva.id, bo.id, cleo.id, dan.id]);
  t.deepEqual(await ids({ q: tag, country_id: 12 }), [alva.id, bo.id]);
  t.deepEqual(await ids({ q: tag, country_id: 12, console: 0 }), [bo.id]);
  t.deepEqual(await ids({ q: tag, banned: true }), [dan.id]);
  t.deepEqual(await ids({ q: tag, banned: false }), [alva.id, bo.id, cleo.id]);
  const many = await admin.data.getMany('users', { ids: [cleo.id, dan.id] });
  t.deepEqual(many.data.map((u) => u.id).sort(), [cleo.id, dan.id].sort());
  const banned = many.data.find((u) => u.id === dan.id) as AdminUserRecord;
  t.true(banned.banned);
  t.is(banned.ban_reason, 'Spam');
  t.false(JSON.stringify(many.data).includes('password'));
});

test('users: sorts by id, username, elo and created_at', async (t) => {
  const admin = await staff(PERMISSIONS.canSeeUserProfile);
  const tag = unique();
  const made = [
    await buildUser(suite.server.knex, { gamer_tag: `s${tag}1`, username: `zz${tag}`, elo: 900 }),
    await buildUser(suite.server.knex, { gamer_tag: `s${tag}2`, username: `aa${tag}`, elo: 1200 }),
    await buildUser(suite.server.knex, { gamer_tag: `s${tag}3`, username: `mm${tag}`, elo: 1100 }),
  ];
  const order = async (field: string, dir: 'ASC' | 'DESC') =>
    (await admin.data.getList('users', list({ q: `s${tag}` }, { field, order: dir }))).data.map((u) => u.id);
  const [a, b, c] = made.map((u) => u.id) as [number, number, number];
  t.deepEqual(await order('id', 'DESC'), [c, b, a]);
  t.deepEqual(await order('username', 'ASC'), [b, c, a]);
  t.deepEqual(await order('elo', 'DESC'), [b, c, a]);
  t.deepEqual(await order('created_at', 'ASC'), [a, b, c]);
});

test('users: the user page has stats, recent games, conflicts and sign-in addresses', async (t) => {
  const admin = await staff(PERMISSIONS.canSeeUserProfile);
  const player = await buildUser(suite.server.knex, { wins: 3, games_played: 4 });
  const other = await buildUser(suite.server.knex);
  await createSession(suite.server.knex, { user_id: player.id, ip: '203.0.113.9', user_agent: 'test' });
  await createSession(suite.server.knex, { user_id: player.id, ip: '203.0.113.9', user_agent: 'test' });
  await createSession(suite.server.knex, { user_id: player.id, ip: '198.51.100.4', user_agent: 'test' });
  const final = await buildGame(suite.server.knex, {
    user_1_id: other.id,
    user_2_id: player.id,
    state: 'final',
    score_1: 1,
    score_2: 3,
  });
  const disputed = await buildGame(suite.server.knex, {
    user_1_id: player.id,
    user_2_id: other.id,
    state: 'conflict',
    conflict: true,
    score_1: 2,
    score_2: 2,
  });
  const { data } = await admin.data.getOne<AdminUserDetail>('users', { id: player.id });
  t.is(data.id, player.id);
  t.is(data.stats.wins, 3);
  t.is(data.stats.games_played, 4);
  t.deepEqual(
    data.recent_games.map((g) => g.id),
    [disputed, final],
  );
  const first = data.recent_games.find((g) => g.id === final)!;
  t.deepEqual([first.own_score, first.opponent_score, first.opponent.id], [3, 1, other.id]);
  t.deepEqual(
    data.conflicts.map((g) => g.id),
    [disputed],
  );
  t.deepEqual(data.sign_in_ips.map((ip) => [ip.ip, ip.sessions]).sort(), [
    ['198.51.100.4', 1],
    ['203.0.113.9', 2],
  ]);
  t.deepEqual(data.bans, []);
});

test('users: a ban closes the player’s socket at once, their next request is refused with the reason, and it is audited', async (t) => {
  const moderator = await staff(PERMISSIONS.canSeeUserProfile | PERMISSIONS.canBanUsers);
  const player = await signedInUser(suite.server.knex);
  const socket = await openSocket(suite.server.url, player.auth);
  const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  const { data } = await moderator.data.update<AdminUserDetail>('users', {
    id: player.user.id,
    data: { action: 'ban', reason: 'Cheating in game 12', days: 7 },
    previousData: { id: player.user.id },
  });
  t.true(data.banned);
  t.false(data.ban_permanent);
  t.is(data.ban_reason, 'Cheating in game 12');
  t.is(data.bans.length, 1);
  t.is(data.bans[0]!.created_by?.id, moderator.user.id);
  t.is(await closed, 'io server disconnect');
  socket.close();

  const next = await suite.api.get('/user/auth', { auth: player.auth });
  t.is(next.status, 403);
  t.regex(String(next.body.error), /^You are banned until .+\. Reason: Cheating in game 12$/);
  await t.throwsAsync(openSocket(suite.server.url, player.auth));

  const [audit] = await auditRows('user', player.user.id, 'user.ban');
  t.is(audit!.actor_user_id, moderator.user.id);
  t.deepEqual(JSON.parse(audit!.before!), { banned_until: null, ban_reason: null });
  t.is(JSON.parse(audit!.after!).ban_reason, 'Cheating in game 12');
  t.truthy(audit!.created_at);

  const lifted = await moderator.data.update<AdminUserDetail>('users', {
    id: player.user.id,
    data: { action: 'unban' },
    previousData: { id: player.user.id },
  });
  t.false(lifted.data.banned);
  t.is((await suite.api.get('/user/auth', { auth: player.auth })).status, 200);
  t.is((await auditRows('user', player.user.id, 'user.unban')).length, 1);
  t.deepEqual(
    await refusal(moderator.data.update('users', { id: player.user.id, data: { action: 'unban' }, previousData: {} })),
    { status: 409, error: MESSAGES.notBanned },
  );
});

test('users: a permanent ban has no end date; a ban needs a duration and nobody bans themselves', async (t) => {
  const moderator = await staff(PERMISSIONS.canSeeUserProfile | PERMISSIONS.canBanUsers);
  const player = await signedInUser(suite.server.knex);
  const ban = (id: number, data: Record<string, unknown>) =>
    moderator.data.update<AdminUserDetail>('users', { id, data: { action: 'ban', ...data }, previousData: { id } });
  t.deepEqual(await refusal(ban(player.user.id, { reason: 'Abuse' })), {
    status: 400,
    error: MESSAGES.banDurationInvalid,
  });
  t.deepEqual(await refusal(ban(player.user.id, { reason: 'Abuse', days: 0 })), {
    status: 400,
    error: MESSAGES.banDurationInvalid,
  });
  t.deepEqual(await refusal(ban(player.user.id, { reason: 'x', days: 1 })), {
    status: 400,
    error: MESSAGES.reasonTooShort,
  });
  t.deepEqual(await refusal(ban(moderator.user.id, { reason: 'Abuse', days: 1 })), {
    status: 400,
    error: MESSAGES.cannotBanSelf,
  });
  const { data } = await ban(player.user.id, { reason: 'Abuse', permanent: true });
  t.true(data.ban_permanent);
  const next = await suite.api.get('/user/auth', { auth: player.auth });
  t.like(next.body, {
    error: 'You are banned. Reason: Abuse',
    code: 'banned',
    params: { reason: 'Abuse', until: null },
  });
});

test('users: banning a staff member needs every flag', async (t) => {
  const moderator = await staff(PERMISSIONS.canSeeUserProfile | PERMISSIONS.canBanUsers);
  const editor = await staff(PERMISSIONS.canPublishNews);
  const owner = await staff(ALL_PERMISSIONS);
  const data = { action: 'ban', reason: 'Leaked a player list', days: 3 };
  t.deepEqual(await refusal(moderator.data.update('users', { id: editor.user.id, data, previousData: {} })), {
    status: 403,
    error: MESSAGES.noPermission,
  });
  const { data: banned } = await owner.data.update<AdminUserDetail>('users', {
    id: editor.user.id,
    data,
    previousData: {},
  });
  t.true(banned.banned);
});

test('users: only holders of every flag edit permission flags, nobody takes their own, and the change is audited', async (t) => {
  const owner = await staff(ALL_PERMISSIONS);
  const almost = await staff(ALL_PERMISSIONS - PERMISSIONS.canSeeTrophyWinners);
  const player = await signedInUser(suite.server.knex);
  const set = (who: Staff, id: number, permissions: unknown) =>
    who.data.update<AdminUserDetail>('users', { id, data: { action: 'permissions', permissions }, previousData: {} });

  t.deepEqual(await refusal(set(almost, player.user.id, 16)), { status: 403, error: MESSAGES.noPermission });
  t.deepEqual(await refusal(set(owner, owner.user.id, 63)), {
    status: 403,
    error: MESSAGES.cannotRemoveOwnPermissions,
  });
  t.deepEqual(await refusal(set(owner, player.user.id, 128)), { status: 400, error: MESSAGES.permissionsInvalid });

  const { data } = await set(owner, player.user.id, PERMISSIONS.canPublishNews | PERMISSIONS.canSeeCountryStats);
  t.is(data.permissions, 24);
  t.deepEqual(data.flags, ['canSeeCountryStats', 'canPublishNews']);
  const [audit] = await auditRows('user', player.user.id, 'user.permissions');
  t.is(audit!.actor_user_id, owner.user.id);
  t.deepEqual(JSON.parse(audit!.before!), { permissions: 0, flags: [] });
  t.deepEqual(JSON.parse(audit!.after!), { permissions: 24, flags: ['canSeeCountryStats', 'canPublishNews'] });
  // The new editor can use news at once from a console session; the player-app session never opens the console.
  t.is(await statusOf(dataProvider(player.auth).getList('news', list())), 401);
  const consoleSession = await createSession(suite.server.knex, {
    user_id: player.user.id,
    ip: null,
    user_agent: null,
    console: true,
  });
  const editor = { id: player.user.id, token: consoleSession.result.token };
  t.is(await statusOf(dataProvider(editor).getList('news', list())), 200);
});

// --- IP bans ---

test('ip-bans: add a single address and a range with a reason, list, filter by address, get and remove, audited', async (t) => {
  const moderator = await staff(PERMISSIONS.canIPBan);
  const one = await moderator.data.create<AdminIpBanRecord>('ip-bans', {
    data: { address: '192.0.2.55', reason: 'Spam sign-ups' },
  });
  t.is(one.data.cidr, '192.0.2.55/32');
  t.is(one.data.first_address, '192.0.2.55');
  const range = await moderator.data.create<AdminIpBanRecord>('ip-bans', {
    data: { address: '198.18.128.0/20', reason: 'Bot network' },
  });
  t.deepEqual([range.data.first_address, range.data.last_address], ['198.18.128.0', '198.18.143.255']);
  t.is(range.data.created_by?.id, moderator.user.id);

  const covering = await moderator.data.getList('ip-bans', list({ ip: '198.18.130.7' }));
  t.deepEqual(
    covering.data.map((b) => b.id),
    [range.data.id],
  );
  const sorted = await moderator.data.getList(
    'ip-bans',
    list({ q: 'Bot network' }, { field: 'created_at', order: 'DESC' }),
  );
  t.true(sorted.data.some((b) => b.id === range.data.id));
  t.is((await moderator.data.getOne('ip-bans', { id: one.data.id })).data.reason, 'Spam sign-ups');

  const removed = await moderator.data.delete<AdminIpBanRecord>('ip-bans', { id: one.data.id });
  t.is(removed.data.id, one.data.id);
  t.deepEqual(await refusal(moderator.data.getOne('ip-bans', { id: one.data.id })), {
    status: 404,
    error: MESSAGES.recordNotFound,
  });
  const created = await auditRows('ip_ban', one.data.id, 'ip_ban.create');
  const deleted = await auditRows('ip_ban', one.data.id, 'ip_ban.delete');
  t.deepEqual(JSON.parse(created[0]!.after!), { cidr: '192.0.2.55/32', reason: 'Spam sign-ups' });
  t.deepEqual(JSON.parse(deleted[0]!.before!), { cidr: '192.0.2.55/32', reason: 'Spam sign-ups' });
  t.is(deleted[0]!.after, null);
});

test('ip-bans: refuses a bad address, a range that is too wide, the moderator’s own address and the same range twice', async (t) => {
  const moderator = await staff(PERMISSIONS.canIPBan);
  const add = (address: string) => moderator.data.create('ip-bans', { data: { address, reason: 'Testing' } });
  t.deepEqual(await refusal(add('300.1.1.1')), { status: 400, error: MESSAGES.ipRangeInvalid });
  t.deepEqual(await refusal(add('10.0.0.0/8')), { status: 400, error: MESSAGES.ipRangeTooWide });
  t.deepEqual(await refusal(add('2001:db8::/16')), { status: 400, error: MESSAGES.ipRangeTooWide });
  // The test client calls from 127.0.0.1.
  t.deepEqual(await refusal(add('127.0.0.0/24')), { status: 400, error: MESSAGES.ipBanOwnAddress });
  await add('2001:db8:1::/48');
  const twice = await Promise.all([add('203.0.113.0/24'), add('203.0.113.0/24')].map((p) => statusOf(p)));
  t.deepEqual(twice.sort(), [200, 409]);
});

// --- Conflicts ---

/** A game that went to conflict through the player API: user 1 submits 3-1, user 2 protests. */
async function conflictGame(a: Credentials, b: Credentials, ids: [number, number], startedAgoMs = 0): Promise<number> {
  const gameId = await buildGame(suite.server.knex, {
    user_1_id: ids[0],
    user_2_id: ids[1],
    created_at: new Date(suite.server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000 - startedAgoMs),
  });
  t_ok(await suite.api.postJson('/game/submit', { game_id: gameId, score_1: 3, score_2: 1 }, { auth: a }));
  t_ok(await suite.api.postJson('/game/escalate', { game_id: gameId }, { auth: b }));
  return gameId;
}

function t_ok(answer: { status: number; body: unknown }): void {
  if (answer.status !== 200) throw new Error(`setup call failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

async function twoPlayers() {
  return [await signedInUser(suite.server.knex), await signedInUser(suite.server.knex)] as const;
}

test('conflicts: the open queue comes oldest first with its age, and filters by solved, claimed and player', async (t) => {
  const moderator = await staff(PERMISSIONS.canResolveConflicts);
  const [a, b] = await twoPlayers();
  const older = await conflictGame(a.auth, b.auth, [a.user.id, b.user.id]);
  await suite.server
    .knex('games')
    .where('id', older)
    .update({ submitted_at: new Date(suite.server.clock.now().getTime() - 3_600_000) });
  const newer = await conflictGame(a.auth, b.auth, [a.user.id, b.user.id]);
  const { data, total } = await moderator.data.getList<AdminConflictRecord>('conflicts', {
    filter: { user_id: a.user.id, solved: false },
    sort: { field: 'waiting_since', order: 'ASC' },
    pagination: page(1, 10),
  });
  t.is(total, 2);
  t.deepEqual(
    data.map((c) => c.id),
    [older, newer],
  );
  t.true(data[0]!.age_seconds! >= 3600 && data[0]!.age_seconds! < 3700);
  t.is(data[0]!.status, MESSAGES.statusConflict);
  t.is(data[0]!.claimed_by, null);
  t.is((await moderator.data.getList('conflicts', list({ user_id: a.user.id, solved: true }))).total, 0);
  t.is((await moderator.data.getList('conflicts', list({ user_id: a.user.id, claimed: true }))).total, 0);
});

test('conflicts: a moderator claims a conflict; another gets 409 naming them; two claims at once, one wins', async (t) => {
  const first = await staff(PERMISSIONS.canResolveConflicts);
  const second = await staff(PERMISSIONS.canResolveConflicts);
  const [a, b] = await twoPlayers();
  const gameId = await conflictGame(a.auth, b.auth, [a.user.id, b.user.id]);
  const claim = (who: Staff, id: number) =>
    who.data.update<AdminConflictDetail>('conflicts', { id, data: { action: 'claim' }, previousData: { id } });
  const { data } = await claim(first, gameId);
  t.deepEqual(data.claimed_by, { id: first.user.id, username: first.user.username });
  t.truthy(data.claimed_at);
  t.deepEqual(await refusal(claim(second, gameId)), {
    status: 409,
    error: MESSAGES.conflictClaimedByOther(first.user.username),
  });
  t.is(await statusOf(claim(first, gameId)), 200);
  t.deepEqual(
    await refusal(second.data.update('conflicts', { id: gameId, data: { action: 'release' }, previousData: {} })),
    { status: 403, error: MESSAGES.conflictNotYours },
  );
  const released = await first.data.update<AdminConflictDetail>('conflicts', {
    id: gameId,
    data: { action: 'release' },
    previousData: {},
  });
  t.is(released.data.claimed_by, null);
  t.deepEqual(
    (await auditRows('game', gameId, 'conflict.claim')).map((row) => row.actor_user_id),
    [first.user.id],
  );
  t.is((await auditRows('game', gameId, 'conflict.release')).length, 1);

  const race = await conflictGame(a.auth, b.auth, [a.user.id, b.user.id]);
  const answers = await Promise.all([statusOf(claim(first, race)), statusOf(claim(second, race))]);
  t.deepEqual(answers.sort(), [200, 409]);
});

test('conflicts: the conflict page shows both players, what each entered and when, the chat, evidence and their history', async (t) => {
  const moderator = await staff(PERMISSIONS.canResolveConflicts);
  const [a, b] = await twoPlayers();
  await buildGame(suite.server.knex, {
    user_1_id: b.user.id,
    user_2_id: a.user.id,
    state: 'final',
    score_1: 2,
    score_2: 0,
  });
  const gameId = await conflictGame(a.auth, b.auth, [a.user.id, b.user.id]);
  t_ok(
    await suite.api.postJson('/game/chat/send_message', { game_id: gameId, message: 'It was 1-3!' }, { auth: b.auth }),
  );
  t_ok(
    await suite.api.postMultipart(
      '/game/upload_evidence',
      { game_id: String(gameId) },
      { photo: { data: await pngImage(), name: 'score.png', type: 'image/png' } },
      { auth: b.auth },
    ),
  );
  t_ok(
    await suite.api.postJson('/game/upload_evidence', { game_id: gameId, youtube_id: 'dQw4w9WgXcQ' }, { auth: a.auth }),
  );
  // Final games played: the Elo rule's K reads them, and so does the console's resolve confirmation.
  await suite.server.knex('users').where('id', b.user.id).update({ games_played: 31 });
  const { data } = await moderator.data.getOne<AdminConflictDetail>('conflicts', { id: gameId });
  t.deepEqual(
    data.players.map((p) => [p.id, p.side, p.games_played]),
    [
      [a.user.id, 1, 0],
      [b.user.id, 2, 31],
    ],
  );
  t.like(data.players[0]!.result, { kind: 'score', score_1: 3, score_2: 1 });
  t.truthy(data.players[0]!.result!.at);
  t.is(data.players[1]!.result, null);
  t.deepEqual(
    data.messages.map((m) => m.content),
    ['It was 1-3!'],
  );
  t.is(data.evidence.length, 2);
  const image = data.evidence.find((e) => e.evidence_hash)!;
  t.regex(image.image_url!, /^\/images\/evidence\/[0-9a-f]{2}\/[0-9a-f]{32}\.jpg$/);
  t.is((await fetch(`${suite.server.url}${image.image_url}`)).headers.get('content-type'), 'image/jpeg');
  t.is(data.evidence.find((e) => e.youtube_id)!.embed_url, 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  t.is(data.history.games.length, 1);
  t.deepEqual([data.history.user_1_wins, data.history.user_2_wins, data.history.ties], [0, 1, 0]);
});

test('conflicts: resolving sets the final score by the /admin/games/edit rule, then shows Solved and the Elo changes', async (t) => {
  const moderator = await staff(PERMISSIONS.canResolveConflicts);
  const other = await staff(PERMISSIONS.canResolveConflicts);
  const [a, b] = await twoPlayers();
  const gameId = await conflictGame(a.auth, b.auth, [a.user.id, b.user.id]);
  await moderator.data.update('conflicts', { id: gameId, data: { action: 'claim' }, previousData: {} });
  t.deepEqual(
    await refusal(other.data.update('conflicts', { id: gameId, data: { score_1: 1, score_2: 3 }, previousData: {} })),
    { status: 409, error: MESSAGES.conflictClaimedByOther(moderator.user.username) },
  );
  t.deepEqual(
    await refusal(
      moderator.data.update('conflicts', { id: gameId, data: { score_1: 100, score_2: 3 }, previousData: {} }),
    ),
    { status: 400, error: MESSAGES.scoreRange },
  );
  const { data } = await moderator.data.update<AdminConflictDetail>('conflicts', {
    id: gameId,
    data: { action: 'resolve', score_1: 1, score_2: 3 },
    previousData: {},
  });
  t.is(data.status, MESSAGES.statusSolved);
  t.true(data.solved);
  t.is(data.solved_by?.id, moderator.user.id);
  t.is(data.age_seconds, null);
  t.deepEqual([data.score_1, data.score_2, data.state], [1, 3, 'final']);
  t.true(data.game.elo_change_2! > 0);
  const conflicts = await suite.api.get<{ conflicts: { id: number; solved: boolean }[] }>('/conflicts/list', {
    auth: a.auth,
  });
  t.true(conflicts.body.conflicts.find((c) => c.id === gameId)!.solved);
  const [edit] = await auditRows('game', gameId, 'game.result.edit');
  t.is(edit!.actor_user_id, moderator.user.id);
  t.like(JSON.parse(edit!.before!), { state: 'conflict', score_1: 3, score_2: 1 });
  t.like(JSON.parse(edit!.after!), { state: 'final', score_1: 1, score_2: 3, conflict_solved: true });

  // A moderator cannot resolve a conflict of their own game (the same rule as /admin/games/edit).
  const playing = await staff(PERMISSIONS.canResolveConflicts);
  const own = await conflictGame(playing.auth, b.auth, [playing.user.id, b.user.id]);
  t.deepEqual(
    await refusal(playing.data.update('conflicts', { id: own, data: { score_1: 0, score_2: 0 }, previousData: {} })),
    { status: 403, error: MESSAGES.noPermission },
  );
});

// --- News ---

async function uploadNewsImage(auth: Credentials): Promise<{ image_hash: string; image_url: string }> {
  const res = await suite.api.postMultipart<{ image_hash: string; image_url: string }>(
    '/admin/api/news-images',
    {},
    { image: { data: await pngImage(64, 48), name: 'cover.png', type: 'image/png' } },
    { auth },
  );
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

test('news: an editor uploads an image and publishes an article, sanitised, that comes first on the home page', async (t) => {
  const editor = await staff(PERMISSIONS.canPublishNews);
  const image = await uploadNewsImage(editor.auth);
  t.regex(image.image_hash, /^[0-9a-f]{32}$/);
  t.is((await fetch(`${suite.server.url}${image.image_url}`)).status, 200);
  const { data } = await editor.data.create<AdminNewsRecord>('news', {
    data: {
      title: 'Finals weekend',
      content:
        '<p onclick="steal()">The <strong>finals</strong> are here.</p><script>alert(1)</script><a href="javascript:x">x</a>',
      category_id: 2,
      image_hash: image.image_hash,
    },
  });
  t.is(data.title, 'Finals weekend');
  t.is(data.category, 'Tournament');
  t.is(data.content, '<p>The <strong>finals</strong> are here.</p><a rel="noopener noreferrer nofollow">x</a>');
  t.is(data.excerpt, 'The finals are here. x');
  t.is(data.image_hash, image.image_hash);
  t.deepEqual(data.publisher, { id: editor.user.id, first_name: 'Test', last_name: 'Player' });
  const stored = await suite.server.knex('news').where('id', data.id).first();
  t.false(String(stored!.content).includes('script'));
  const latest = await suite.api.get<{ id: number }[]>('/news/latest');
  t.is(latest.body[0]!.id, data.id);
  const [audit] = await auditRows('news', data.id, 'news.create');
  t.is(audit!.before, null);
  t.like(JSON.parse(audit!.after!), { title: 'Finals weekend', category_id: 2, image_hash: image.image_hash });
});

test('news: an uploaded image gets a 480×270 thumbnail for the cards under the same id, cropped from the middle', async (t) => {
  const editor = await staff(PERMISSIONS.canPublishNews);
  const res = await suite.api.postMultipart<{ image_hash: string }>(
    '/admin/api/news-images',
    {},
    { image: { data: await sidebandImage(1600, 600, 200), name: 'wide.png', type: 'image/png' } },
    { auth: editor.auth },
  );
  t.is(res.status, 201);
  const hash = res.body.image_hash;
  const get = async (kind: string) => {
    const answer = await fetch(`${suite.server.url}/images/${kind}/${hash.slice(0, 2)}/${hash}.jpg`);
    t.is(answer.status, 200);
    t.is(
      answer.headers.get('cache-control'),
      'public, max-age=31536000, immutable',
      `${kind} is stored, not a placeholder`,
    );
    return Buffer.from(await answer.arrayBuffer());
  };
  const [full, thumb] = await Promise.all([get('news'), get('news_thumb')]);
  const [fullMeta, thumbMeta] = await Promise.all([sharp(full).metadata(), sharp(thumb).metadata()]);
  t.deepEqual([fullMeta.width, fullMeta.height], [1600, 600]);
  t.deepEqual([thumbMeta.format, thumbMeta.width, thumbMeta.height], ['jpeg', NEWS_THUMB_WIDTH, NEWS_THUMB_HEIGHT]);
  t.true(thumb.length < full.length);
  t.true(await showsOnlyTheMiddle(thumb), 'the red ends are cut off, the green middle is kept');
});

test('news: list with sort, filter and paging, edit and delete, each audited', async (t) => {
  const editor = await staff(PERMISSIONS.canPublishNews);
  const tag = unique();
  const made: number[] = [];
  for (const [i, category] of [0, 1, 1].entries()) {
    const { data } = await editor.data.create<AdminNewsRecord>('news', {
      data: {
        title: `${tag} article ${i}`,
        content: `<p>Text ${i}</p>`,
        category_id: category,
        published_at: new Date(Date.UTC(2019, 10, 25 + i)).toISOString(),
      },
    });
    made.push(data.id);
  }
  const byTime = await editor.data.getList(
    'news',
    list({ q: tag }, { field: 'published_at', order: 'DESC' }, page(1, 2)),
  );
  t.is(byTime.total, 3);
  t.deepEqual(
    byTime.data.map((n) => n.id),
    [made[2], made[1]],
  );
  const trophyHunt = await editor.data.getList(
    'news',
    list({ q: tag, category_id: 1 }, { field: 'title', order: 'ASC' }),
  );
  t.deepEqual(
    trophyHunt.data.map((n) => n.id),
    [made[1], made[2]],
  );
  t.deepEqual(
    await refusal(editor.data.create('news', { data: { title: 'ab', content: '<p>x</p>', category_id: 0 } })),
    {
      status: 400,
      error: MESSAGES.titleTooShort,
    },
  );
  t.deepEqual(
    await refusal(
      editor.data.create('news', { data: { title: 'Only a script', content: '<script>x</script>', category_id: 0 } }),
    ),
    { status: 400, error: MESSAGES.newsContentRequired },
  );
  t.deepEqual(
    await refusal(editor.data.create('news', { data: { title: 'Bad category', content: '<p>x</p>', category_id: 7 } })),
    { status: 400, error: MESSAGES.newsCategoryRequired },
  );
  t.deepEqual(
    await refusal(
      editor.data.create('news', {
        data: { title: 'No image', content: '<p>x</p>', category_id: 0, image_hash: 'a'.repeat(32) },
      }),
    ),
    { status: 400, error: MESSAGES.newsImageMissing },
  );

  const id = made[0]!;
  const { data: edited } = await editor.data.update<AdminNewsRecord>('news', {
    id,
    data: { title: `${tag} renamed`, content: '<p>New <em>text</em><img src="x" onerror="y"></p>', published: false },
    previousData: { id },
  });
  t.is(edited.title, `${tag} renamed`);
  t.is(edited.content, '<p>New <em>text</em><img src="x" /></p>');
  t.false(edited.published);
  const [update] = await auditRows('news', id, 'news.update');
  t.deepEqual(JSON.parse(update!.before!), { title: `${tag} article 0`, content: '<p>Text 0</p>', published: 1 });
  t.deepEqual(JSON.parse(update!.after!), {
    title: `${tag} renamed`,
    content: '<p>New <em>text</em><img src="x" /></p>',
    published: false,
  });
  // An unpublished article is not on the player pages.
  t.is((await suite.api.get('/news/get', { query: { id } })).status, 404);

  const removed = await editor.data.delete<AdminNewsRecord>('news', { id });
  t.is(removed.data.id, id);
  t.deepEqual(await refusal(editor.data.getOne('news', { id })), { status: 404, error: MESSAGES.recordNotFound });
  const [deletion] = await auditRows('news', id, 'news.delete');
  t.is(JSON.parse(deletion!.before!).title, `${tag} renamed`);
  t.is(deletion!.after, null);
});

// --- Country stats ---

test('country-stats: players, active players, games and average Elo per country, sorted and filtered', async (t) => {
  const analyst = await staff(PERMISSIONS.canSeeCountryStats);
  const [x, y, z] = [
    await buildUser(suite.server.knex, { country_id: 201, elo: 1100, games_played: 2 }),
    await buildUser(suite.server.knex, { country_id: 201, elo: 1201, games_played: 1 }),
    await buildUser(suite.server.knex, { country_id: 202, elo: 900, games_played: 0 }),
  ];
  await buildGame(suite.server.knex, { user_1_id: x.id, user_2_id: y.id, state: 'final', score_1: 1, score_2: 0 });
  await buildGame(suite.server.knex, { user_1_id: x.id, user_2_id: z.id, state: 'final', score_1: 0, score_2: 0 });
  await buildGame(suite.server.knex, { user_1_id: x.id, user_2_id: z.id, state: 'conflict', conflict: true });
  const { data } = await analyst.data.getMany<AdminCountryStatsRecord>('country-stats', { ids: [201, 202] });
  const byId = new Map(data.map((row) => [row.id, row]));
  t.like(byId.get(201), { players: 2, active_players: 2, games: 2, average_elo: 1151 });
  t.like(byId.get(202), { players: 1, active_players: 0, games: 1, average_elo: null });
  const sorted = await analyst.data.getList<AdminCountryStatsRecord>('country-stats', {
    filter: {},
    sort: { field: 'games', order: 'DESC' },
    pagination: page(1, 300),
  });
  const games = sorted.data.map((row) => row.games);
  t.deepEqual(
    games,
    [...games].sort((a, b) => b - a),
  );
  const name = byId.get(201)!.name;
  const filtered = await analyst.data.getList('country-stats', list({ q: name }));
  t.true(filtered.data.some((row) => row.id === 201));
  t.is((await analyst.data.getOne<AdminCountryStatsRecord>('country-stats', { id: 201 })).data.games, 2);
});

// --- Forum reports (in the one reports queue) ---

async function reportedPost(reporter: number, reason = 'Rude words') {
  const author = await buildUser(suite.server.knex);
  const thread = await createThread(suite.server.knex, {
    user_id: author.id,
    category_id: 3,
    title: 'A topic',
    message: 'Something rude',
    now: new Date(),
  });
  const threadId = thread.result.id;
  const post = await suite.server.knex('forum_posts').where('thread_id', threadId).first('id');
  await reportPost(suite.server.knex, {
    reporter_user_id: reporter,
    post_id: post!.id,
    reason,
    ip: null,
    now: new Date(),
  });
  const report = await suite.server
    .knex('reports')
    .where({ kind: 'forum', post_id: post!.id, reporter_user_id: reporter })
    .first('id');
  return { threadId, postId: Number(post!.id), reportId: Number(report!.id), author };
}

test('reports: a post report carries the post, its thread and the reporter; hiding the post settles every open report of it, audited', async (t) => {
  const moderator = await staff(PERMISSIONS.canBanUsers);
  const reporter = await buildUser(suite.server.knex);
  const second = await buildUser(suite.server.knex);
  const { threadId, postId, reportId, author } = await reportedPost(reporter.id);
  await reportPost(suite.server.knex, {
    reporter_user_id: second.id,
    post_id: postId,
    reason: 'Mean',
    ip: null,
    now: new Date(),
  });

  const open = await moderator.data.getList<AdminReportRecord>(
    'reports',
    list({ kind: 'forum', post_id: postId, resolved: false }),
  );
  t.is(open.total, 2);
  const report = open.data.find((r) => r.id === reportId)!;
  t.like(report, {
    kind: 'forum',
    reason: 'other',
    text: 'Rude words',
    resolved: false,
    reporter: { id: reporter.id, username: reporter.username },
    reported: { id: author.id, username: author.username },
  });
  t.like(report.post, { id: postId, message: 'Something rude', hidden: false });
  t.like(report.post?.thread, { id: threadId, title: 'A topic', locked: false, category_id: 3 });

  const page = await moderator.data.getOne<AdminReportRecord>('reports', { id: reportId });
  t.is(page.data.transcript, undefined);
  t.deepEqual(
    page.data.thread_posts?.map((p) => [p.id, p.message, p.reported]),
    [[postId, 'Something rude', true]],
  );

  const hidden = await moderator.data.update<AdminReportRecord>('reports', {
    id: reportId,
    data: { action: 'hide' },
    previousData: { id: reportId },
  });
  t.true(hidden.data.post?.hidden);
  t.is(hidden.data.post?.hidden_reason, 'Rude words');
  t.like(hidden.data, { resolved: true, outcome: 'hidden', resolved_by: { id: moderator.user.id } });
  t.is((await moderator.data.getList('reports', list({ post_id: postId, resolved: false }))).total, 0);
  t.is((await auditRows('forum_post', postId, 'forum.post.hide')).length, 1);
  t.is((await auditRows('report', reportId, 'report.resolve')).length, 1);
  const secondId = open.data.find((r) => r.id !== reportId)!.id;
  t.deepEqual(
    (await auditRows('report', secondId, 'report.resolve')).map((row) => JSON.parse(row.after!)),
    [{ resolved: true, outcome: 'hidden' }],
  );
  t.deepEqual(
    await refusal(moderator.data.update('reports', { id: reportId, data: { action: 'hide' }, previousData: {} })),
    { status: 409, error: MESSAGES.reportAlreadySettled },
  );

  const other = await reportedPost(reporter.id, 'Off topic');
  t.deepEqual(
    await refusal(
      moderator.data.update('reports', { id: other.reportId, data: { action: 'delete' }, previousData: {} }),
    ),
    { status: 400, error: MESSAGES.adminActionInvalid },
  );
  t.deepEqual(
    await refusal(
      moderator.data.update('reports', { id: other.reportId, data: { action: 'hide', reason: 'x' }, previousData: {} }),
    ),
    { status: 400, error: MESSAGES.reasonTooShort },
  );
  const dismissed = await moderator.data.update<AdminReportRecord>('reports', {
    id: other.reportId,
    data: { action: 'dismiss' },
    previousData: {},
  });
  t.like(dismissed.data, { resolved: true, outcome: 'dismissed' });
  t.false(dismissed.data.post?.hidden);
});

// --- Trophy winners ---

test('trophy-winners: per week the players who secured trophies, in order, once per season, with contact details and a CSV', async (t) => {
  const organiser = await staff(PERMISSIONS.canSeeTrophyWinners);
  const season = (await suite.server.knex('seasons').where('active', true).orderBy('id', 'desc').first('id')) as {
    id: number;
  };
  const adult = await buildUser(suite.server.knex, { first_name: 'Ada', birth_date: new Date(Date.UTC(1995, 4, 6)) });
  const minor = await buildUser(suite.server.knex, {
    birth_date: new Date(Date.UTC(new Date().getUTCFullYear() - 14, 0, 1)),
    guardian_email: 'parent@example.com',
  });
  const later = await buildUser(suite.server.knex, { first_name: '=HYPERLINK("x")', last_name: 'Comma, Quote "Q"' });
  // Two weeks of the hunt long ago (Europe/Stockholm: week 1 starts 2001-01-01 00:00 CET), so no other test's pool
  // of the active season can mix in.
  const [week1] = await suite.server
    .knex('trophy_pools')
    .insert({ season_id: season.id, week_start: new Date('2000-12-31T23:00:00Z') });
  const [week2] = await suite.server
    .knex('trophy_pools')
    .insert({ season_id: season.id, week_start: new Date('2001-01-07T23:00:00Z') });
  const secured = (pool: number, user: number, at: string) =>
    suite.server
      .knex('trophies')
      .insert({ pool_id: pool, state: 'secured', holder_user_id: user, wins: 3, secured_at: new Date(at) });
  await secured(Number(week1), minor.id, '2001-01-03T11:00:00Z');
  await secured(Number(week1), adult.id, '2001-01-03T10:00:00Z');
  await secured(Number(week1), adult.id, '2001-01-04T10:00:00Z');
  await secured(Number(week2), adult.id, '2001-01-09T10:00:00Z');
  await secured(Number(week2), later.id, '2001-01-10T10:00:00Z');

  const ours = [adult.id, minor.id, later.id];
  const { data, total } = await organiser.data.getList<AdminTrophyWinnerRecord>(
    'trophy-winners',
    list({}, { field: 'secured_at', order: 'ASC' }),
  );
  const rows = data.filter((row) => ours.includes(row.id));
  t.is(rows.length, 3, 'the adult won once, in week 1 only');
  t.true((total ?? 0) >= 3);
  t.like(rows[0], {
    id: adult.id,
    week_start: '2000-12-31T23:00:00.000Z',
    week_date: '2001-01-01',
    position: 1,
    username: adult.username,
    email: adult.email,
    gamer_tag: adult.gamer_tag,
    birth_date: '1995-05-06',
    minor: false,
    guardian_confirmed: null,
    secured_at: '2001-01-03T10:00:00.000Z',
  });
  t.like(rows[1], {
    id: minor.id,
    position: 2,
    minor: true,
    guardian_email: 'parent@example.com',
    guardian_confirmed: false,
  });
  t.like(rows[2], { id: later.id, week_start: '2001-01-07T23:00:00.000Z', position: 1 });
  t.is(rows[2]!.week, rows[0]!.week + 1);
  const week = await organiser.data.getList<AdminTrophyWinnerRecord>('trophy-winners', list({ week: rows[2]!.week }));
  t.true(week.data.every((row) => row.week === rows[2]!.week));
  t.like((await organiser.data.getOne<AdminTrophyWinnerRecord>('trophy-winners', { id: minor.id })).data, {
    first_name: minor.first_name,
  });

  const csv = await suite.api.get<string>('/admin/api/trophy-winners.csv', { auth: organiser.auth });
  t.is(csv.status, 200);
  t.regex(csv.headers.get('content-type') ?? '', /^text\/csv/);
  t.regex(csv.headers.get('content-disposition') ?? '', /attachment; filename="trophy-winners.csv"/);
  const lines = csv.body.split('\r\n');
  t.is(
    lines[0],
    'week,week_date,position,username,first_name,last_name,email,gamer_tag,birth_date,minor,guardian_email,guardian_confirmed,secured_at',
  );
  t.true(lines.some((line) => line.startsWith(`${rows[0]!.week},2001-01-01,1,${adult.username},Ada,`)));
  t.true(lines.some((line) => line.includes(`${minor.username},`) && line.includes(',true,parent@example.com,false,')));
  t.true(
    lines.some((line) => line.includes(`,"'=HYPERLINK(""x"")","Comma, Quote ""Q""",`)),
    'a formula is defused and quotes and commas are escaped',
  );
  t.is(lines.at(-1), '', 'the last line ends with CRLF');
});

// --- Audit log ---

test('audit-log: holders of every flag read it, filtered by staff member, action and date range', async (t) => {
  const owner = await staff(ALL_PERMISSIONS);
  const moderator = await staff(PERMISSIONS.canIPBan);
  const first = await moderator.data.create<AdminIpBanRecord>('ip-bans', {
    data: { address: '192.0.2.200', reason: 'One' },
  });
  await moderator.data.delete('ip-bans', { id: first.data.id });
  await moderator.data.create('ip-bans', { data: { address: '192.0.2.201', reason: 'Two' } });

  const mine = await owner.data.getList<AdminAuditRecord>('audit-log', list({ actor_user_id: moderator.user.id }));
  t.is(mine.total, 3);
  t.deepEqual(
    mine.data.map((row) => row.action),
    ['ip_ban.create', 'ip_ban.delete', 'ip_ban.create'],
  );
  t.deepEqual(mine.data[0]!.actor, { id: moderator.user.id, username: moderator.user.username });
  t.deepEqual(mine.data[0]!.after, { cidr: '192.0.2.200/32', reason: 'One' });
  t.is(mine.data[0]!.entity, 'ip_ban');
  t.is(mine.data[0]!.ip, '127.0.0.1');

  const deletes = await owner.data.getList<AdminAuditRecord>(
    'audit-log',
    list({ actor_user_id: moderator.user.id, action: 'ip_ban.delete' }),
  );
  t.deepEqual(
    deletes.data.map((row) => row.entity_id),
    [String(first.data.id)],
  );
  const prefix = await owner.data.getList('audit-log', list({ actor_user_id: moderator.user.id, action: 'ip_ban.' }));
  t.is(prefix.total, 3);
  const past = await owner.data.getList(
    'audit-log',
    list({ actor_user_id: moderator.user.id, created_at_lte: '2020-01-01' }),
  );
  t.is(past.total, 0);
  const today = await owner.data.getList('audit-log', {
    filter: { actor_user_id: moderator.user.id, created_at_gte: new Date(Date.now() - 60_000).toISOString() },
    sort: { field: 'id', order: 'DESC' },
    pagination: page(1, 2),
  });
  t.is(today.total, 3);
  t.is(today.data.length, 2);
  t.is((await owner.data.getOne<AdminAuditRecord>('audit-log', { id: mine.data[1]!.id })).data.action, 'ip_ban.delete');
});
