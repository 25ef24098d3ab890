/**
 * Every HTTP route the API serves and every socket event a client emits (security suite 1):
 * method, path template, who may call, the flag, the owner rule, the fields with a valid example, and whether it
 * writes. The route-inventory suite fails when the app serves a route missing here (or this lists one it does not
 * serve); the malformed-input, authorisation, mass-assignment and privacy suites generate their requests from it.
 * Sources: api/src/features/*\/*.routes.ts, api/src/realtime/, api/src/admin/ (docs/api.md is the contract).
 */
import {
  ADMIN_RESOURCES,
  ALL_PERMISSIONS,
  GROUP_RANKING_SORTS,
  HISTORY_STATES,
  PERMISSIONS,
  type AdminResourceName,
  type PermissionName,
} from '@ecup/domain';
import type { FieldSpec, ObjectSpec, RouteEntry, SocketEventEntry } from './inventory-types.ts';

// --- Field helpers -------------------------------------------------------------------------------------------

const str = (where: 'query' | 'body', example: string, required = false): FieldSpec => ({
  in: where,
  type: 'string',
  example,
  ...(required ? { required } : {}),
});
const int = (where: 'query' | 'body', example: number, required = false): FieldSpec => ({
  in: where,
  type: 'int',
  example,
  ...(required ? { required } : {}),
});
const bool = (where: 'query' | 'body', example: boolean | string): FieldSpec => ({ in: where, type: 'bool', example });
const json = (example: unknown): FieldSpec => ({ in: 'query', type: 'json', example: JSON.stringify(example) });
const enumOf = (where: 'query' | 'body', values: readonly string[], example: string, required = false): FieldSpec => ({
  in: where,
  type: 'enum',
  values,
  example,
  ...(required ? { required } : {}),
});
/** A file field; the example names the file and its type (the content is a small PNG, test/helpers pngImage). */
const file = (required = false): FieldSpec => ({
  in: 'file',
  type: 'file',
  example: { name: 'photo.png', type: 'image/png' },
  ...(required ? { required } : {}),
});

/** The fields of a read that accepts GET (query) and POST (body) alike. */
function bothWays(fields: Record<string, FieldSpec>, where: 'query' | 'body'): Record<string, FieldSpec> {
  return Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, { ...spec, in: where }]));
}

// --- Objects ---------------------------------------------------------------------------------------------------

/** A game: visible to its two players and to canResolveConflicts (docs/api.md "Who may do what"). */
const gameSeen = (field: string): ObjectSpec => ({ kind: 'game', field, owned: true, seenBy: 'canResolveConflicts' });
/** A result call: only the game's players act; moderators who see it get 403, everyone else 404. */
const gamePlayed = (field: string): ObjectSpec => ({ ...gameSeen(field), ownersOnly: true });
const gameRoom = (field: string): ObjectSpec => ({ ...gameSeen(field), template: 'private-game-{id}' });
const userRoom = (field: string): ObjectSpec => ({ kind: 'user', field, owned: true, template: 'private-user-{id}' });

const GAME_OWNER = 'a player of the game (or canResolveConflicts to see it); anyone else: 404 like a missing game';
const GAME_PLAYER = 'a player of the game; a moderator who is not a player: 403; anyone else: 404 like a missing game';
const ROOM_OWNER =
  "a game's room: its two players or canResolveConflicts; a user's room: that user; others: the answer of a missing one";

// --- Player API ------------------------------------------------------------------------------------------------

const SIGNUP_FIELDS: Record<string, FieldSpec> = {
  first_name: str('body', 'Alva', true),
  last_name: str('body', 'Berg', true),
  username: str('body', 'alvaberg', true),
  email: str('body', 'alva.berg@example.com', true),
  console: enumOf('body', ['1', '2'], '1', true),
  gamer_tag: str('body', 'AlvaB-PS', true),
  password: str('body', 'a good password', true),
  repeat_password: str('body', 'a good password'),
  irl_team: str('body', 'IFK Göteborg', true),
  fifa_team: str('body', 'Real Madrid', true),
  birth_year: int('body', 2000, true),
  birth_month: int('body', 5, true),
  birth_day: int('body', 17, true),
  country_id: int('body', 210, true),
  terms: bool('body', '1'),
  guardian_email: str('body', 'parent@example.com'),
  user_photo: file(),
  team_photo: file(),
};

const FORUM_THREADS = { category_id: int('query', 0, true), start: int('query', 0), amount: int('query', 20) };
const FORUM_THREAD_SEARCH = { category_id: int('query', 0, true), query: str('query', 'cup') };
const FORUM_POSTS = { thread_id: int('query', 1, true), start: int('query', 0), amount: int('query', 20) };
const FORUM_POST_SEARCH = { thread_id: int('query', 1, true), query: str('query', 'goal') };
const category: ObjectSpec = { kind: 'forum-category', field: 'category_id' };
const thread: ObjectSpec = { kind: 'thread', field: 'thread_id' };
const post: ObjectSpec = { kind: 'post', field: 'post_id' };

/** A read that answers GET and POST alike ("method not shown", docs/decisions.md#api-contract). */
function read(path: string, entry: Omit<RouteEntry, 'method' | 'path'>): RouteEntry[] {
  const { fields, ...rest } = entry;
  return [
    { method: 'GET', path, ...rest, ...(fields ? { fields: bothWays(fields, 'query') } : {}) },
    { method: 'POST', path, ...rest, ...(fields ? { fields: bothWays(fields, 'body') } : {}) },
  ];
}

const MATCHMAKING: RouteEntry[] = [
  '/matchmaking/queue/enter',
  '/matchmaking/queue/keepalive',
  '/matchmaking/queue/leave',
  '/matchmaking/match/accept',
  '/matchmaking/match/decline',
].map((path) => ({ method: 'POST', path, auth: 'user', owner: "the caller's own queue entry or match", writes: true }));

const PLAYER_ROUTES: RouteEntry[] = [
  // Probes and metrics answer before the session middleware (api/src/app.ts).
  { method: 'GET', path: '/health', auth: 'none', beforeAuth: true },
  { method: 'GET', path: '/ready', auth: 'none', beforeAuth: true },
  { method: 'GET', path: '/metrics', auth: 'none', beforeAuth: true, owner: 'METRICS_TOKEN bearer when it is set' },

  // Accounts (docs/api.md "Accounts").
  {
    method: 'POST',
    path: '/user/login',
    auth: 'none',
    writes: true,
    fields: {
      username: str('body', 'alvaberg', true),
      password: str('body', 'a good password', true),
      code: str('body', '123456'),
    },
  },
  { method: 'GET', path: '/user/auth', auth: 'user', owner: "the caller's own session" },
  {
    method: 'POST',
    path: '/user/auth',
    auth: 'user',
    owner: "the caller's own session (or the id/token pair in the body)",
    fields: {
      id: { ...int('body', 1), credential: true },
      token: { ...str('body', '0'.repeat(64)), credential: true },
    },
  },
  {
    method: 'POST',
    path: '/user/logout',
    auth: 'user',
    owner: "the caller's own session",
    writes: true,
    endsSession: true,
  },
  { method: 'POST', path: '/user/signup', auth: 'none', writes: true, body: 'multipart', fields: SIGNUP_FIELDS },
  { method: 'GET', path: '/user/search_teams', auth: 'none', fields: { name: str('query', 'IFK', true) } },
  {
    method: 'POST',
    path: '/user/profile/update',
    auth: 'user',
    owner: "the caller's own account",
    writes: true,
    fields: {
      first_name: str('body', 'Alva', true),
      last_name: str('body', 'Berg', true),
      email: str('body', 'alva.updated@example.com', true),
      current_password: str('body', 'correct horse 1'),
    },
  },
  {
    method: 'GET',
    path: '/user/email/confirm',
    auth: 'none',
    owner: 'the holder of the link e-mailed to a new address (answers only whether it still works)',
    fields: { id: int('query', 1, true), token: str('query', 'ab'.repeat(32), true) },
  },
  {
    method: 'POST',
    path: '/user/email/confirm',
    auth: 'none',
    owner: 'the holder of the link e-mailed to a new address',
    writes: true,
    fields: { id: int('body', 1, true), token: str('body', 'ab'.repeat(32), true) },
  },
  {
    method: 'GET',
    path: '/user/email/undo',
    auth: 'none',
    owner: 'the holder of the undo link e-mailed to the old address (answers only whether it still works)',
    fields: { id: int('query', 1, true), token: str('query', 'ab'.repeat(32), true) },
  },
  {
    method: 'POST',
    path: '/user/email/undo',
    auth: 'none',
    owner: 'the holder of the undo link e-mailed to the old address',
    writes: true,
    fields: { id: int('body', 1, true), token: str('body', 'ab'.repeat(32), true) },
  },
  {
    method: 'POST',
    path: '/user/console/update',
    auth: 'user',
    owner: "the caller's own account",
    writes: true,
    fields: { console: enumOf('body', ['1', '2'], '1', true), gamer_tag: str('body', 'AlvaB-PS5', true) },
  },
  {
    method: 'POST',
    path: '/user/privacy/update',
    auth: 'user',
    owner: "the caller's own account",
    writes: true,
    fields: { hide_real_name: enumOf('body', ['true', 'false', '1', '0'], 'true', true) },
  },
  {
    method: 'POST',
    path: '/user/team/update',
    auth: 'user',
    owner: "the caller's own account",
    writes: true,
    fields: { irl_team: str('body', 'Hammarby IF', true), fifa_team: str('body', 'Inter', true) },
  },
  {
    method: 'POST',
    path: '/user/profile_picture/set',
    auth: 'user',
    owner: "the caller's own account",
    writes: true,
    body: 'multipart',
    fields: { photo: file(true) },
  },
  {
    method: 'POST',
    path: '/user/password/change',
    auth: 'user',
    owner: "the caller's own account",
    writes: true,
    endsSession: true,
    fields: {
      current_password: str('body', 'correct horse 1', true),
      new_password: str('body', 'another good one', true),
      repeat_password: str('body', 'another good one'),
    },
  },
  {
    method: 'POST',
    path: '/user/forgot_password',
    auth: 'none',
    writes: true,
    fields: { username: str('body', 'alvaberg', true), email: str('body', 'alva.berg@example.com', true) },
  },
  {
    method: 'GET',
    path: '/user/reset_password',
    auth: 'none',
    owner: 'the holder of the e-mailed reset token (answers only whether it still works)',
    fields: {
      id: int('query', 1, true),
      uid: int('query', 1, true),
      token: str('query', 'ab'.repeat(32), true),
    },
  },
  {
    method: 'POST',
    path: '/user/reset_password',
    auth: 'none',
    owner: 'the holder of the e-mailed reset token',
    writes: true,
    fields: {
      id: int('body', 1, true),
      token: str('body', 'ab'.repeat(32), true),
      password: str('body', 'a new password', true),
      repeat_password: str('body', 'a new password'),
    },
  },
  {
    method: 'GET',
    path: '/guardian/confirm/:uid/:token',
    auth: 'none',
    owner: 'the holder of the e-mailed guardian token',
    params: { uid: '1', token: 'ab'.repeat(32) },
    objects: [{ kind: 'guardian-link', field: ':uid' }],
  },
  {
    method: 'GET',
    path: '/guardian/approval/:uid/:token',
    auth: 'none',
    owner: 'the holder of the e-mailed guardian token',
    params: { uid: '1', token: 'ab'.repeat(32) },
    objects: [{ kind: 'guardian-link', field: ':uid' }],
  },
  {
    method: 'POST',
    path: '/guardian/approval/:uid/:token',
    auth: 'none',
    owner: 'the holder of the e-mailed guardian token',
    writes: true,
    params: { uid: '1', token: 'ab'.repeat(32) },
    objects: [{ kind: 'guardian-link', field: ':uid' }],
  },
  // "Where you're signed in" (docs/api.md "Accounts"). Signing out everywhere else ends the caller's other sessions:
  // each call gets an account of its own.
  { method: 'GET', path: '/user/sessions', auth: 'user', owner: "the caller's own sessions" },
  {
    method: 'POST',
    path: '/user/sessions/sign_out',
    auth: 'user',
    owner: "one of the caller's own sessions; another's: 404 like a missing one",
    writes: true,
    fields: { session_id: int('body', 1, true) },
    objects: [{ kind: 'session', field: 'session_id', owned: true }],
  },
  {
    method: 'POST',
    path: '/user/sessions/sign_out_others',
    auth: 'user',
    owner: "the caller's own sessions but the current one",
    writes: true,
    endsSession: true,
  },
  { method: 'GET', path: '/user/guardian', auth: 'user', owner: "the caller's own account" },
  { method: 'POST', path: '/user/guardian/resend', auth: 'user', owner: "the caller's own account", writes: true },

  // Public reads.
  { method: 'GET', path: '/news/latest', auth: 'none', fields: { amount: int('query', 4) } },
  ...read('/news/get', { auth: 'none', fields: { id: int('query', 1) }, objects: [{ kind: 'news', field: 'id' }] }),
  {
    method: 'GET',
    path: '/ranking/list',
    auth: 'none',
    fields: {
      sorting: enumOf('query', ['0', '1'], '0'),
      start: int('query', 0),
      amount: int('query', 50),
      search: str('query', 'alva'),
    },
  },
  ...(['/ranking/country_list', '/ranking/club_list'] as const).map((path): RouteEntry => ({
    method: 'GET',
    path,
    auth: 'none',
    fields: {
      sort: enumOf('query', GROUP_RANKING_SORTS, 'players'),
      start: int('query', 0),
      amount: int('query', 50),
      search: str('query', 'swe'),
    },
  })),
  { method: 'GET', path: '/players/get', auth: 'none', fields: { username: str('query', 'alvaberg', true) } },
  {
    method: 'GET',
    path: '/user/history',
    auth: 'user',
    owner: "the caller's own games",
    fields: {
      state: enumOf('query', [...HISTORY_STATES, 'all'], 'final'),
      start: int('query', 0),
      amount: int('query', 20),
    },
  },

  // Notifications (docs/api.md "Notifications").
  { method: 'GET', path: '/user/notifications', auth: 'user', owner: "the caller's own choices" },
  {
    method: 'PUT',
    path: '/user/notifications',
    auth: 'user',
    owner: "the caller's own choices",
    writes: true,
    body: 'json',
    fields: { choices: { in: 'body', type: 'json', required: true, example: { push: { window_open: true } } } },
  },
  ...(
    ['POST /user/push-subscription', 'DELETE /user/push-subscription', 'POST /user/push-subscription/remove'] as const
  ).map((call): RouteEntry => {
    const [method, path] = call.split(' ') as ['POST' | 'DELETE', string];
    const subscribe = path === '/user/push-subscription' && method === 'POST';
    return {
      method,
      path,
      auth: 'user',
      owner: "the caller's own browser subscriptions",
      writes: true,
      body: 'json',
      fields: {
        // A DELETE names it in the query (not every client sends a body with a DELETE). The tests' loopback push
        // service address (PUSH_ENDPOINT_HOSTS_FOR_TESTS): a real push service's must never be reached from a test.
        endpoint: str(method === 'DELETE' ? 'query' : 'body', 'http://127.0.0.1:9/push/abc', true),
        ...(subscribe
          ? {
              keys: {
                in: 'body',
                type: 'json',
                required: true,
                example: {
                  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
                  auth: 'tBHItJI5svbpez7KI4CCXg',
                },
              },
              lang: enumOf('body', ['en', 'sv'], 'en'),
            }
          : {}),
      },
    };
  }),
  { method: 'POST', path: '/unsubscribe', auth: 'none', writes: true, fields: { token: str('body', 'x'.repeat(40)) } },
  {
    method: 'GET',
    path: '/images/:kind/:prefix/:file',
    auth: 'none',
    params: { kind: 'avatar_small', prefix: 'ab', file: `ab${'0'.repeat(30)}.jpg` },
  },
  { method: 'GET', path: '/season/current', auth: 'none' },
  { method: 'GET', path: '/season/list', auth: 'none' },
  { method: 'GET', path: '/season/get', auth: 'none', fields: { id: int('query', 1, true) } },
  // Search and link previews (docs/api.md "Search and link previews").
  { method: 'GET', path: '/sitemap.xml', auth: 'none' },
  { method: 'GET', path: '/robots.txt', auth: 'none' },
  {
    method: 'GET',
    path: '/og/thread/:file',
    auth: 'none',
    params: { file: '1.png' },
    objects: [{ kind: 'thread', field: ':file', template: '{id}.png' }],
  },
  { method: 'GET', path: '/og/player/:file', auth: 'none', params: { file: 'alvaberg.png' } },
  ...read('/trophy/get_stats', { auth: 'none', owner: "adds the caller's own trophies when signed in" }),
  { method: 'GET', path: '/trophy/holders', auth: 'none', fields: { amount: int('query', 20) } },

  // Real-time (docs/api.md "Real-time").
  {
    method: 'POST',
    path: '/user/pusher/auth',
    auth: 'user',
    owner: ROOM_OWNER,
    fields: { socket_id: str('body', '1234.5678'), channel_name: str('body', 'private-game-1', true) },
    objects: [gameRoom('channel_name'), userRoom('channel_name')],
  },

  // Forums (docs/api.md "Forums").
  ...read('/forums/threads', { auth: 'none', fields: FORUM_THREADS, objects: [category] }),
  ...read('/forums/threads/search', { auth: 'none', fields: FORUM_THREAD_SEARCH, objects: [category] }),
  ...read('/forums/posts', {
    auth: 'none',
    owner: 'hidden posts only for staff',
    fields: FORUM_POSTS,
    objects: [thread],
  }),
  ...read('/forums/posts/search', {
    auth: 'none',
    owner: 'hidden posts only for staff',
    fields: FORUM_POST_SEARCH,
    objects: [thread],
  }),
  ...read('/forums/category_threads', { auth: 'none' }),
  {
    method: 'POST',
    path: '/forums/new_post',
    auth: 'user',
    writes: true,
    fields: { thread_id: int('body', 1, true), message: str('body', 'Good game, well played!', true) },
    objects: [thread],
  },
  {
    method: 'POST',
    path: '/forums/new_thread',
    auth: 'user',
    writes: true,
    fields: {
      category_id: int('body', 0, true),
      title: str('body', 'Who wins the cup?', true),
      message: str('body', 'My bet is on the Swedes.', true),
    },
    objects: [category],
  },
  {
    method: 'POST',
    path: '/forums/thread/lock',
    auth: 'user',
    permission: 'canBanUsers',
    writes: true,
    fields: { thread_id: int('body', 1, true), locked: bool('body', '1') },
    objects: [thread],
  },
  {
    method: 'POST',
    path: '/forums/post/hide',
    auth: 'user',
    permission: 'canBanUsers',
    writes: true,
    fields: {
      post_id: int('body', 1, true),
      hidden: bool('body', '1'),
      reason: str('body', 'Insults another player.'),
    },
    objects: [post],
  },
  {
    method: 'POST',
    path: '/forums/post/report',
    auth: 'user',
    writes: true,
    fields: { post_id: int('body', 1, true), reason: str('body', 'Insults another player.', true) },
    objects: [post],
  },

  // Matchmaking (docs/api.md "Matchmaking").
  ...MATCHMAKING,
  ...read('/matchmaking/status', { auth: 'user', owner: "the caller's own queue entry and match" }),

  // Games (docs/api.md "Games, results and conflicts").
  { method: 'GET', path: '/game/get_active', auth: 'user', owner: "the caller's own open game" },
  {
    method: 'GET',
    path: '/game/get',
    auth: 'user',
    owner: GAME_OWNER,
    fields: { id: int('query', 1, true) },
    objects: [gameSeen('id')],
  },
  {
    method: 'POST',
    path: '/game/submit',
    auth: 'user',
    owner: GAME_PLAYER,
    writes: true,
    fields: { game_id: int('body', 1, true), score_1: int('body', 3, true), score_2: int('body', 1, true) },
    objects: [gamePlayed('game_id')],
  },
  ...(['/game/confirm', '/game/escalate'] as const).map((path): RouteEntry => ({
    method: 'POST',
    path,
    auth: 'user',
    owner: `${GAME_PLAYER}; only the player who did not submit answers`,
    writes: true,
    fields: { game_id: int('body', 1, true) },
    objects: [gamePlayed('game_id')],
  })),
  {
    method: 'POST',
    path: '/game/dropped',
    auth: 'user',
    owner: GAME_PLAYER,
    writes: true,
    fields: { game_id: int('body', 1, true), dropped_user_id: int('body', 2, true) },
    objects: [gamePlayed('game_id')],
  },
  {
    method: 'POST',
    path: '/game/upload_evidence',
    auth: 'user',
    owner: GAME_PLAYER,
    writes: true,
    fields: { game_id: int('body', 1, true), youtube_id: str('body', 'dQw4w9WgXcQ'), photo: file() },
    objects: [gamePlayed('game_id')],
  },
  {
    method: 'POST',
    path: '/game/chat/send_message',
    auth: 'user',
    owner: GAME_OWNER,
    writes: true,
    fields: { game_id: int('body', 1, true), message: str('body', 'gg', true) },
    objects: [gameSeen('game_id')],
  },

  // Reports, blocks and warnings (docs/api.md "Reports and blocks").
  {
    method: 'POST',
    path: '/game/report',
    auth: 'user',
    owner: 'a player of the game; the line must be the opponent’s in that game; anyone else: 404 like a missing game',
    writes: true,
    fields: {
      game_id: int('body', 1, true),
      // Empty in the example: a valid request reports the opponent (a line's id is only valid in its own game).
      chat_message_id: { in: 'body', type: 'int', example: '' },
      reason: enumOf('body', ['personal_details', 'bullying', 'cheating', 'other'], 'cheating', true),
      text: str('body', 'Keeps asking where I live.'),
    },
    objects: [{ kind: 'game', field: 'game_id', owned: true }],
  },
  { method: 'GET', path: '/user/reports', auth: 'user', owner: "the caller's own reports" },
  {
    method: 'POST',
    path: '/user/block',
    auth: 'user',
    owner: "an opponent from one of the caller's games; anyone else: 404 like a missing player",
    writes: true,
    fields: { user_id: int('body', 2, true) },
    objects: [{ kind: 'opponent', field: 'user_id', owned: true }],
  },
  {
    method: 'POST',
    path: '/user/unblock',
    auth: 'user',
    owner: 'a player the caller blocked; anyone else: 404 like a missing player',
    writes: true,
    fields: { user_id: int('body', 2, true) },
    objects: [{ kind: 'blocked-player', field: 'user_id', owned: true }],
  },
  { method: 'GET', path: '/user/blocks', auth: 'user', owner: "the caller's own blocks" },
  { method: 'GET', path: '/user/warning', auth: 'user', owner: "the caller's own warnings" },
  {
    method: 'POST',
    path: '/user/warning/seen',
    auth: 'user',
    owner: "the caller's own warning (another's changes nothing)",
    writes: true,
    fields: { warning_id: int('body', 1, true) },
  },
  {
    method: 'POST',
    path: '/admin/games/edit',
    auth: 'user',
    permission: 'canResolveConflicts',
    owner: 'never a game the moderator played in (403)',
    writes: true,
    fields: {
      game_id: int('body', 1, true),
      score1: int('body', 2, true),
      score2: int('body', 2, true),
      score_1: int('body', 2),
      score_2: int('body', 2),
    },
    objects: [{ kind: 'game', field: 'game_id' }],
  },
  ...read('/conflicts/list', { auth: 'user', owner: "the caller's own conflicts; all with canResolveConflicts" }),
];

// --- Admin API (docs/api.md "Admin API") ----------------------------------------------------------------------

const LIST_FIELDS = (sortField: string, filter: Record<string, unknown>): Record<string, FieldSpec> => ({
  sort: json([sortField, 'ASC']),
  range: json([0, 24]),
  filter: json(filter),
});

/** The flag of a resource in the inventory's terms ('all' for every flag). */
function flagOf(name: AdminResourceName): PermissionName | 'all' {
  const bits: number = ADMIN_RESOURCES[name];
  if (bits === ALL_PERMISSIONS) return 'all';
  return (Object.keys(PERMISSIONS) as PermissionName[]).find((n) => PERMISSIONS[n] === bits)!;
}

interface ResourceShape {
  name: AdminResourceName;
  object: ObjectSpec['kind'];
  sort: string;
  filter: Record<string, unknown>;
  create?: Record<string, FieldSpec>;
  update?: Record<string, FieldSpec>;
  updateNeeds?: readonly PermissionName[];
  remove?: boolean;
}

const RESOURCES: ResourceShape[] = [
  {
    name: 'users',
    object: 'admin-user',
    sort: 'id',
    filter: { q: 'alva', banned: false, staff: false },
    // The example bans (action 'ban'): that needs canBanUsers besides the resource's canSeeUserProfile.
    update: {
      action: enumOf('body', ['ban', 'unban', 'sign_out', 'sign_out_all', 'permissions'], 'ban', true),
      reason: str('body', 'Cheating in a final.'),
      days: int('body', 7),
      permanent: bool('body', false),
      permissions: int('body', 0),
      session_id: int('body', 1),
    },
    updateNeeds: ['canSeeUserProfile', 'canBanUsers'],
  },
  {
    name: 'ip-bans',
    object: 'ip-ban',
    sort: 'id',
    filter: { q: '203.0.113' },
    create: { address: str('body', '203.0.113.7', true), reason: str('body', 'Spam sign-ups from here.', true) },
    remove: true,
  },
  {
    name: 'conflicts',
    object: 'conflict',
    sort: 'waiting_since',
    filter: { solved: false },
    update: {
      action: enumOf('body', ['claim', 'release', 'resolve'], 'claim'),
      score_1: int('body', 2),
      score_2: int('body', 1),
    },
  },
  {
    name: 'news',
    object: 'news',
    sort: 'published_at',
    filter: { q: 'cup', published: true },
    create: {
      title: str('body', 'Finals in Gothenburg', true),
      content: str('body', '<p>The <strong>finals</strong> are on.</p>', true),
      excerpt: str('body', 'The finals are on.'),
      category_id: int('body', 0, true),
      published: bool('body', true),
      published_at: { in: 'body', type: 'date', example: '2026-01-01T00:00:00.000Z' },
      image_hash: str('body', ''),
    },
    update: { title: str('body', 'Finals moved', true), content: str('body', '<p>Moved.</p>') },
    remove: true,
  },
  { name: 'country-stats', object: 'country', sort: 'players', filter: { q: 'Swe' } },
  {
    name: 'reports',
    object: 'report',
    sort: 'created_at',
    filter: { resolved: false },
    update: {
      action: enumOf('body', ['dismiss', 'warn', 'mute', 'ban', 'hide'], 'dismiss', true),
      message: str('body', 'Keep the chat friendly.'),
      days: int('body', 3),
      reason: str('body', 'Asked for contact details.'),
      permanent: bool('body', false),
    },
  },
  { name: 'trophy-winners', object: 'trophy-winner', sort: 'secured_at', filter: { week: 1 } },
  { name: 'audit-log', object: 'audit-entry', sort: 'id', filter: { action: 'user.' } },
];

function resourceRoutes(shape: ResourceShape): RouteEntry[] {
  const base = `/admin/api/${shape.name}`;
  const permission = flagOf(shape.name);
  const common = { auth: 'staff' as const, permission, body: 'json' as const };
  const object: ObjectSpec = { kind: shape.object, field: ':id' };
  const routes: RouteEntry[] = [
    { method: 'GET', path: base, ...common, fields: LIST_FIELDS(shape.sort, shape.filter) },
    { method: 'GET', path: `${base}/:id`, ...common, params: { id: '1' }, objects: [object] },
  ];
  if (shape.create) routes.push({ method: 'POST', path: base, ...common, writes: true, fields: shape.create });
  if (shape.update) {
    routes.push({
      method: 'PUT',
      path: `${base}/:id`,
      ...common,
      writes: true,
      params: { id: '1' },
      fields: shape.update,
      objects: [object],
      ...(shape.updateNeeds ? { permissionsAll: shape.updateNeeds } : {}),
    });
  }
  if (shape.remove) {
    routes.push({
      method: 'DELETE',
      path: `${base}/:id`,
      ...common,
      writes: true,
      params: { id: '1' },
      objects: [object],
    });
  }
  return routes;
}

const ADMIN_ROUTES: RouteEntry[] = [
  {
    method: 'POST',
    path: '/admin/api/auth/login',
    auth: 'none',
    owner: 'staff accounts only (players: 403)',
    writes: true,
    body: 'json',
    // An account that does not exist: a player's name would answer the console's 403 for players.
    fields: {
      username: str('body', 'console_editor', true),
      password: str('body', 'a good password', true),
      code: str('body', '123456'),
    },
  },
  {
    method: 'POST',
    path: '/admin/api/auth/enrol/start',
    auth: 'none',
    owner: "the holder of an operator's enrolment link (for the link's account only)",
    writes: true,
    body: 'json',
    fields: { token: str('body', 'ab'.repeat(32), true) },
  },
  {
    method: 'POST',
    path: '/admin/api/auth/enrol/finish',
    auth: 'none',
    owner: "the holder of an operator's enrolment link (for the link's account only)",
    writes: true,
    body: 'json',
    fields: {
      token: str('body', 'ab'.repeat(32), true),
      password: str('body', 'correct horse 1', true),
      code: str('body', '123456', true),
    },
  },
  {
    method: 'POST',
    path: '/admin/api/auth/totp/setup',
    auth: 'staff',
    owner: "the caller's own account",
    writes: true,
    body: 'json',
  },
  {
    method: 'POST',
    path: '/admin/api/auth/totp/enable',
    auth: 'staff',
    owner: "the caller's own account",
    writes: true,
    body: 'json',
    fields: { password: str('body', 'correct horse 1', true), code: str('body', '123456', true) },
  },
  {
    method: 'POST',
    path: '/admin/api/auth/totp/disable',
    auth: 'staff',
    owner: "the caller's own account; never for holders of every flag",
    writes: true,
    body: 'json',
    fields: { password: str('body', 'correct horse 1', true), code: str('body', '123456', true) },
  },
  { method: 'GET', path: '/admin/api/auth/me', auth: 'staff', owner: "the caller's own account" },
  {
    method: 'POST',
    path: '/admin/api/news-images',
    auth: 'staff',
    permission: 'canPublishNews',
    writes: true,
    body: 'multipart',
    fields: { image: file(true) },
  },
  { method: 'GET', path: '/admin/api/dashboard', auth: 'staff' },
  { method: 'GET', path: '/admin/api/trophy-winners.csv', auth: 'staff', permission: 'canSeeTrophyWinners' },
  ...RESOURCES.flatMap(resourceRoutes),
];

// --- Test clock (TEST_CLOCK=on only) ----------------------------------------------------------------------------

const TEST_ROUTES: RouteEntry[] = [
  { method: 'GET', path: '/test/clock', auth: 'none', testOnly: true },
  {
    method: 'POST',
    path: '/test/clock',
    auth: 'none',
    testOnly: true,
    writes: true,
    fields: { advance_ms: int('body', 1000), now_ms: int('body', Date.UTC(2026, 0, 1)) },
  },
];

/** Every HTTP route of the API (the built web apps' file and index.html fallbacks are not routes). */
export const ROUTES: RouteEntry[] = [...PLAYER_ROUTES, ...ADMIN_ROUTES, ...TEST_ROUTES];

/** Every socket.io event a client emits (docs/decisions.md#real-time; api/src/realtime/realtime.ts). */
export const SOCKET_EVENTS: SocketEventEntry[] = [
  {
    event: 'subscribe',
    auth: 'user',
    owner: ROOM_OWNER,
    fields: { channel: str('body', 'private-game-1', true) },
    objects: [gameRoom('channel'), userRoom('channel')],
  },
  {
    event: 'unsubscribe',
    auth: 'user',
    owner: "the caller's own socket; its own user room is never left",
    fields: { channel: str('body', 'private-game-1', true) },
  },
];
