/**
 * Requests for the input attack suites: a valid request for every route of the inventory in a {@link World}
 * (the inventory's examples with the world's ids, accounts and tokens), the wire encodings (query, form, JSON,
 * multipart, each able to carry nested values, repeated keys and raw bytes), a raw HTTP sender that leaves paths
 * as written (`fetch` would resolve `../`), and the checks every answer must pass.
 */
import http from 'node:http';
import { DEFAULT_PASSWORD } from '../../helpers/factories.ts';
import { unsubscribeToken } from '@ecup/security';
import type { Credentials } from '../../helpers/http.ts';
import type { RouteEntry } from '../inventory-types.ts';
import type { UserName, World } from './input-world.ts';

/** A field value: anything JSON can carry, raw bytes (for invalid UTF-8), or a value computed when sent. */
export type Value = unknown;

/** A request before encoding. `body` entries keep their order; a repeated key is sent twice. */
export interface Request {
  method: string;
  /** The path template's parameters, already filled and encoded (a fuzzer may put raw `%00` or `../` here). */
  path: string;
  query: [string, Value][];
  body: [string, Value][];
  files: { field: string; name: string; type: string; data: Buffer }[];
  encoding: 'query' | 'form' | 'json' | 'multipart';
  headers: Record<string, string>;
  /** A body sent as these bytes instead of encoding `body` (wrong content types, broken JSON, invalid UTF-8). */
  raw?: Buffer;
}

/** A valid request for a route, and who sends it when the route has a natural caller. */
export interface ValidRequest {
  route: RouteEntry;
  key: string;
  caller: UserName | null;
  build(): Request;
}

export const routeKey = (route: Pick<RouteEntry, 'method' | 'path'>) => `${route.method} ${route.path}`;

interface Override {
  caller?: UserName | null;
  fields?: Record<string, Value | ((world: World) => Value)>;
  /** Fields of the inventory to leave out of the valid request. */
  omit?: string[];
  params?: Record<string, string>;
}

/** The world's values for the routes whose inventory examples are not valid in it. */
function overrides(world: World): Record<string, Override> {
  const { users, ids } = world;
  const game = (id: number) => ({ game_id: id });
  const admin = (id: number) => ({ id: String(id) });
  return {
    'POST /user/login': { caller: null, fields: { username: users.idle.username, password: DEFAULT_PASSWORD } },
    'GET /user/auth': { caller: 'player' },
    'POST /user/auth': {
      caller: 'player',
      fields: { id: users.player.id, token: () => users.player.auth.token },
    },
    'POST /user/logout': { caller: 'player' },
    'POST /user/signup': {
      caller: null,
      omit: ['guardian_email'],
      fields: { username: 'newcomer_1', email: 'newcomer.1@example.com', gamer_tag: 'Newcomer-1' },
    },
    'POST /user/profile/update': {
      caller: 'player',
      fields: { email: 'player.moved@example.com', current_password: DEFAULT_PASSWORD },
    },
    'POST /user/console/update': { caller: 'player' },
    'POST /user/privacy/update': { caller: 'player' },
    'POST /user/team/update': { caller: 'player' },
    'POST /user/profile_picture/set': { caller: 'player' },
    'POST /user/password/change': { caller: 'player', fields: { current_password: DEFAULT_PASSWORD } },
    'POST /user/forgot_password': {
      caller: null,
      fields: { username: users.resetting.username, email: users.resetting.email },
    },
    'GET /user/reset_password': {
      caller: null,
      fields: { id: world.reset.id, uid: world.reset.uid, token: world.reset.token },
    },
    'POST /user/reset_password': {
      caller: null,
      // The reset link's user id (`uid`) is a field of the form (domain validateResetPassword).
      fields: { id: world.reset.id, uid: world.reset.uid, token: world.reset.token },
    },
    'GET /user/email/confirm': { caller: null, fields: { ...world.emailChange.confirm } },
    'POST /user/email/confirm': { caller: null, fields: { ...world.emailChange.confirm } },
    'GET /user/email/undo': { caller: null, fields: { ...world.emailChange.undo } },
    'POST /user/email/undo': { caller: null, fields: { ...world.emailChange.undo } },
    'GET /guardian/confirm/:uid/:token': {
      caller: null,
      params: { uid: String(users.minor.id), token: world.guardianToken },
    },
    'GET /guardian/approval/:uid/:token': {
      caller: null,
      params: { uid: String(users.minor.id), token: world.guardianToken },
    },
    'POST /guardian/approval/:uid/:token': {
      caller: null,
      params: { uid: String(users.minor.id), token: world.guardianToken },
    },
    'POST /user/sessions/sign_out': { caller: 'player', fields: { session_id: ids.playerDevice } },
    'GET /user/guardian': { caller: 'minor' },
    'POST /unsubscribe': {
      caller: null,
      fields: { token: unsubscribeToken(world.server.config.unsubscribeKey, users.player.id, 'window_open') },
    },
    'POST /user/guardian/resend': { caller: 'minor' },
    'GET /news/get': { fields: { id: ids.news } },
    'POST /news/get': { fields: { id: ids.news } },
    'GET /images/:kind/:prefix/:file': {
      params: { kind: 'news', prefix: world.newsImage.slice(0, 2), file: `${world.newsImage}.jpg` },
    },
    'POST /user/pusher/auth': { caller: 'player', fields: { channel_name: `private-game-${ids.gamePlaying}` } },
    'GET /forums/posts': { fields: { thread_id: ids.thread } },
    'POST /forums/posts': { fields: { thread_id: ids.thread } },
    'GET /forums/posts/search': { fields: { thread_id: ids.thread, query: 'formation' } },
    'POST /forums/posts/search': { fields: { thread_id: ids.thread, query: 'formation' } },
    'POST /forums/new_post': { caller: 'player', fields: { thread_id: ids.thread } },
    'POST /forums/new_thread': { caller: 'player' },
    'POST /forums/thread/lock': { caller: 'moderator', fields: { thread_id: ids.thread } },
    'POST /forums/post/hide': { caller: 'moderator', fields: { post_id: ids.post } },
    'POST /forums/post/report': { caller: 'opponent', fields: { post_id: ids.post } },
    'POST /matchmaking/queue/enter': { caller: 'idle' },
    'POST /matchmaking/queue/keepalive': { caller: 'queued' },
    'POST /matchmaking/queue/leave': { caller: 'queued' },
    'POST /matchmaking/match/accept': { caller: 'matched1' },
    'POST /matchmaking/match/decline': { caller: 'matched1' },
    'GET /matchmaking/status': { caller: 'player' },
    'POST /matchmaking/status': { caller: 'player' },
    'GET /game/get_active': { caller: 'player' },
    'GET /game/get': { caller: 'player', fields: { id: ids.gamePlaying } },
    'POST /game/submit': { caller: 'player', fields: game(ids.gamePlaying) },
    'POST /game/confirm': { caller: 'submitted', fields: game(ids.gameSubmitted) },
    'POST /game/escalate': { caller: 'submitted', fields: game(ids.gameSubmitted) },
    'POST /game/dropped': {
      caller: 'player',
      fields: { ...game(ids.gamePlaying), dropped_user_id: users.opponent.id },
    },
    // Evidence goes with a submitted (or protested) result.
    'POST /game/upload_evidence': { caller: 'submitter', omit: ['photo'], fields: game(ids.gameSubmitted) },
    'POST /game/chat/send_message': { caller: 'player', fields: game(ids.gamePlaying) },
    'POST /game/report': { caller: 'player', omit: ['chat_message_id'], fields: game(ids.gamePlaying) },
    'GET /user/reports': { caller: 'player' },
    'POST /user/block': { caller: 'player', fields: { user_id: users.opponent.id } },
    // The world's one block: the victim blocked the idle player (their opponent in the conflict).
    'POST /user/unblock': { caller: 'victim', fields: { user_id: users.idle.id } },
    'GET /user/blocks': { caller: 'player' },
    'GET /user/warning': { caller: 'player' },
    'POST /user/warning/seen': { caller: 'player' },
    'POST /admin/games/edit': { caller: 'staff', omit: ['score_1', 'score_2'], fields: game(ids.gameConflict) },
    'GET /conflicts/list': { caller: 'player' },
    'POST /conflicts/list': { caller: 'player' },
    'POST /admin/api/auth/login': {
      caller: null,
      omit: ['code'],
      fields: { username: users.editor.username, password: DEFAULT_PASSWORD },
    },
    'POST /admin/api/auth/enrol/start': { caller: null, fields: { token: world.enrolmentToken } },
    'POST /admin/api/auth/enrol/finish': {
      caller: null,
      fields: {
        token: world.enrolmentToken,
        password: DEFAULT_PASSWORD,
        code: (w: World) => w.code(w.secrets.enrolling),
      },
    },
    'POST /admin/api/auth/totp/setup': { caller: 'editor' },
    'POST /admin/api/auth/totp/enable': {
      caller: 'enrolling',
      fields: { password: DEFAULT_PASSWORD, code: (w: World) => w.code(w.secrets.enrolling) },
    },
    'POST /admin/api/auth/totp/disable': {
      caller: 'totpStaff',
      fields: { password: DEFAULT_PASSWORD, code: (w: World) => w.code(w.secrets.totpStaff) },
    },
    'GET /admin/api/auth/me': { caller: 'staff' },
    'POST /admin/api/news-images': { caller: 'editor' },
    'GET /admin/api/users/:id': { caller: 'staff', params: admin(users.victim.id) },
    'PUT /admin/api/users/:id': {
      caller: 'moderator',
      omit: ['permanent', 'permissions'],
      params: admin(users.victim.id),
    },
    'GET /admin/api/ip-bans/:id': { caller: 'staff', params: admin(ids.ipBan) },
    'POST /admin/api/ip-bans': { caller: 'staff', fields: { address: '198.51.100.7' } },
    'DELETE /admin/api/ip-bans/:id': { caller: 'staff', params: admin(ids.ipBan) },
    'GET /admin/api/conflicts/:id': { caller: 'staff', params: admin(ids.gameConflict) },
    'PUT /admin/api/conflicts/:id': {
      caller: 'staff',
      omit: ['score_1', 'score_2'],
      params: admin(ids.gameConflict),
    },
    'GET /admin/api/news/:id': { caller: 'staff', params: admin(ids.news) },
    'POST /admin/api/news': { caller: 'editor', omit: ['image_hash'], fields: { image_hash: world.newsImage } },
    'PUT /admin/api/news/:id': { caller: 'editor', params: admin(ids.news) },
    'DELETE /admin/api/news/:id': { caller: 'editor', params: admin(ids.news) },
    'GET /admin/api/country-stats/:id': { caller: 'staff', params: admin(210) },
    'GET /admin/api/reports/:id': { caller: 'staff', params: admin(ids.gameReport) },
    'PUT /admin/api/reports/:id': { caller: 'moderator', params: admin(ids.gameReport) },
    'GET /admin/api/trophy-winners/:id': { caller: 'staff', params: admin(users.player.id) },
    'GET /admin/api/audit-log/:id': { caller: 'staff', params: admin(1) },
  };
}

/** Fills a koa-router template (`/a/:id`) with encoded parameters. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z_]+)/g, (_, name: string) => params[name] ?? '1');
}

/** The valid request of every route the app serves (the test clock's routes are left out). */
export function validRequests(world: World, routes: readonly RouteEntry[]): ValidRequest[] {
  const table = overrides(world);
  return routes
    .filter((route) => !route.testOnly)
    .map((route) => {
      const key = routeKey(route);
      const override = table[key] ?? {};
      const caller =
        override.caller !== undefined
          ? override.caller
          : route.auth === 'staff'
            ? 'staff'
            : route.auth === 'user'
              ? 'player'
              : null;
      return {
        route,
        key,
        caller,
        build(): Request {
          const params = { ...route.params, ...override.params };
          const query: [string, Value][] = [];
          const body: [string, Value][] = [];
          const files: Request['files'] = [];
          const omit = new Set(override.omit ?? []);
          const given = new Map(Object.entries(override.fields ?? {}));
          for (const [name, spec] of Object.entries(route.fields ?? {})) {
            if (omit.has(name)) continue;
            if (spec.type === 'file') {
              files.push({ field: name, name: 'photo.png', type: 'image/png', data: world.png });
              continue;
            }
            let value = given.has(name) ? given.get(name) : spec.example;
            given.delete(name);
            if (typeof value === 'function') value = (value as (w: World) => Value)(world);
            if (value === undefined) continue;
            (spec.in === 'query' ? query : body).push([name, value]);
          }
          // Fields the world needs that the inventory does not list go where the route reads its fields.
          const reads = route.method === 'GET' ? query : body;
          for (const [name, raw] of given) {
            const value = typeof raw === 'function' ? (raw as (w: World) => Value)(world) : raw;
            reads.push([name, value]);
          }
          const encoding: Request['encoding'] =
            route.method === 'GET' || route.method === 'DELETE'
              ? 'query'
              : files.length > 0 || route.body === 'multipart'
                ? 'multipart'
                : route.body === 'json'
                  ? 'json'
                  : 'form';
          return {
            method: route.method,
            path: fillPath(
              route.path,
              Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)])),
            ),
            query,
            body,
            files,
            encoding,
            headers: {},
          };
        },
      };
    });
}

// --- Encoding -------------------------------------------------------------------------------------------------

/** Flattens a value into qs-style pairs: `a[b]=1`, `a[]=1&a[]=2`; null is an empty value; raw bytes stay bytes. */
export function flatten(
  key: string,
  value: Value,
  out: [string, string | Buffer][] = [],
  depth = 0,
): [string, string | Buffer][] {
  if (value === undefined) return out;
  // Deeper than any parser reads (qs stops at 5): the rest is written as one bracketed key.
  if (depth > 64) {
    out.push([`${key}${'[]'.repeat(64)}`, '1']);
    return out;
  }
  if (Buffer.isBuffer(value)) out.push([key, value]);
  else if (value === null) out.push([key, '']);
  else if (Array.isArray(value)) {
    if (value.length === 0) out.push([`${key}[]`, '']);
    value.forEach((item) => flatten(`${key}[]`, item, out, depth + 1));
  } else if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) out.push([`${key}[]`, '']);
    for (const [k, v] of entries) flatten(`${key}[${k}]`, v, out, depth + 1);
  } else out.push([key, String(value)]);
  return out;
}

const percent = (part: string | Buffer) =>
  Buffer.isBuffer(part)
    ? [...part].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('')
    : encodeURIComponent(part);

/** `a=1&b=2` from pairs (keys taken as they are, so a fuzzer can put raw brackets or `%` in them). */
export function urlEncoded(pairs: [string, Value][], rawKeys = false): string {
  return pairs
    .flatMap(([key, value]) => flatten(key, value))
    .map(([k, v]) => `${rawKeys ? k : encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${percent(v)}`)
    .join('&');
}

/** A JSON text from pairs; a repeated key is written twice (JSON.parse keeps the last). */
export function jsonText(pairs: [string, Value][]): string {
  const encode = (value: Value): string =>
    Buffer.isBuffer(value) ? JSON.stringify(value.toString('latin1')) : (JSON.stringify(value) ?? 'null');
  return `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${encode(v)}`).join(',')}}`;
}

/** A multipart body; raw byte values are written as they are. */
export function multipart(pairs: [string, Value][], files: Request['files'], boundary: string): Buffer {
  const parts: Buffer[] = [];
  for (const [key, value] of pairs.flatMap(([k, v]) => flatten(k, v))) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/"/g, '%22')}"\r\n\r\n`),
    );
    parts.push(Buffer.isBuffer(value) ? value : Buffer.from(value));
    parts.push(Buffer.from('\r\n'));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name.replace(/"/g, '%22')}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** What goes on the wire: path with query, headers and body bytes. */
export interface Wire {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

let addressCounter = 0;

/** Encodes a request for `auth` (each request claims its own address: the API trusts the test's proxy header). */
export function toWire(request: Request, auth: Credentials | null): Wire {
  const n = addressCounter++;
  const headers: Record<string, string> = {
    'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    ...(auth ? { Authorization: `Bearer ${auth.id}:${auth.token}` } : {}),
  };
  const queryText = urlEncoded(request.query);
  const path = queryText === '' ? request.path : `${request.path}${request.path.includes('?') ? '&' : '?'}${queryText}`;
  let body: Buffer | undefined;
  if (request.raw !== undefined) body = request.raw;
  else if (request.encoding === 'json') {
    headers['Content-Type'] = 'application/json';
    body = Buffer.from(jsonText(request.body));
  } else if (request.encoding === 'form') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = Buffer.from(urlEncoded(request.body));
  } else if (request.encoding === 'multipart') {
    const boundary = `----ecupSecurity${n}`;
    headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
    body = multipart(request.body, request.files, boundary);
  }
  // An explicit header of the request (a wrong content type, a hostile Authorization) wins.
  for (const [name, value] of Object.entries(request.headers)) {
    for (const existing of Object.keys(headers))
      if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    if (value !== '') headers[name] = value;
  }
  return { method: request.method, path, headers, body };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** Sends bytes as they are (no URL normalisation); a connection error or a 30 s silence is status 0. */
export function send(base: string, wire: Wire, timeoutMs = 30_000): Promise<Answer> {
  const url = new URL(base);
  const started = Date.now();
  return new Promise((resolve) => {
    let request: http.ClientRequest;
    try {
      request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: wire.method,
          path: wire.path,
          headers: { ...wire.headers, ...(wire.body ? { 'Content-Length': String(wire.body.length) } : {}) },
          agent,
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= 4 * 1024 * 1024) chunks.push(chunk);
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString('utf8'),
              ms: Date.now() - started,
            }),
          );
          response.on('error', (error) =>
            resolve({ status: 0, headers: {}, text: `response error: ${error.message}`, ms: Date.now() - started }),
          );
        },
      );
    } catch (error) {
      // Node refuses to write it (a header with a control character): nothing reached the server.
      resolve({ status: -1, headers: {}, text: `not sendable: ${(error as Error).message}`, ms: 0 });
      return;
    }
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) =>
      resolve({ status: 0, headers: {}, text: `request error: ${error.message}`, ms: Date.now() - started }),
    );
    request.end(wire.body);
  });
}

/** Closes the sender's kept-alive connections (before the server closes). */
export function closeConnections(): void {
  agent.destroy();
}

// --- Checks ---------------------------------------------------------------------------------------------------

const LEAKS: { name: string; pattern: RegExp }[] = [
  {
    name: 'stack trace',
    pattern: /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/)?\/?[\w./@-]+\.(?:[cm]?[jt]s|tsx?):\d+(?::\d+)?\)?/,
  },
  { name: 'stack trace', pattern: /\bat (?:async )?\S+ \((?:node:|file:|\/)[^)]*\)/ },
  { name: 'SQL', pattern: /\b(?:SELECT\s[\s\S]{0,200}?\sFROM|INSERT\s+INTO|UPDATE\s+`?\w+`?\s+SET|DELETE\s+FROM)\b/i },
  { name: 'SQL', pattern: /\bER_[A-Z_]{3,}|sqlMessage|sqlState|You have an error in your SQL syntax/ },
  { name: 'internal path', pattern: /\/work\/|node_modules|\/home\/\w|\/tmp\/ecup|\/usr\/lib\/node|file:\/\/\// },
  { name: 'error internals', pattern: /\b(?:TypeError|ReferenceError|RangeError|SyntaxError): / },
];

/**
 * The violations in one answer: a 5xx (the status 0 of a dropped connection too), or a stack trace, SQL or an
 * internal path in the body that the request did not itself carry (an echoed naughty string is not a leak).
 */
export function checkAnswer(answer: Answer, sent: Wire): string[] {
  const found: string[] = [];
  if (answer.status === -1) return found;
  if (answer.status >= 500 || answer.status === 0) found.push(`status ${answer.status}: ${answer.text.slice(0, 300)}`);
  const echo = `${safeDecode(sent.path)}\n${sent.body ? sent.body.toString('utf8') : ''}\n${sent.body ? safeDecode(sent.body.toString('latin1')) : ''}`;
  for (const { name, pattern } of LEAKS) {
    const match = pattern.exec(answer.text);
    if (match && !echo.includes(match[0]) && !jsonEscapedEcho(match[0], echo)) {
      found.push(
        `${name} in the answer (${answer.status}): …${answer.text.slice(Math.max(0, match.index - 80), match.index + 160)}…`,
      );
    }
  }
  return found;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Whether a match is the JSON-escaped form of something the request carried (`\/` for `/`). */
function jsonEscapedEcho(match: string, echo: string): boolean {
  try {
    const unescaped = JSON.parse(`"${match.replace(/"/g, '\\"')}"`) as string;
    return echo.includes(unescaped);
  } catch {
    return false;
  }
}
