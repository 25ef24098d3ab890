/**
 * Suite 7, mass assignment: every write route of the inventory is sent its valid request, and then the
 * same request carrying every column of every table that request writes plus the fields an attacker wants
 * (`permissions`, `elo`, `banned`, `banned_until`, `id`, `user_id`, `state`, `submitted_user_id`,
 * `secured_trophies`, `guardian_confirmed_at`, …), as JSON, as a form, nested under `__proto__`, and (full size)
 * one at a time. Each run starts from the same database (restored, AUTO_INCREMENT included); the row diff of a
 * loaded request must be the plain request's diff. Violations: any other row or column written, a value that
 * differs, an intended change left out, or a plain request that cannot be reproduced.
 */
import { Redis } from 'ioredis';
import { ROUTES } from '../inventory.ts';
import type { Suite } from '../suite.ts';
import { compareDiffs, diff, restore, snapshot, tablesOf, type Diff, type TableInfo } from '../support/db-diff.ts';
import { startWorld, type World } from '../support/input-world.ts';
import {
  closeConnections,
  jsonText,
  send,
  toWire,
  validRequests,
  type Request,
  type ValidRequest,
  type Value,
} from '../support/input-requests.ts';

/** Fields every write route is tried with, besides the columns of the tables it writes. */
const ATTACKER_FIELDS = [
  'permissions',
  'elo',
  'banned',
  'banned_until',
  'ban_reason',
  'id',
  'user_id',
  'user_1_id',
  'user_2_id',
  'state',
  'submitted_user_id',
  'confirmed_user_id',
  'dropped_user_id',
  'solved_by_user_id',
  'claimed_by_user_id',
  'secured_trophies',
  'unsecured_trophies',
  'email_confirmed',
  'guardian_confirmed_at',
  'guardian_token_hash',
  'guardian_token_issued_at',
  'password_hash',
  'totp_enabled',
  'totp_secret',
  'totp_verified_at',
  'erased_at',
  'is_admin',
  'admin',
  'role',
  'wins',
  'games_played',
  'forum_post_count',
  'publisher_user_id',
  'created_by_user_id',
  'actor_user_id',
  'reporter_user_id',
  'hidden',
  'locked',
  'conflict',
  'conflict_solved',
  'season_id',
  'created_at',
  'updated_at',
];

/** Names a route reads under another spelling (the admin score edit, the IP ban's cidr, sign-in pairs). */
const ALIASES: Record<string, string[]> = {
  'POST /admin/games/edit': ['score_1', 'score_2'],
  'POST /admin/api/ip-bans': ['cidr'],
  'PUT /admin/api/conflicts/:id': ['score_1', 'score_2'],
  // docs/api.md: an article is updated "with any of" its create fields (react-admin sends the whole record).
  'PUT /admin/api/news/:id': ['excerpt', 'category_id', 'image_hash', 'published', 'published_at'],
};

/** Fields every route reads however it is called: the body credentials (docs/decisions.md#api-contract). */
const ALWAYS_READ = ['_u', '_t'];

/** A value an attacker would send for a column, by name first, then by type. */
function attackValue(
  world: World,
  name: string,
  column?: { dataType: string; columnType: string },
  asText = false,
): Value {
  const victim = world.users.victim.id;
  const byName: Record<string, Value> = {
    permissions: 127,
    elo: 9999,
    banned: true,
    id: 424242,
    user_id: victim,
    state: 'final',
    secured_trophies: 99,
    unsecured_trophies: 9,
    email_confirmed: true,
    totp_enabled: false,
    totp_secret: 'JBSWY3DPEHPK3PXP',
    is_admin: true,
    admin: true,
    role: 'admin',
    hidden: true,
    locked: true,
    conflict: true,
    conflict_solved: true,
    season_id: 1,
    password_hash: 'scrypt$1$8$1$c2FsdA==$aGFzaA==',
    guardian_token_hash: 'f'.repeat(64),
  };
  let value: Value;
  if (name in byName) value = byName[name];
  else if (/_id$/.test(name)) value = victim;
  else if (/_(at|until)$|_date$/.test(name) || ['datetime', 'timestamp', 'date'].includes(column?.dataType ?? '')) {
    value = '2031-02-03T04:05:06.000Z';
  } else if (column?.columnType === 'tinyint(1)') value = true;
  else if (
    ['int', 'tinyint', 'smallint', 'bigint', 'mediumint', 'decimal', 'double', 'float'].includes(column?.dataType ?? '')
  ) {
    value = 77;
  } else if (column?.dataType === 'enum') {
    const values = [...column.columnType.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
    value = values[values.length - 1] ?? 'mass assigned';
  } else if (/^\[|^\{/.test(name)) value = 'mass assigned';
  else value = 'mass assigned';
  if (asText) return typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  return value;
}

/**
 * A diff without the session's `last_seen_at` touch: the session middleware writes it on any signed-in request
 * once a minute has passed (api/src/middleware/auth.ts), so it depends on the time, not on the fields sent.
 */
function withoutSessionTouch(changes: Diff): Diff {
  const sessions = changes.get('sessions');
  if (!sessions) return changes;
  for (const [key, columns] of sessions.updated) {
    delete columns.last_seen_at;
    if (Object.keys(columns).length === 0) sessions.updated.delete(key);
  }
  if (sessions.inserted.size + sessions.deleted.size + sessions.updated.size === 0) changes.delete('sessions');
  return changes;
}

export const suite: Suite = {
  name: 'mass-assignment',
  description: 'every write route with every column of what it writes plus permissions, elo, banned, id, user_id',
  async run({ fast, log }) {
    const world = await startWorld('secmassassign');
    const violations: string[] = [];
    const figures = {
      'write routes checked': 0,
      'extra fields tried': 0,
      'requests sent': 0,
      'loaded requests refused (4xx, nothing written)': 0,
    };
    const refused: string[] = [];
    const redis = new Redis(world.server.config.redisUrl);
    try {
      const { knex } = world.server;
      const tables = await tablesOf(knex);
      const columnsOf = new Map(tables.map((t) => [t.name, t.columns] as const));
      const start = await snapshot(knex, tables);
      const prefix = world.server.config.redisPrefix;

      /** Rate-limit counters, used TOTP codes and set-up tokens: what would make the second run differ. */
      async function resetRedis(): Promise<void> {
        for (const pattern of ['rl:*', 'totp-*']) {
          let cursor = '0';
          do {
            const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}${pattern}`, 'COUNT', 500);
            cursor = next;
            if (keys.length > 0) await redis.del(...keys);
          } while (cursor !== '0');
        }
      }

      /** The state the last trial left (so the next restore need not read it again). */
      let last: Awaited<ReturnType<typeof snapshot>> | null = null;

      /** One run of a request from the starting state: its status and what it wrote. */
      async function trial(
        valid: ValidRequest,
        request: Request,
      ): Promise<{ status: number; text: string; diff: Diff; at: number }> {
        await restore(knex, tables, start, last);
        await resetRedis();
        const wire = toWire(
          { ...request, headers: { ...request.headers, 'X-Forwarded-For': '10.77.0.1' } },
          valid.caller ? world.users[valid.caller].auth : null,
        );
        const at = Date.now();
        const answer = await send(world.url, wire);
        figures['requests sent']++;
        last = await snapshot(knex, tables);
        return { status: answer.status, text: answer.text, diff: withoutSessionTouch(diff(start, last)), at };
      }

      const writes = validRequests(
        world,
        ROUTES.filter((route) => route.writes && !route.testOnly),
      );
      for (const valid of writes) {
        const plainRequest = valid.build();
        const plain = await trial(valid, plainRequest);
        if (plain.status >= 400 || plain.status === 0) {
          refused.push(`${valid.key} ${plain.status} ${plain.text.slice(0, 120)}`);
          violations.push(
            `${valid.key}: the valid request was refused (${plain.status} ${plain.text.slice(0, 160)}), so it cannot be checked`,
          );
          continue;
        }
        // The plain request must write the same twice, else no comparison means anything (checked up front in
        // the full run; in the fast run only when a loaded request differs).
        const reproducible = async () => {
          const again = await trial(valid, valid.build());
          const unstable = compareDiffs(plain.diff, again.diff, again.at - plain.at);
          if (unstable.length > 0) {
            violations.push(
              `${valid.key}: the plain request does not write the same twice: ${unstable.slice(0, 3).join('; ')}`,
            );
          }
          return unstable.length === 0;
        };
        if (!fast && !(await reproducible())) continue;
        figures['write routes checked']++;

        // The fields to add: every column of every table the plain request wrote, and the attacker's list,
        // less the fields the route reads itself.
        const own = new Set([
          ...Object.keys(valid.route.fields ?? {}),
          ...plainRequest.body.map(([k]) => k),
          ...plainRequest.query.map(([k]) => k),
          ...(ALIASES[valid.key] ?? []),
          ...ALWAYS_READ,
        ]);
        const columns = new Map<string, TableInfo['columns'][number]>();
        for (const table of plain.diff.keys())
          for (const column of columnsOf.get(table) ?? []) columns.set(column.name, column);
        const extras = [...new Set([...columns.keys(), ...ATTACKER_FIELDS])].filter((name) => !own.has(name));
        figures['extra fields tried'] += extras.length;

        const loaded = (asText: boolean): [string, Value][] =>
          extras.map((name) => [name, attackValue(world, name, columns.get(name), asText)]);
        const variants: { label: string; request: Request }[] = [];
        const reads = plainRequest.encoding === 'query' ? 'query' : 'body';
        const fields = plainRequest[reads];
        variants.push({
          label: `every extra field (${plainRequest.encoding})`,
          request: { ...plainRequest, [reads]: [...fields, ...loaded(plainRequest.encoding !== 'json')] },
        });
        if (plainRequest.method !== 'GET') {
          const hostile = Object.fromEntries(loaded(false));
          const base = jsonText(fields).slice(1, -1);
          variants.push({
            label: 'every extra field under __proto__ and constructor.prototype (JSON)',
            request: {
              ...plainRequest,
              query: reads === 'query' ? [] : plainRequest.query,
              headers: { 'Content-Type': 'application/json' },
              raw: Buffer.from(
                `{${base}${base ? ',' : ''}"__proto__":${JSON.stringify(hostile)},"constructor":{"prototype":${JSON.stringify(hostile)}}}`,
              ),
            },
          });
        }
        if (!fast) {
          for (const other of ['json', 'form'] as const) {
            if (other === plainRequest.encoding || plainRequest.method === 'GET' || plainRequest.files.length > 0)
              continue;
            variants.push({
              label: `every extra field (${other} body)`,
              request: {
                ...plainRequest,
                query: reads === 'query' ? [] : plainRequest.query,
                encoding: other,
                body: [...fields, ...loaded(other === 'form')],
              },
            });
          }
          variants.push({
            label: `every extra field as __proto__[name] (${plainRequest.encoding})`,
            request: {
              ...plainRequest,
              [reads]: [...fields, ...loaded(true).map(([k, v]): [string, Value] => [`__proto__[${k}]`, v])],
            },
          });
          for (const [name, value] of loaded(plainRequest.encoding !== 'json')) {
            variants.push({
              label: `${name}=${JSON.stringify(value)}`,
              request: { ...plainRequest, [reads]: [...fields, [name, value]] },
            });
          }
        }
        for (const { label, request } of variants) {
          const result = await trial(valid, request);
          // Refusing the loaded request outright (a 4xx that writes nothing) is as safe as ignoring the extras.
          if (result.status >= 400 && result.status < 500 && result.diff.size === 0) {
            figures['loaded requests refused (4xx, nothing written)']++;
            log(`${valid.key} with ${label}: refused ${result.status} ${result.text.slice(0, 100)}`);
            continue;
          }
          const problems = compareDiffs(plain.diff, result.diff, result.at - plain.at);
          if (problems.length > 0 && fast && !(await reproducible())) break;
          if (result.status !== plain.status) {
            problems.unshift(`answered ${result.status} (plain ${plain.status}): ${result.text.slice(0, 160)}`);
          }
          for (const problem of problems.slice(0, 10)) violations.push(`${valid.key} with ${label}: ${problem}`);
        }
        log(`${valid.key}: ${extras.length} extra fields, ${variants.length} loaded requests`);
      }
      await restore(knex, tables, start);
      violations.push(...world.errors);
    } finally {
      redis.disconnect();
      closeConnections();
      await world.close();
    }
    return {
      figures: {
        ...figures,
        'write routes in the inventory': ROUTES.filter((r) => r.writes && !r.testOnly).length,
        ...(refused.length > 0 ? { 'valid requests refused': refused.join(' | ') } : {}),
      },
      violations,
    };
  },
};
