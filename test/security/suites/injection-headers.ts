/**
 * Security suite 8: injection and headers.
 * - Every answer (API JSON, errors, the player app and console with their scripts, styles and fonts, images,
 *   socket.io's polling transport) carries a Content-Security-Policy whose script-src allows neither inline scripts
 *   nor eval, `X-Content-Type-Options: nosniff`, a Referrer-Policy, and no `X-Powered-By` or `Server` banner; the
 *   player home, /play and the console load in Chromium with no CSP violation.
 * - Foreign origins cannot change state: every write route answers 403 to `Origin: https://evil.example`,
 *   `Origin: null` and `Sec-Fetch-Site: cross-site`, and stores nothing; same-origin, PUBLIC_URL and Origin-less
 *   (CLI, tests) requests pass the gate; the socket.io handshake refuses a foreign origin on both transports.
 * - SQL: a handful of metacharacter probes (fast); sqlmap at level 3, risk 2 over every parameter of every route
 *   with the route's principal's credentials (full size only): 0 injectable.
 * - `npm audit --omit=dev --audit-level=high`: no high or critical finding (full size only).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { ALL_PERMISSIONS, MESSAGES } from '@ecup/domain';
import { createAdminSession, createSession } from '@ecup/db';
import { ROUTES } from '../inventory.ts';
import type { RouteEntry } from '../inventory-types.ts';
import { encodeBody, routeExample, type ExampleRequest } from '../support/route-examples.ts';
import { startWorld, type World } from '../support/input-world.ts';
import type { Suite, SuiteOptions, SuiteReport } from '../suite.ts';
import { startProduct } from '../../helpers/product.ts';
import { launchBrowser } from '../../helpers/browser.ts';
import { buildUser, pngImage } from '../../helpers/factories.ts';

const EVIL = 'https://evil.example';
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
/** SQL metacharacter payloads of the fast probes. */
const PAYLOADS = [
  "' OR '1'='1",
  "' OR 1=1 -- ",
  '" OR ""="',
  "x%' OR 'a'='a",
  "1' UNION SELECT email,password_hash FROM users -- ",
  "'; DROP TABLE users; -- ",
  '\\',
  '1 AND SLEEP(3)',
];
const SQL_LEAK = /\b(SQL syntax|mysql|mariadb|ER_[A-Z_]+|knex|SELECT .* FROM|sqlMessage)\b/i;

interface Probe {
  label: string;
  status: number;
  headers: Headers;
  body: string;
}

/** The header rules of every answer; one violation line per broken rule. */
export function headerViolations(label: string, headers: Headers): string[] {
  const out: string[] = [];
  const csp = headers.get('content-security-policy');
  if (!csp) out.push(`${label}: no Content-Security-Policy`);
  else {
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name.toLowerCase(), values] as const;
      }),
    );
    const scripts = directives.get('script-src') ?? directives.get('default-src');
    if (!scripts) out.push(`${label}: CSP has neither script-src nor default-src`);
    else if (scripts.some((v) => /^'unsafe-(inline|eval|hashes)'$|^\*$|^https?:$|^data:$/i.test(v)))
      out.push(`${label}: CSP script-src allows ${scripts.join(' ')}`);
    if (!directives.get('object-src')?.includes("'none'")) out.push(`${label}: CSP object-src is not 'none'`);
    if (!directives.has('frame-ancestors')) out.push(`${label}: CSP has no frame-ancestors`);
  }
  if (headers.get('x-content-type-options')?.toLowerCase() !== 'nosniff') out.push(`${label}: no nosniff`);
  if (!headers.get('referrer-policy')) out.push(`${label}: no Referrer-Policy`);
  for (const banner of ['x-powered-by', 'server', 'x-aspnet-version', 'x-runtime'])
    if (headers.has(banner)) out.push(`${label}: version banner ${banner}: ${headers.get(banner)}`);
  return out;
}

async function probe(url: string, label: string, init: RequestInit = {}): Promise<Probe> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const body = await response.text();
  return { label, status: response.status, headers: response.headers, body };
}

/** The id an object of the world has, for a field that names one (valid requests for sqlmap and the gate). */
function objectId(world: World, kind: string): string {
  const { ids, users } = world;
  const table: Record<string, string | number> = {
    game: ids.gamePlaying,
    thread: ids.thread,
    post: ids.post,
    news: ids.news,
    'ip-ban': ids.ipBan,
    session: ids.playerDevice,
    conflict: ids.gameConflict,
    report: ids.gameReport,
    'admin-user': users.victim.id,
    'guardian-link': users.minor.id,
    'forum-category': 0,
    country: 0,
    'trophy-winner': users.player.id,
    'audit-entry': 1,
    user: users.player.id,
  };
  return String(table[kind] ?? 1);
}

/** A valid request of a route in the world (the inventory's examples with the world's ids). */
export function exampleRequest(world: World, route: RouteEntry): ExampleRequest {
  const request = routeExample(route, (kind) => objectId(world, kind), {
    ...(route.path.startsWith('/guardian/') ? { ':token': world.guardianToken } : {}),
    // A wrong current password: sqlmap's many requests must not change the password and end the session.
    ...(route.path === '/user/password/change' ? { current_password: 'not the password' } : {}),
  });
  return request;
}

/** Credentials of the principal a route is meant for: staff for the console's API, the player otherwise. */
function principalFor(world: World, route: RouteEntry) {
  if (route.auth === 'none') return world.users.player.auth;
  return route.path.startsWith('/admin/') ? world.users.staff.auth : world.users.player.auth;
}

// --- a) headers ------------------------------------------------------------------------------------------------

async function checkHeaders(world: World, violations: string[]): Promise<number> {
  const base = world.url;
  const auth = world.users.player.auth;
  const bearer = { Authorization: `Bearer ${auth.id}:${auth.token}` };
  const probes: Promise<Probe>[] = [
    probe(`${base}/season/current`, 'API JSON'),
    probe(`${base}/user/auth`, 'API 401'),
    probe(`${base}/no/such/route`, 'API 404'),
    probe(`${base}/admin/api/no-such`, 'admin API 404', { headers: bearer }),
    probe(`${base}/user/login`, 'API 400 (broken JSON)', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":',
    }),
    probe(`${base}/game/get?id=1`, 'API JSON signed in', { headers: bearer }),
    probe(`${base}/health`, 'health'),
    probe(`${base}/metrics`, 'metrics'),
    probe(`${base}/images/avatar_small/ab/ab${'0'.repeat(30)}.jpg`, 'placeholder image'),
    probe(`${base}/images/news/${world.newsImage.slice(0, 2)}/${world.newsImage}.jpg`, 'stored image'),
    probe(`${base}/guardian/confirm/${world.users.minor.id}/${world.guardianToken}`, 'guardian HTML page'),
    probe(`${base}/socket.io/?EIO=4&transport=polling`, 'socket.io polling handshake'),
    probe(`${base}/socket.io/?EIO=4&transport=polling&sid=nope`, 'socket.io polling error'),
    probe(`${base}/`, 'player app index.html'),
    probe(`${base}/play`, 'player app /play'),
    probe(`${base}/admin/`, 'console index.html'),
    probe(`${base}/admin`, 'console redirect'),
    probe(`${base}/assets/missing-file.js`, 'missing asset'),
  ];
  // The built apps' scripts, styles and a font, named by their index.html and stylesheet.
  for (const [dir, prefix] of [
    ['player-web', '/'],
    ['admin-web', '/admin/'],
  ] as const) {
    const dist = path.join(ROOT, dir, 'dist');
    if (!existsSync(path.join(dist, 'index.html'))) {
      violations.push(`${dir}/dist is not built: run npm run build:web:if-needed`);
      continue;
    }
    const html = await readFile(path.join(dist, 'index.html'), 'utf8');
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (!/\bsrc=/.test(match[1]!) || match[2]!.trim() !== '')
        violations.push(`${dir}/dist/index.html has an inline script: ${match[0].slice(0, 120)}`);
    }
    if (/\son[a-z]+\s*=/i.test(html)) violations.push(`${dir}/dist/index.html has an inline event handler`);
    const assets = await readdir(path.join(dist, 'assets'));
    for (const pick of [/\.js$/, /\.css$/, /\.woff2$/]) {
      const file = assets.find((f) => pick.test(f));
      if (file) probes.push(probe(`${base}${prefix}assets/${file}`, `${dir} asset ${file}`));
    }
  }
  // Every route of the inventory, anonymously (most answer 401/403/404; the headers must be there all the same).
  for (const route of ROUTES) {
    if (route.testOnly) continue;
    const request = exampleRequest(world, route);
    const url = new URL(request.pathname, base);
    for (const [k, v] of request.query) url.searchParams.set(k, v);
    const init: RequestInit = { method: route.method };
    if (route.method !== 'GET') {
      const body = encodeBody(route, request.body);
      init.headers = { 'Content-Type': body.type };
      init.body = body.text;
    }
    probes.push(probe(url.href, `${route.method} ${route.path} (anonymous)`, init));
  }
  const answers = await Promise.all(probes);
  for (const answer of answers) {
    violations.push(...headerViolations(`${answer.label} [${answer.status}]`, answer.headers));
    if (answer.status >= 500) violations.push(`${answer.label}: ${answer.status}`);
  }
  return answers.length;
}

/** The inline script the browser check plants as its control, and the hash Chromium names when it blocks it. */
const CONTROL_SCRIPT = 'window.__ran = true';
const CONTROL_HASH = createHash('sha256').update(CONTROL_SCRIPT).digest('base64');

interface Site {
  url: string;
  player: { id: number; token: string };
  staff: { id: number; token: string };
}

/**
 * The player home, /play, the ranking and the console in Chromium, signed in (so the pages render their data):
 * CSP violations (`securitypolicyviolation`) and console errors that name the policy. The fast size uses the
 * suite's own API (it serves the same built apps); the full size starts the whole product (`npm start`).
 */
export async function checkBrowser(site: Site | null, violations: string[], log: SuiteOptions['log']): Promise<number> {
  const product = site ? null : await startProduct('csp', { WORKER: 'off', SEED_DEMO: 'off' });
  const browser = await launchBrowser();
  let pages = 0;
  let images = 0;
  try {
    let target = site;
    if (!target) {
      const knex = product!.knex;
      const player = await buildUser(knex, {});
      const staff = await buildUser(knex, { permissions: ALL_PERMISSIONS });
      const playerSession = await createSession(knex, { user_id: player.id, ip: null, user_agent: null });
      const staffSession = await createAdminSession(knex, {
        user_id: staff.id,
        ip: null,
        user_agent: null,
        second_factor: true,
        now: new Date(),
      });
      // An article with an uploaded image, so the home page shows an image of our own under the CSP.
      const upload = new FormData();
      upload.append('image', new Blob([new Uint8Array(await pngImage())], { type: 'image/png' }), 'news.png');
      const uploaded = await fetch(`${product!.url}/admin/api/news-images`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${staff.id}:${staffSession.result.token}` },
        body: upload,
      });
      const { image_hash } = (await uploaded.json()) as { image_hash: string };
      await knex('news').insert({
        title: 'Finals in Gothenburg',
        content: '<p>The finals are on.</p>',
        excerpt: 'The finals are on.',
        category_id: 0,
        image_hash,
        published: true,
        published_at: new Date(Date.now() - 60_000),
        publisher_user_id: staff.id,
      });
      target = {
        url: product!.url,
        player: { id: player.id, token: playerSession.result.token },
        staff: { id: staff.id, token: staffSession.result.token },
      };
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(
      ({ p, s }) => {
        localStorage.setItem('ecup.id', String(p.id));
        localStorage.setItem('ecup.token', p.token);
        localStorage.setItem('ecup.admin.id', String(s.id));
        localStorage.setItem('ecup.admin.token', s.token);
        document.addEventListener('securitypolicyviolation', (event) => {
          const w = window as unknown as { __csp?: string[] };
          (w.__csp ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
        });
      },
      { p: target.player, s: target.staff },
    );
    const visit = async (path: string, ready: string) => {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes(CONTROL_HASH)) return;
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
          problems.push(`console: ${message.text().slice(0, 300)}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message.slice(0, 300)}`));
      const response = await page.goto(`${target.url}${path}`, { waitUntil: 'load' });
      if (!response?.headers()['content-security-policy']) problems.push('no CSP header on the document');
      await page.waitForSelector(ready, { timeout: 15_000 }).catch(() => problems.push(`${ready} never rendered`));
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
      if (path === '/') {
        // The control: an inline script planted in the page must be blocked and reported, or the listener is deaf.
        const planted = await page.evaluate(async (control) => {
          const w = window as unknown as { __csp?: string[]; __ran?: boolean };
          const before = w.__csp?.length ?? 0;
          const script = document.createElement('script');
          script.textContent = control;
          document.body.append(script);
          await new Promise((resolve) => setTimeout(resolve, 200));
          const seen = (w.__csp ?? []).slice(before);
          w.__csp = (w.__csp ?? []).slice(0, before);
          return { ran: Boolean(w.__ran), reported: seen.length };
        }, CONTROL_SCRIPT);
        if (planted.ran || planted.reported === 0)
          problems.push(`a planted inline script ran=${planted.ran}, reported=${planted.reported}`);
      }
      // Images come from our own origin: none may be blocked (a broken image is what a too-strict img-src shows).
      const broken = await page.evaluate(async () => {
        const images = [...document.images];
        await Promise.all(images.map((img) => (img.complete ? null : img.decode().catch(() => null))));
        return images.filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src);
      });
      for (const src of broken) problems.push(`image did not load: ${src}`);
      const shown = (await page.evaluate(() => document.images.length)) - broken.length;
      images += shown;
      const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
      for (const line of [...csp.map((c) => `CSP violation: ${c}`), ...problems])
        violations.push(`Chromium ${path}: ${line}`);
      pages++;
      await page.close();
    };
    const paths = [
      // The home page's latest news carry an uploaded image (the world's article; the product's demo seed).
      ['/', 'main img'],
      ['/play', 'main'],
      ['/admin/', '#root *'],
      ['/admin/#/users', '#root *'],
      ...(site
        ? []
        : [
            ['/ranking', 'main'],
            ['/forums', 'main'],
            ['/admin/#/news/create', '#root *'],
            ['/admin/#/conflicts', '#root *'],
          ]),
    ];
    await Promise.all(paths.map(([path, ready]) => visit(path!, ready!)));
    await context.close();
    log(`Chromium: ${pages} pages loaded under the CSP, ${images} images shown`);
  } finally {
    await browser.close();
    await product?.stop();
  }
  return pages;
}

// --- b) foreign origins ----------------------------------------------------------------------------------------

async function checkOrigins(
  world: World,
  fast: boolean,
  violations: string[],
): Promise<{ routes: number; requests: number }> {
  const writes = ROUTES.filter((r) => !r.testOnly && (r.writes || r.method !== 'GET'));
  let requests = 0;
  const foreign: Record<string, string>[] = [
    { Origin: EVIL },
    { Origin: 'null' },
    { 'Sec-Fetch-Site': 'cross-site' },
    ...(fast
      ? []
      : [
          { Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' },
          { Origin: `${EVIL}:${new URL(world.url).port}` },
          { Origin: `http://127.0.0.1.evil.example:${new URL(world.url).port}` },
          { Origin: world.url, 'Sec-Fetch-Site': 'cross-site' },
        ]),
  ];
  const checkRoute = async (route: RouteEntry) => {
    const request = exampleRequest(world, route);
    const url = new URL(request.pathname, world.url);
    for (const [k, v] of request.query) url.searchParams.set(k, v);
    const body = encodeBody(route, request.body);
    const auth = principalFor(world, route);
    const send = async (method: string, headers: Record<string, string>, signedIn = true, valid = true) => {
      requests++;
      return probe(url.href, `${method} ${route.path}`, {
        method,
        headers: {
          'Content-Type': body.type,
          ...(signedIn ? { Authorization: `Bearer ${auth.id}:${auth.token}` } : {}),
          ...headers,
        },
        body: valid ? body.text : route.body === 'json' ? '{}' : '',
      });
    };
    const refusals = [...new Set([route.method, 'POST'])].flatMap((method) =>
      foreign.map(async (headers) => {
        const answer = await send(method, headers);
        if (answer.status !== 403 || !answer.body.includes(MESSAGES.foreignOrigin))
          violations.push(
            `${method} ${route.path} with ${JSON.stringify(headers)}: ${answer.status} ${answer.body.slice(0, 120)}`,
          );
      }),
    );
    await Promise.all(refusals);
    // The product's own page (a valid request), the public origin and non-browser clients (an empty body, which
    // is refused later, by validation) pass the gate. Routes that end the session are sent without credentials
    // so the principals stay signed in.
    const signedIn = !route.endsSession;
    for (const [headers, valid] of [
      [{ Origin: world.url, 'Sec-Fetch-Site': 'same-origin' }, true],
      [{ Origin: world.url }, false],
      [{ Origin: world.server.config.publicUrl }, false],
      [{}, false],
    ] as const) {
      const answer = await send(route.method, headers, signedIn, valid);
      if (answer.body.includes(MESSAGES.foreignOrigin) || answer.status >= 500)
        violations.push(`${route.method} ${route.path} with ${JSON.stringify(headers)} was refused: ${answer.status}`);
    }
  };
  for (let i = 0; i < writes.length; i += 8) {
    await Promise.all(writes.slice(i, i + 8).map(checkRoute));
    await world.repair();
  }
  // A refused request stored nothing (the forum thread of the inventory's example, sent from evil.example).
  const created = await fetch(new URL('/forums/new_thread', world.url), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: EVIL,
      Authorization: `Bearer ${world.users.opponent.auth.id}:${world.users.opponent.auth.token}`,
    },
    body: new URLSearchParams({ category_id: '1', title: 'From evil', message: 'posted by another site' }),
  });
  requests++;
  await created.body?.cancel();
  if ((await world.server.knex('forum_threads').where('title', 'From evil').first()) !== undefined)
    violations.push(`a forum thread posted from ${EVIL} was stored`);
  return { routes: writes.length, requests };
}

/** The socket.io handshake from a foreign origin, on both transports; same origin and no Origin connect. */
async function checkSocketOrigins(world: World, violations: string[]): Promise<number> {
  const auth = world.users.player.auth;
  const attempt = (transport: 'websocket' | 'polling', origin: string | null) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(world.url, {
        path: '/socket.io',
        auth: { id: auth.id, token: auth.token },
        transports: [transport],
        reconnection: false,
        timeout: 5000,
        extraHeaders: origin ? { Origin: origin } : {},
      });
      socket.once('connect', () => {
        socket.close();
        resolve(true);
      });
      socket.once('connect_error', () => {
        socket.close();
        resolve(false);
      });
    });
  let tried = 0;
  for (const transport of ['websocket', 'polling'] as const) {
    for (const origin of [EVIL, 'null']) {
      tried++;
      if (await attempt(transport, origin))
        violations.push(`socket.io ${transport} handshake from ${origin} connected`);
    }
    for (const origin of [world.url, null]) {
      tried++;
      if (!(await attempt(transport, origin)))
        violations.push(`socket.io ${transport} handshake from ${origin ?? 'no Origin'} was refused`);
    }
  }
  return tried;
}

// --- c) SQL injection ------------------------------------------------------------------------------------------

/** Metacharacters in the parameters that reach SQL (fast size): no 5xx, no SQL text, no widened answer. */
async function sqlProbes(world: World, violations: string[]): Promise<number> {
  const staff = world.users.staff.auth;
  const player = world.users.player.auth;
  const as = (a: { id: number; token: string }) => ({ Authorization: `Bearer ${a.id}:${a.token}` });
  const cases: { label: string; url: string; init?: RequestInit; check?: (body: unknown) => string | null }[] = [];
  const get = (p: string, query: Record<string, string>, headers: Record<string, string> = {}) => {
    const url = new URL(p, world.url);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return { url: url.href, init: { headers } };
  };
  for (const payload of PAYLOADS) {
    cases.push({
      label: `ranking search ${payload}`,
      ...get('/ranking/list', { search: payload }),
      check: (b) =>
        (b as { total?: number }).total ? `ranking search widened to ${(b as { total: number }).total}` : null,
    });
    cases.push({
      label: `thread search ${payload}`,
      ...get('/forums/threads/search', { category_id: '0', query: payload }),
      check: (b) => ((b as { threads?: unknown[] }).threads?.length ? 'thread search widened' : null),
    });
    cases.push({ label: `news id ${payload}`, ...get('/news/get', { id: `1${payload}` }) });
    cases.push({ label: `game id ${payload}`, ...get('/game/get', { id: `1${payload}` }, as(player)) });
    cases.push({
      label: `admin users q ${payload}`,
      ...get('/admin/api/users', { filter: JSON.stringify({ q: payload }) }, as(staff)),
      check: (b) => (Array.isArray(b) && b.length > 0 ? `admin q widened to ${b.length}` : null),
    });
    cases.push({
      label: `admin users sort ${payload}`,
      ...get('/admin/api/users', { sort: JSON.stringify([`id${payload}`, 'ASC']) }, as(staff)),
    });
    cases.push({
      label: `admin users sort direction ${payload}`,
      ...get('/admin/api/users', { sort: JSON.stringify(['id', `ASC${payload}`]) }, as(staff)),
    });
    cases.push({
      label: `login ${payload}`,
      url: new URL('/user/login', world.url).href,
      init: {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': `198.51.100.${cases.length % 250}`,
        },
        body: new URLSearchParams({ username: `admin${payload}`, password: payload }).toString(),
      },
      check: (b) => ((b as { token?: string }).token ? 'signed in with an injected username' : null),
    });
  }
  const started = Date.now();
  for (const c of cases) {
    const answer = await probe(c.url, c.label, c.init);
    if (answer.status >= 500) violations.push(`${c.label}: ${answer.status}`);
    // An error may name the field it refused, payload and all; SQL is whatever else the answer carries.
    let rest = answer.body;
    for (const payload of PAYLOADS)
      rest = rest.split(payload).join('').split(JSON.stringify(payload).slice(1, -1)).join('');
    if (SQL_LEAK.test(rest)) violations.push(`${c.label}: SQL in the answer: ${answer.body.slice(0, 200)}`);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      parsed = null;
    }
    const problem = c.check?.(parsed);
    if (problem && answer.status < 400) violations.push(`${c.label}: ${problem}`);
  }
  // SLEEP(3) in eight parameters would take 24 s: a time-based injection shows up as a slow run.
  if (Date.now() - started > 20_000) violations.push(`the SQL probes took ${Date.now() - started} ms (SLEEP ran?)`);
  return cases.length;
}

interface SqlmapResult {
  routes: number;
  params: number;
  /** Parameters sqlmap reports having tested (its own output). */
  tested: number;
  /** Candidates sqlmap itself rejected as false positives. */
  discarded: number;
  injectable: string[];
  runs: number;
}

function runSqlmap(args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}

/** sqlmap at level 3, risk 2 over every parameter of every route, a few routes at a time (full size). */
async function sqlmapAll(world: World, log: SuiteOptions['log'], violations: string[]): Promise<SqlmapResult> {
  const output = await mkdtemp(path.join(os.tmpdir(), 'ecup-sqlmap-'));
  const result: SqlmapResult = { routes: 0, params: 0, tested: 0, discarded: 0, injectable: [], runs: 0 };
  // sqlmap's thousands of requests would hit the sign-in, forum and report limits and see only 429s: the
  // limit counters are cleared while it runs, so every payload reaches the code behind them.
  const redis = world.server.deps.redis;
  const clearing = setInterval(() => {
    void (async () => {
      const keys = await redis.keys(`${world.server.config.redisPrefix}rl:*`);
      const own = keys.map((k) => k.slice(world.server.config.redisPrefix.length));
      if (own.length > 0) await redis.del(...own);
    })().catch(() => undefined);
  }, 250);
  const jobs: (() => Promise<void>)[] = [];
  // SQLMAP_FROM=n starts at the n-th sqlmap run (in route order; the progress lines count finished runs, two at a
  // time, so start a little before the last one printed) to finish a long run that was cut off.
  const from = Math.max(1, Number(process.env.SQLMAP_FROM ?? 1) || 1);
  for (const route of ROUTES) {
    if (route.testOnly) continue;
    const request = exampleRequest(world, route);
    const names = [...request.query, ...request.body].map(([name]) => name);
    if (names.length === 0 && request.params.length === 0) continue;
    result.routes++;
    result.params += names.length + request.params.length;
    const auth = principalFor(world, route);
    const common = [
      '--batch',
      '--level=3',
      '--risk=2',
      '--flush-session',
      '--disable-coloring',
      `--output-dir=${output}`,
      '--time-sec=2',
      '--timeout=15',
      '--retries=1',
      '--threads=2',
      '--ignore-code=401,403,404,409,429',
      '--skip-waf',
      `-H`,
      `Authorization: Bearer ${auth.id}:${auth.token}`,
      '-H',
      'X-Forwarded-For: 192.0.2.77',
    ];
    const url = new URL(request.pathname, world.url);
    for (const [k, v] of request.query) url.searchParams.set(k, v);
    const body = encodeBody(route, request.body);
    const bodyArgs =
      route.method === 'GET'
        ? []
        : [`--method=${route.method}`, `--data=${body.text}`, '-H', `Content-Type: ${body.type}`];
    const label = `${route.method} ${route.path}`;
    if (names.length > 0) {
      jobs.push(async () => {
        const out = await runSqlmap([...common, '-u', url.href, ...bodyArgs, `-p`, names.join(',')], 20 * 60_000);
        result.runs++;
        inspect(label, names.join(','), out);
      });
    }
    if (request.params.length > 0) {
      // Path parameters: sqlmap's custom injection mark after each value.
      const marked = new URL(
        route.path.replace(/:(\w+)/g, (_, name: string) => {
          const value = exampleRequest(world, route).pathname.split('/')[route.path.split('/').indexOf(`:${name}`)];
          return `${value}*`;
        }),
        world.url,
      );
      for (const [k, v] of request.query) marked.searchParams.set(k, v);
      jobs.push(async () => {
        const out = await runSqlmap([...common, '-u', marked.href.replace(/%2A/g, '*'), ...bodyArgs], 20 * 60_000);
        result.runs++;
        inspect(label, request.params.join(','), out);
      });
    }
  }
  function inspect(label: string, params: string, out: string) {
    // sqlmap's verdict is its summary of confirmed injection points; a candidate it reports on the way ("appears to
    // be … injectable") and then rejects as a false positive (time-based tests on a loaded machine) is not one.
    const found = [...out.matchAll(/Parameter: ([^\n]+)\n\s+Type: ([^\n]+)/g)].map((m) => `${m[1]} (${m[2]})`);
    result.discarded += [...out.matchAll(/false positive or unexploitable injection point detected/g)].length;
    if (found.length > 0 || /identified the following injection point/i.test(out)) {
      result.injectable.push(`${label}: ${found.join('; ') || 'injectable'}`);
      violations.push(`sqlmap: ${label} [${params}] is injectable: ${found.join('; ')}`);
    }
    if (/connection refused|unable to connect/i.test(out)) violations.push(`sqlmap: ${label}: could not reach the API`);
    // What sqlmap says it tested, so a parameter it never reached is a violation rather than a silent pass.
    const tested = new Set(
      [...out.matchAll(/parameter '([^']+)' (?:does not seem to be|is '[^']*') injectable/gi)].map((m) => m[1]!),
    );
    for (const m of found) tested.add(m);
    result.tested += tested.size;
    if (tested.size === 0 || /no parameter\(s\) found|are not present within the given request/i.test(out))
      violations.push(`sqlmap: ${label} [${params}]: no parameter was tested: ${out.split('\n').slice(-4).join(' ')}`);
    log(
      `sqlmap ${result.runs}/${jobs.length}: ${label} [${params}] ${found.length > 0 ? 'INJECTABLE' : `clean (${tested.size} tested)`}`,
    );
  }
  const parallel = Math.max(2, Math.min(4, os.cpus().length));
  let next = Math.min(from - 1, jobs.length);
  result.runs = next;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        await job();
        await world.repair();
      }
    }),
  );
  clearInterval(clearing);
  await rm(output, { recursive: true, force: true });
  return result;
}

// --- d) npm audit ----------------------------------------------------------------------------------------------

async function npmAudit(violations: string[]): Promise<string> {
  const out = await new Promise<string>((resolve) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('close', () => resolve(text));
  });
  let report: {
    metadata?: { vulnerabilities?: Record<string, number> };
    vulnerabilities?: Record<string, { severity: string; range: string; fixAvailable: unknown }>;
    error?: { summary?: string };
  };
  try {
    report = JSON.parse(out) as typeof report;
  } catch {
    violations.push(`npm audit did not answer JSON: ${out.slice(0, 200)}`);
    return 'unavailable';
  }
  if (report.error || !report.metadata?.vulnerabilities) {
    const why = report.error?.summary || (report as { message?: string }).message || 'no audit report';
    violations.push(`npm audit could not run: ${why}`);
    return `not run (${why})`;
  }
  const counts = report.metadata?.vulnerabilities ?? {};
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === 'high' || v.severity === 'critical')
      violations.push(`npm audit: ${v.severity} in ${name} ${v.range} (fix: ${JSON.stringify(v.fixAvailable)})`);
  }
  return `${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`;
}

export const suite: Suite = {
  name: 'injection-headers',
  description:
    'CSP, nosniff, Referrer-Policy and no banners on every answer; foreign origins refused; SQL injection (sqlmap level 3, risk 2); npm audit',
  async run({ fast, log }): Promise<SuiteReport> {
    const violations: string[] = [];
    const figures: SuiteReport['figures'] = {};
    let mark = Date.now();
    const lap = (what: string) => {
      log(`${what}: ${((Date.now() - mark) / 1000).toFixed(1)} s`);
      mark = Date.now();
    };
    const world = await startWorld('injhdr');
    lap('world');
    try {
      figures['answers checked for headers'] = await checkHeaders(world, violations);
      lap('headers');
      const origins = await checkOrigins(world, fast, violations);
      lap('origins');
      figures['write routes behind the origin gate'] = origins.routes;
      figures['origin requests'] = origins.requests;
      figures['socket handshakes'] = await checkSocketOrigins(world, violations);
      figures['SQL metacharacter probes'] = await sqlProbes(world, violations);
      lap('sockets and SQL probes');
      if (!fast) {
        const scanned = await sqlmapAll(world, log, violations);
        figures['sqlmap routes'] = scanned.routes;
        figures['sqlmap parameters'] = scanned.params;
        figures['sqlmap parameters tested (its output)'] = scanned.tested;
        figures['sqlmap runs'] = scanned.runs;
        figures['sqlmap injectable'] = scanned.injectable.length;
        figures['sqlmap candidates it rejected as false positives'] = scanned.discarded;
      }
      // The origin checks' valid same-origin requests deleted the world's article: the home page gets a new one
      // with the uploaded image, so the check sees an image of our own served under the CSP.
      await world.server.knex('news').insert({
        title: 'Finals in Gothenburg',
        content: '<p>The finals are on.</p>',
        excerpt: 'The finals are on.',
        category_id: 0,
        image_hash: world.newsImage,
        published: true,
        published_at: new Date(Date.now() - 60_000),
        publisher_user_id: world.users.editor.id,
      });
      const site = { url: world.url, player: world.users.player.auth, staff: world.users.staff.auth };
      figures['Chromium pages without CSP violations'] = await checkBrowser(fast ? site : null, violations, log);
      lap('Chromium');
      for (const line of world.errors) violations.push(`API error: ${line.slice(0, 300)}`);
    } finally {
      await world.close();
    }
    if (!fast) figures['npm audit (--omit=dev)'] = await npmAudit(violations);
    return { figures, violations };
  },
};
