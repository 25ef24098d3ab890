/**
 * Security suite 3: the authorisation matrix. Every route and socket event of the inventory
 * × every principal (anonymous, players A and B, a banned player, a guardian-unconfirmed minor, staff with exactly
 * one flag for each of the seven, staff without the route's flag (these on console sessions), a one-flag staff
 * member on a player-app session, every flag with a console session that passed TOTP, and every flag with a
 * player-app session) × objects owned by A, by B and by nobody (a missing id). The
 * expected decision of each combination comes from one table, `expectedDecision`, derived from the inventory's
 * auth, permission and object rules; the real answer is classified the same way and every difference counts.
 * Private objects of others must answer exactly like missing ones (same status and body), and a refused game room
 * must not deliver the room's events.
 */
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import {
  ALL_PERMISSIONS,
  MESSAGES,
  PERMISSIONS,
  PERMISSION_NAMES,
  RESULT_ENTRY_DELAY_MS,
  has,
  hasAll,
  isStaff,
  sessionPermissions,
  type PermissionName,
} from '@ecup/domain';
import { createAdminSession, createIpBan, createNews, createSession, createThread, transaction } from '@ecup/db';
import { hashToken, parseIpRange } from '@ecup/security';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { buildGame, buildUser, pngImage } from '../../helpers/factories.ts';
import { openSocket } from '../../helpers/sockets.ts';
import { ROUTES, SOCKET_EVENTS } from '../inventory.ts';
import type { ObjectKind, ObjectSpec, RouteEntry } from '../inventory-types.ts';
import type { Suite } from '../suite.ts';

// --- The one table ------------------------------------------------------------------------------------------

/** What the product decided: served (any answer past the checks), 401, 403, or 404 (hidden or missing). */
export type Decision = 'allow' | 'signin' | 'forbidden' | 'hidden';

/** Who calls. `lacking` is staff holding every flag but the route's (computed per route). */
export interface PrincipalSpec {
  name: string;
  anonymous?: boolean;
  permissions: number;
  banned?: boolean;
  minor?: boolean;
  /** The session passed the console's second factor (TOTP on); such a session is a console session. */
  secondFactor?: boolean;
  /** The session was made by the console's sign-in (the console API accepts no other). */
  console?: boolean;
  /** Staff without the flag(s) the route needs. */
  lacking?: boolean;
  /** Which of the two players this is: their own objects are those owned by A or B. */
  player?: 'A' | 'B';
}

/** How the principal stands to the object: its owner, someone else, or there is no such object. */
export type Relation = 'own' | 'other' | 'missing' | 'none';

/** The flags a route needs, as bits (0: none). */
export function neededBits(entry: Pick<RouteEntry, 'permission' | 'permissionsAll'>): number {
  if (entry.permissionsAll) return entry.permissionsAll.reduce((bits, name) => bits | PERMISSIONS[name], 0);
  if (entry.permission === 'all') return ALL_PERMISSIONS;
  return entry.permission ? PERMISSIONS[entry.permission] : 0;
}

/** The flags of staff "without the needed flag": all but the last one the route needs (canResolveConflicts). */
export function lackingBits(entry: Pick<RouteEntry, 'permission' | 'permissionsAll'>): number {
  const needed = neededBits(entry);
  if (needed === 0) return ALL_PERMISSIONS & ~PERMISSIONS.canResolveConflicts;
  if (needed === ALL_PERMISSIONS) return ALL_PERMISSIONS & ~PERMISSIONS.canSeeTrophyWinners;
  const highest = 1 << (31 - Math.clz32(needed));
  return ALL_PERMISSIONS & ~highest;
}

/**
 * The expected decision (docs/api.md "Requests and answers", "Who may do what", "Who may call", docs/decisions.md#api-contract, docs/decisions.md#real-time,
 * docs/decisions.md#permissions): a banned user's credentials are refused everywhere past the probes; signed-in routes refuse anonymous
 * callers; the console refuses players and, for accounts that need a second factor, sessions that did not pass it;
 * then the flags; then the object: a missing one is a 404, another's private one the same 404 unless a flag lets
 * the caller see it (and only its owners act on it).
 */
export function expectedDecision(
  entry: Pick<RouteEntry, 'auth' | 'permission' | 'permissionsAll' | 'objects' | 'beforeAuth'>,
  principal: PrincipalSpec,
  relation: Relation,
): Decision {
  if (principal.banned && !entry.beforeAuth) return 'forbidden';
  if (entry.auth !== 'none' && principal.anonymous) return 'signin';
  if (entry.auth === 'staff') {
    if (!isStaff(principal.permissions)) return 'forbidden';
    if (hasAll(principal.permissions, ALL_PERMISSIONS) && !principal.secondFactor) return 'signin';
    // A player-app session of any staff member does not open the console (docs/rules.md "Account changes").
    if (!principal.console && !principal.secondFactor) return 'signin';
  }
  // Outside the console, an account that needs a second factor uses its flags only from a session that passed one.
  const flags =
    entry.auth === 'staff'
      ? principal.permissions
      : sessionPermissions(
          { permissions: principal.permissions, totp_enabled: Boolean(principal.secondFactor) },
          Boolean(principal.secondFactor),
        );
  const needed = neededBits(entry);
  if (needed !== 0 && !hasAll(flags, needed)) return 'forbidden';
  const object = entry.objects?.[0];
  if (!object || relation === 'none') return 'allow';
  if (relation === 'missing') return 'hidden';
  if (!object.owned || relation === 'own') return 'allow';
  if (object.seenBy && has(flags, object.seenBy)) return object.ownersOnly ? 'forbidden' : 'allow';
  return 'hidden';
}

const BAN_REASON = 'authz-matrix ban';

/** The decision an answer shows: only the refusals of the checks count as refusals (docs/decisions.md#api-contract table). */
export function decisionOf(status: number, body: unknown): Decision {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const signIn: unknown[] = [
    MESSAGES.notSignedIn,
    MESSAGES.sessionExpired,
    MESSAGES.consoleSignInRequired,
    MESSAGES.consoleSessionRequired,
  ];
  if (status === 401 && signIn.includes(error)) {
    return 'signin';
  }
  if (
    status === 403 &&
    (error === MESSAGES.noPermission ||
      error === MESSAGES.consoleSignInRequired ||
      (typeof error === 'string' && error.includes(BAN_REASON)))
  ) {
    return 'forbidden';
  }
  if (status === 404) return 'hidden';
  return 'allow';
}

// --- Principals ----------------------------------------------------------------------------------------------

const FLAG_PRINCIPALS: PrincipalSpec[] = PERMISSION_NAMES.map((name: PermissionName) => ({
  name: `staff ${name}`,
  permissions: PERMISSIONS[name],
  console: true,
}));

export const PRINCIPALS: PrincipalSpec[] = [
  { name: 'anonymous', anonymous: true, permissions: 0 },
  { name: 'player A', permissions: 0, player: 'A' },
  { name: 'player B', permissions: 0, player: 'B' },
  { name: 'banned player', permissions: 0, banned: true },
  { name: 'unconfirmed minor', permissions: 0, minor: true },
  ...FLAG_PRINCIPALS,
  { name: 'staff without the flag', permissions: -1, lacking: true, console: true },
  { name: 'all flags (console, TOTP)', permissions: ALL_PERMISSIONS, secondFactor: true },
  { name: 'all flags (player-app session)', permissions: ALL_PERMISSIONS },
  { name: 'staff canBanUsers (player-app session)', permissions: PERMISSIONS.canBanUsers },
];

interface Caller {
  userId: number | null;
  auth: { id: number; token: string } | null;
}

const MISSING_ID = 987_654_321;

/** In CI, the principals of routes that hash passwords. */
const FAST_HASHING = ['anonymous', 'player A', 'banned player', 'all flags (console, TOTP)'];

/** In CI (fast) only these principals also meet a missing object: one owner, one other player, one moderator. */
const FAST_MISSING_FOR = ['player A', 'player B', 'staff canResolveConflicts'];

// --- The suite ----------------------------------------------------------------------------------------------

interface Combination {
  entry: string;
  principal: string;
  owner: 'A' | 'B' | 'nobody' | '-';
  expected: Decision;
  actual: Decision;
  status: number;
  body: unknown;
}

export const suite: Suite = {
  name: 'authz-matrix',
  description: 'every route and socket event × 16 principals × objects of A, B and nobody, against one table',
  async run({ fast, log }) {
    const server = await startTestServer({ label: 'sec-authz', env: { TEST_CLOCK: 'on' } });
    const redis = new Redis(server.config.redisUrl);
    const violations: string[] = [];
    const results: Combination[] = [];
    let socketChecks = 0;
    let roomProbes = 0;
    try {
      const world = await buildWorld(server);
      const owners: ('A' | 'B' | 'nobody')[] = fast ? ['A', 'nobody'] : ['A', 'B', 'nobody'];
      /** The objects a principal meets: all three at full size; in CI A's, and a missing one for three of them. */
      const ownersFor = (principal: PrincipalSpec) =>
        !fast || FAST_MISSING_FOR.includes(principal.name) ? owners : owners.filter((o) => o !== 'nobody');

      for (const route of ROUTES) {
        const started = Date.now();
        await clearRateLimits(redis, server.config.redisPrefix);
        const object = route.objects?.[0];
        // Principals call at once (each has its own session; written objects are fresh per call). In CI, routes that
        // hash a password (about a second of CPU each) meet four principals only.
        const hashes = Object.keys(route.fields ?? {}).some((name) => /password/.test(name));
        const principals = fast && hashes ? PRINCIPALS.filter((p) => FAST_HASHING.includes(p.name)) : PRINCIPALS;
        await Promise.all(
          principals.map(async (principal) => {
            for (const owner of object ? ownersFor(principal) : (['-'] as const)) {
              const relation = relationOf(object, principal, owner);
              const expected = expectedDecision(route, effective(principal, route), relation);
              const caller = await world.caller(principal, route);
              const target = object ? await world.object(object.kind, owner, Boolean(route.writes)) : null;
              if (object && owner !== 'nobody' && target === null) continue; // not buildable (trophy winners)
              const answer = await world.call(route, caller, object, target);
              results.push({
                entry: `${route.method} ${route.path}`,
                principal: principal.name,
                owner,
                expected,
                actual: decisionOf(answer.status, answer.body),
                status: answer.status,
                body: answer.body,
              });
            }
          }),
        );
        const took = Date.now() - started;
        if (took > 1000) log(`${route.method} ${route.path}: ${(took / 1000).toFixed(1)} s`);
      }
      log(`${results.length} HTTP combinations`);

      // --- Socket events ---
      for (const event of SOCKET_EVENTS) {
        const object = event.objects ?? [];
        for (const principal of PRINCIPALS) {
          const caller = await world.caller(principal, event);
          const specs = object.length > 0 ? object : [null];
          for (const spec of specs) {
            for (const owner of spec ? ownersFor(principal) : (['-'] as const)) {
              const relation = relationOf(spec ?? undefined, principal, owner);
              const expected = expectedDecision(
                { ...event, objects: spec ? [spec] : [] },
                effective(principal, event),
                relation,
              );
              const target = spec ? await world.object(spec.kind, owner, false) : null;
              const channel = spec ? fill(spec, target!.id) : `private-game-${MISSING_ID}`;
              const outcome = await world.emit(caller, event.event, channel);
              socketChecks++;
              results.push({
                entry: `socket ${event.event} ${spec ? spec.template : ''}`.trim(),
                principal: principal.name,
                owner,
                expected,
                actual: outcome.decision,
                status: 0,
                body: outcome.answer,
              });
            }
          }
        }
      }
      roomProbes = await world.probeRooms(violations);
      await world.closeSockets();

      // --- Compare ---
      for (const r of results) {
        if (r.status >= 500) violations.push(`${r.entry} as ${r.principal}: ${r.status} ${JSON.stringify(r.body)}`);
        if (r.expected !== r.actual) {
          violations.push(
            `${r.entry} as ${r.principal} on ${r.owner === '-' ? 'no object' : `an object of ${r.owner}`}: expected ${r.expected}, got ${r.actual} (${r.status} ${JSON.stringify(r.body)?.slice(0, 160)})`,
          );
        }
      }
      // Another's private object answers exactly like a missing one.
      let sameAsMissing = 0;
      for (const r of results) {
        if (r.owner === 'nobody' || r.owner === '-' || r.expected !== 'hidden') continue;
        const missing = results.find((m) => m.entry === r.entry && m.principal === r.principal && m.owner === 'nobody');
        if (!missing) continue;
        sameAsMissing++;
        if (r.status !== missing.status || JSON.stringify(r.body) !== JSON.stringify(missing.body)) {
          violations.push(
            `${r.entry} as ${r.principal}: another's object answers ${r.status} ${JSON.stringify(r.body)}, a missing one ${missing.status} ${JSON.stringify(missing.body)}`,
          );
        }
      }
      const entries = new Set(results.map((r) => r.entry));
      return {
        figures: {
          'combinations checked': results.length,
          'HTTP combinations': results.length - socketChecks,
          'socket combinations': socketChecks,
          routes: ROUTES.length,
          'socket events': SOCKET_EVENTS.length,
          'entries covered': entries.size,
          principals: PRINCIPALS.length,
          'object owners': fast ? `A (all), nobody (${FAST_MISSING_FOR.join(', ')})` : owners.join(', '),
          'refusals compared with a missing object': sameAsMissing,
          'room deliveries probed': roomProbes,
          mismatches: violations.length,
        },
        violations,
      };
    } finally {
      redis.disconnect();
      await server.close();
    }
  },
};

/** The principal with the flags it has for this entry (staff "without the flag" depends on the entry). */
function effective(principal: PrincipalSpec, entry: Pick<RouteEntry, 'permission' | 'permissionsAll'>): PrincipalSpec {
  return principal.lacking ? { ...principal, permissions: lackingBits(entry) } : principal;
}

function relationOf(
  object: ObjectSpec | undefined,
  principal: PrincipalSpec,
  owner: 'A' | 'B' | 'nobody' | '-',
): Relation {
  if (!object || owner === '-') return 'none';
  if (owner === 'nobody') return 'missing';
  if (!object.owned) return 'other';
  return principal.player === owner ? 'own' : 'other';
}

/** The id as the field carries it ('private-game-{id}'). */
function fill(object: ObjectSpec, id: number | string): string {
  return object.template ? object.template.replace('{id}', String(id)) : String(id);
}

/** Rate limits are other suites' business: each route starts with none used. */
async function clearRateLimits(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}rl:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}

// --- The world: principals' users and sessions, objects, calls ------------------------------------------------

interface Target {
  id: number | string;
  params?: Record<string, string>;
}

async function buildWorld(server: TestServer) {
  const { knex } = server;
  const now = () => server.clock.now();
  const png = await pngImage();
  const users = new Map<string, Promise<Caller>>();
  const sockets = new Map<string, Promise<{ socket: Socket | null; error: string | null }>>();
  const fillers = [await buildUser(knex), await buildUser(knex)];
  const editor = await buildUser(knex, { permissions: ALL_PERMISSIONS });
  let counter = 0;

  /** A fresh user with a session for a principal (a second-factor session for the console holder). */
  async function makeCaller(principal: PrincipalSpec, permissions: number): Promise<Caller> {
    if (principal.anonymous) return { userId: null, auth: null };
    const today = now();
    const user = await buildUser(knex, {
      permissions,
      // Players A and B live in Sweden: country stats list only countries with players, and id 0 is no record id.
      ...(principal.player ? { country_id: 210 } : {}),
      ...(principal.banned ? { banned_until: new Date('9999-12-31T00:00:00Z'), ban_reason: BAN_REASON } : {}),
      ...(principal.minor
        ? {
            birth_date: new Date(Date.UTC(today.getUTCFullYear() - 14, 0, 1)),
            guardian_email: `guardian-${counter++}@example.com`,
            guardian_token_hash: hashToken('cd'.repeat(32)),
            guardian_token_issued_at: today,
          }
        : {}),
      ...(principal.secondFactor ? { totp_enabled: true, totp_secret: 'JBSWY3DPEHPK3PXP' } : {}),
    });
    const session = principal.secondFactor
      ? await createAdminSession(knex, {
          user_id: user.id,
          ip: null,
          user_agent: null,
          second_factor: true,
          now: today,
        })
      : await createSession(knex, {
          user_id: user.id,
          ip: null,
          user_agent: null,
          console: principal.console === true,
        });
    return { userId: user.id, auth: { id: user.id, token: session.result.token } };
  }

  const permissionsOf = (principal: PrincipalSpec, entry: Pick<RouteEntry, 'permission' | 'permissionsAll'>) =>
    principal.lacking ? lackingBits(entry) : principal.permissions;

  /** The principal's caller for an entry: shared, or a fresh one when the call ends its session. */
  async function caller(
    principal: PrincipalSpec,
    entry: Pick<RouteEntry, 'permission' | 'permissionsAll' | 'endsSession'>,
  ): Promise<Caller> {
    const permissions = permissionsOf(principal, entry);
    if (entry.endsSession) return makeCaller(principal, permissions);
    const key = `${principal.name}/${permissions}`;
    let found = users.get(key);
    if (!found) {
      found = makeCaller(principal, permissions);
      users.set(key, found);
    }
    return found;
  }

  const ownerId = async (owner: 'A' | 'B') =>
    (
      await caller(
        PRINCIPALS.find((p) => p.player === owner)!,
        {},
      )
    ).userId!;

  // --- Objects ---
  async function game(owner: number | null, fields: Record<string, unknown> = {}): Promise<number> {
    return buildGame(knex, {
      user_1_id: owner ?? fillers[0]!.id,
      user_2_id: fillers[1]!.id,
      created_at: new Date(now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
      ...fields,
    });
  }
  async function thread(owner: number | null): Promise<{ thread: number; post: number }> {
    // In a transaction retried on deadlock, as the API runs it: a sign-in of the same player locks its row too.
    const made = await transaction(knex, (trx) =>
      createThread(trx, {
        user_id: owner ?? fillers[0]!.id,
        category_id: 3,
        title: 'A topic for the matrix',
        message: 'Some words to report',
        now: now(),
      }),
    );
    const first = await knex('forum_posts').where('thread_id', made.result.id).orderBy('id').first('id');
    return { thread: made.result.id, post: Number(first!.id) };
  }

  const builders: Record<ObjectKind, (owner: number | null, ownerName: 'A' | 'B') => Promise<Target | null>> = {
    game: async (owner) => ({ id: await game(owner) }),
    user: async (owner) => ({ id: owner ?? fillers[0]!.id }),
    'forum-category': async (_owner, name) => ({ id: name === 'A' ? 0 : 1 }),
    thread: async (owner) => ({ id: (await thread(owner)).thread }),
    post: async (owner) => ({ id: (await thread(owner)).post }),
    news: async () => {
      const made = await createNews(knex, {
        actor: { id: editor.id, permissions: ALL_PERMISSIONS },
        fields: {
          title: 'Matrix news',
          content: '<p>News.</p>',
          excerpt: '',
          category_id: 0,
          image_hash: null,
          published: true,
          published_at: new Date(now().getTime() - 60_000),
        },
        ip: null,
        now: now(),
      });
      return { id: made.result.id };
    },
    'guardian-link': async () => {
      const token = (counter++).toString(16).padStart(64, 'e');
      const minor = await buildUser(knex, {
        birth_date: new Date(Date.UTC(now().getUTCFullYear() - 14, 0, 1)),
        guardian_email: `link-${counter}@example.com`,
        guardian_token_hash: hashToken(token),
        guardian_token_issued_at: now(),
      });
      return { id: minor.id, params: { uid: String(minor.id), token } };
    },
    'admin-user': async () => ({ id: (await buildUser(knex)).id }),
    'ip-ban': async () => {
      const n = counter++;
      const range = parseIpRange(`10.77.${(n >> 8) & 255}.${n & 255}`)!;
      const made = await createIpBan(knex, {
        actor: { id: editor.id, permissions: ALL_PERMISSIONS },
        cidr: range.cidr,
        start: range.start,
        end: range.end,
        reason: 'Matrix range',
        ip: null,
        now: now(),
      });
      return { id: made.result.id };
    },
    conflict: async (owner) => ({
      id: await game(owner, {
        state: 'conflict',
        conflict: true,
        score_1: 3,
        score_2: 1,
        submitted_user_id: owner ?? fillers[0]!.id,
        submitted_at: new Date(now().getTime() - 60_000),
      }),
    }),
    // A country with players: the owner's (country stats list only those).
    country: async (owner) => ({
      id: Number((await knex('users').where('id', owner).first('country_id'))!.country_id),
    }),
    report: async (owner) => {
      // A report by the owner (or a filler) against the other player of a game of theirs.
      const gameId = await game(owner);
      const [id] = await knex('reports').insert({
        kind: 'player',
        reporter_user_id: owner ?? fillers[0]!.id,
        reported_user_id: fillers[1]!.id,
        game_id: gameId,
        reason: 'cheating',
        created_at: now(),
      });
      return { id: Number(id) };
    },
    opponent: async (owner) => {
      const other = await buildUser(knex, {});
      await game(owner, { user_2_id: other.id, state: 'final' });
      return { id: other.id };
    },
    'blocked-player': async (owner) => {
      const other = await buildUser(knex, {});
      await game(owner, { user_2_id: other.id, state: 'final' });
      await knex('blocks').insert({
        blocker_user_id: owner ?? fillers[0]!.id,
        blocked_user_id: other.id,
        created_at: now(),
      });
      return { id: other.id };
    },
    'trophy-winner': async () => null,
    // Another device's session of the owner (never the caller's own, which the call would end).
    session: async (owner) => ({
      id: (await createSession(knex, { user_id: owner ?? fillers[0]!.id, ip: null, user_agent: null })).result
        .session_id,
    }),
    'audit-entry': async (owner) => {
      const [id] = await knex('audit_log').insert({
        actor_user_id: owner ?? editor.id,
        action: 'matrix.check',
        entity: 'matrix',
        entity_id: null,
        before: null,
        after: null,
        ip: null,
        created_at: now(),
      });
      return { id: Number(id) };
    },
  };

  const cache = new Map<string, Promise<Target | null>>();
  /** An object of `kind` owned by A, B or nobody (a missing id); fresh for writes, shared for reads. */
  async function object(kind: ObjectKind, owner: 'A' | 'B' | 'nobody' | '-', fresh: boolean): Promise<Target | null> {
    if (owner === '-') return null;
    if (owner === 'nobody') {
      if (kind === 'forum-category') return { id: 9 };
      if (kind === 'country') return { id: 99_999 };
      if (kind === 'guardian-link')
        return { id: MISSING_ID, params: { uid: String(MISSING_ID), token: 'cd'.repeat(32) } };
      return { id: MISSING_ID };
    }
    const build = async () => builders[kind](await ownerId(owner), owner);
    if (fresh) return build();
    const key = `${kind}/${owner}`;
    let built = cache.get(key);
    if (!built) {
      built = build();
      cache.set(key, built);
    }
    return built;
  }

  /** One request as a client would send it: every field's example (but credentials), the object in its field. */
  async function call(route: RouteEntry, who: Caller, spec: ObjectSpec | undefined, target: Target | null) {
    const params: Record<string, string> = { ...route.params, ...target?.params };
    if (spec && target && spec.field.startsWith(':') && !target.params)
      params[spec.field.slice(1)] = fill(spec, target.id);
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? '1'));
    const url = new URL(path, server.url);
    const body: Record<string, unknown> = {};
    const files: Record<string, Buffer> = {};
    for (const [name, field] of Object.entries(route.fields ?? {})) {
      const isObject = spec?.field === name;
      if (field.credential) continue;
      const value = isObject && target ? fill(spec, target.id) : field.example;
      if (field.in === 'file') files[name] = png;
      else if (field.in === 'query') url.searchParams.set(name, String(value));
      else body[name] = value;
    }
    const headers: Record<string, string> = who.auth
      ? { Authorization: `Bearer ${who.auth.id}:${who.auth.token}` }
      : {};
    let payload: BodyInit | undefined;
    if (route.method !== 'GET') {
      if (route.body === 'multipart' || Object.keys(files).length > 0) {
        const form = new FormData();
        for (const [k, v] of Object.entries(body)) form.append(k, String(v));
        for (const [k, data] of Object.entries(files)) {
          form.append(k, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'photo.png');
        }
        payload = form;
      } else if (route.body === 'json') {
        headers['Content-Type'] = 'application/json';
        payload = JSON.stringify(body);
      } else {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
      }
    }
    const response = await fetch(url, { method: route.method, headers, body: payload });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // HTML pages (guardian) and CSV stay text.
    }
    return { status: response.status, body: parsed };
  }

  // --- Sockets ---
  const refusedRooms: { principal: string; socket: Socket; room: string }[] = [];
  const allowedRooms: { principal: string; socket: Socket; room: string }[] = [];

  function socketOf(who: Caller, key: string) {
    let open = sockets.get(key);
    if (!open) {
      open = openSocket(server.url, who.auth ?? {}).then(
        (socket) => ({ socket, error: null }),
        (error: Error) => ({ socket: null, error: error.message }),
      );
      sockets.set(key, open);
    }
    return open;
  }

  /** Emits an event with its channel: the acknowledgement, or the handshake's refusal, as a decision. */
  async function emit(who: Caller, event: string, channel: string): Promise<{ decision: Decision; answer: unknown }> {
    const key = who.auth ? `${who.auth.id}` : 'anonymous';
    const { socket, error } = await socketOf(who, key);
    if (!socket) {
      if (error === MESSAGES.sessionExpired) return { decision: 'signin', answer: error };
      if (error === MESSAGES.noPermission) return { decision: 'forbidden', answer: error };
      return { decision: 'allow', answer: error };
    }
    const answer = (await socket.timeout(5000).emitWithAck(event, { channel })) as { ok?: boolean; error?: string };
    if (event === 'subscribe') {
      (answer.ok ? allowedRooms : refusedRooms).push({ principal: key, socket, room: channel });
    }
    if (answer.ok) return { decision: 'allow', answer };
    return { decision: answer.error === MESSAGES.notFound ? 'hidden' : 'allow', answer };
  }

  /**
   * Pushes a probe event into every room a subscription touched: the refused sockets must not get it, the allowed
   * ones must (so the check can fail). Answers the number of deliveries checked.
   */
  async function probeRooms(violations: string[]): Promise<number> {
    const received = new Map<Socket, Set<string>>();
    const all = [...refusedRooms, ...allowedRooms];
    for (const { socket } of all) {
      if (received.has(socket)) continue;
      const seen = new Set<string>();
      received.set(socket, seen);
      socket.on('message', (payload: { probe?: string }) => {
        if (payload?.probe) seen.add(payload.probe);
      });
    }
    const rooms = new Set(all.map((r) => r.room));
    for (const room of rooms) {
      (server.io.to(room).emit as (event: string, payload: unknown) => boolean)('message', { probe: room });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const { principal, socket, room } of refusedRooms) {
      // A user's own room is joined at connect time, so a refused subscribe to it cannot exist.
      if (received.get(socket)!.has(room))
        violations.push(`socket of user ${principal} got an event of refused room ${room}`);
    }
    for (const { principal, socket, room } of allowedRooms) {
      if (!received.get(socket)!.has(room))
        violations.push(`socket of user ${principal} missed an event of its room ${room}`);
    }
    return all.length;
  }

  async function closeSockets() {
    for (const open of sockets.values()) (await open).socket?.close();
  }

  return { caller, object, call, emit, probeRooms, closeSockets };
}
