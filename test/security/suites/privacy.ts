/**
 * Security suite 9: privacy. A minor signs up with unique canary strings in every personal
 * field (e-mail, guardian e-mail, names, birth date, sign-in address and browser, password, photos' EXIF), signs in,
 * asks for a password reset, posts, plays, chats and uploads evidence. Then the other principals (a visitor,
 * their opponent, staff whose flags do not cover personal data) read every route of the inventory about the minor's
 * objects and listen on the sockets they may join; every answer and event they get, every log line, every Redis
 * key and value under the test's prefix (BullMQ's jobs included) is searched for the canaries, the minor's tokens
 * (session, reset, guardian) and the password (and its hash). Served images carry no EXIF. After `users:erase`, a
 * mariadb-dump of the database and the upload folder hold no canary; `prizes:export` never lists the minor, whose
 * guardian has not confirmed, as eligible.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { PERMISSIONS, type PermissionName } from '@ecup/domain';
import {
  confirmResult,
  createAdminSession,
  createLogger,
  createSession,
  submitResult,
  type PrizeExport,
} from '@ecup/db';
import { ROUTES } from '../inventory.ts';
import type { RouteEntry } from '../inventory-types.ts';
import { encodeBody, exampleUrl, routeExample } from '../support/route-examples.ts';
import type { Suite, SuiteReport } from '../suite.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { buildGame, buildUser, signupFields } from '../../helpers/factories.ts';
import { linkIn, waitForMail } from '../../helpers/outbox.ts';
import { cli } from '../../helpers/cli.ts';
import type { Credentials } from '../../helpers/http.ts';

const run = promisify(execFile);

/** Letters only, so the canaries pass the name validators. */
function letters(n: number): string {
  return [...randomBytes(n)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
}

interface Observer {
  name: string;
  auth: Credentials | null;
}

interface Secrets {
  /** Personal data: never shown to anyone but the player and staff whose flags cover it. */
  personal: Record<string, string>;
  /** Credentials: never shown to anyone, never logged, never kept in Redis. */
  credentials: Record<string, string>;
  /** Public in the ranking (docs/product.md#entities), but gone after erasure. */
  erasable: Record<string, string>;
}

function findIn(text: string, secrets: Record<string, string>): string[] {
  const lower = text.toLowerCase();
  return Object.entries(secrets)
    .filter(([, value]) => value !== '' && lower.includes(value.toLowerCase()))
    .map(([name]) => name);
}

/** A JPEG with the canary in its EXIF (and a GPS position), as a phone would send it. */
function jpegWithCanary(canary: string): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .withMetadata({
      exif: {
        IFD0: { Copyright: canary, Artist: canary, ImageDescription: canary },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '57/1 42/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '11/1 58/1 0/1',
        },
      },
    })
    .jpeg()
    .toBuffer();
}

async function call(
  server: TestServer,
  method: string,
  target: string | URL,
  options: { auth?: Credentials | null; headers?: Record<string, string>; body?: BodyInit; type?: string } = {},
) {
  const response = await fetch(new URL(target, server.url), {
    method,
    headers: {
      ...(options.auth ? { Authorization: `Bearer ${options.auth.id}:${options.auth.token}` } : {}),
      ...(options.type ? { 'Content-Type': options.type } : {}),
      ...options.headers,
    },
    body: options.body,
  });
  const buffer = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    buffer,
    text: buffer.toString('latin1'),
  };
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else files.push(full);
  }
  return files;
}

/** Every key under a prefix with its value as text, whatever the type (BullMQ's hashes, lists, sets, streams). */
async function redisDump(url: string, prefix: string): Promise<{ key: string; text: string }[]> {
  const redis = new Redis(url);
  const out: { key: string; text: string }[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        let value: unknown;
        if (type === 'string') value = await redis.getBuffer(key).then((b) => b?.toString('latin1'));
        else if (type === 'hash') value = await redis.hgetall(key);
        else if (type === 'list') value = await redis.lrange(key, 0, -1);
        else if (type === 'set') value = await redis.smembers(key);
        else if (type === 'zset') value = await redis.zrange(key, 0, -1, 'WITHSCORES');
        else if (type === 'stream') value = await redis.xrange(key, '-', '+');
        out.push({ key, text: `${key} ${JSON.stringify(value)}` });
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return out;
}

export const suite: Suite = {
  name: 'privacy',
  description:
    'canaries of a minor never reach other principals, logs, Redis or jobs; erasure leaves none in a dump or the uploads; no EXIF; no prize for an unconfirmed minor',
  async run({ fast, log }): Promise<SuiteReport> {
    const violations: string[] = [];
    const logLines: string[] = [];
    const logger = createLogger({
      level: 'debug',
      destination: {
        write(line: string) {
          logLines.push(line);
        },
      },
    });
    const server = await startTestServer({ label: 'privacy', worker: true, env: { TRUST_PROXY: 'on' }, log: logger });
    const sockets: Socket[] = [];
    let responses = 0;
    let events = 0;
    const figures: SuiteReport['figures'] = {};
    try {
      // --- The minor and their canaries -------------------------------------------------------------------------
      const c = letters(10);
      const now = server.clock.now();
      const birthYear = now.getUTCFullYear() - 14;
      const birth = `${birthYear}-03-17`;
      const secrets: Secrets = {
        personal: {
          email: `mail${c}@example.com`,
          'guardian e-mail': `guardian${c}@example.com`,
          'birth date': birth,
          'sign-in address': `198.51.100.${77 + (randomBytes(1)[0]! % 100)}`,
          'browser (user agent)': `Browser-${c}`,
          'EXIF canary': `exif${c}`,
        },
        credentials: { password: `pw ${c} secret` },
        erasable: { 'first name': `Fn${c}`, 'last name': `Ln${c}` },
      };
      const ip = secrets.personal['sign-in address']!;
      const ua = secrets.personal['browser (user agent)']!;
      const headers = { 'X-Forwarded-For': ip, 'User-Agent': ua };
      const fields = signupFields({
        first_name: secrets.erasable['first name']!,
        last_name: secrets.erasable['last name']!,
        email: secrets.personal.email!,
        guardian_email: secrets.personal['guardian e-mail']!,
        password: secrets.credentials.password!,
        repeat_password: secrets.credentials.password!,
        birth_year: String(birthYear),
        birth_month: '3',
        birth_day: '17',
      });
      const signup = await call(server, 'POST', '/user/signup', {
        headers,
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(fields).toString(),
      });
      if (signup.status !== 200) throw new Error(`the minor's sign-up failed: ${signup.status} ${signup.text}`);
      const minorId = (JSON.parse(signup.text) as { id: number }).id;
      const signupToken = (JSON.parse(signup.text) as { token: string }).token;
      const login = await call(server, 'POST', '/user/login', {
        headers,
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({ username: fields.username!, password: fields.password! }).toString(),
      });
      const auth = JSON.parse(login.text) as Credentials;
      if (login.status !== 200) throw new Error(`the minor's sign-in failed: ${login.status}`);
      const guardianMail = await waitForMail(server.outbox, secrets.personal['guardian e-mail']!);
      const guardianToken = new URL(linkIn(guardianMail, `${server.config.publicUrl}/guardian/confirm/`)).pathname
        .split('/')
        .pop()!;
      await call(server, 'POST', '/user/forgot_password', {
        headers,
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({ username: fields.username!, email: fields.email! }).toString(),
      });
      const resetMail = await waitForMail(server.outbox, secrets.personal.email!);
      const resetToken = new URL(linkIn(resetMail, `${server.config.publicUrl}/resetpassword/`)).pathname
        .split('/')
        .pop()!;
      const row = (await server.knex('users').where('id', minorId).first('password_hash', 'username')) as {
        password_hash: string;
        username: string;
      };
      Object.assign(secrets.credentials, {
        'session token (sign-up)': signupToken,
        'session token (sign-in)': auth.token,
        'reset token': resetToken,
        'guardian token': guardianToken,
        'password hash': row.password_hash,
      });
      const everything = { ...secrets.personal, ...secrets.credentials };

      // The minor's photos (EXIF with the canary), a forum thread, a game with chat and photo evidence, three
      // won games (a trophy and the week's biggest Elo gain), and a reported post.
      const photo = await jpegWithCanary(secrets.personal['EXIF canary']!);
      const form = new FormData();
      form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${c}.jpg`);
      const avatar = await call(server, 'POST', '/user/profile_picture/set', { auth, headers, body: form });
      const avatarHash = (JSON.parse(avatar.text) as { avatar_hash?: string }).avatar_hash;
      if (!avatarHash) violations.push(`the avatar upload failed: ${avatar.status} ${avatar.text.slice(0, 200)}`);
      const thread = await call(server, 'POST', '/forums/new_thread', {
        auth,
        headers,
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({
          category_id: '0',
          title: `Hello from ${row.username}`,
          message: 'Who plays 4-3-3?',
        }).toString(),
      });
      const threadId = (JSON.parse(thread.text) as { id: number }).id;
      const postRow = (await server.knex('forum_posts').where('thread_id', threadId).first('id')) as { id: number };

      const opponent = await buildUser(server.knex, {});
      const opponentAuth: Credentials = {
        id: opponent.id,
        token: (await createSession(server.knex, { user_id: opponent.id, ip: null, user_agent: null })).result.token,
      };
      const staffSession = async (permissions: number) => {
        const user = await buildUser(server.knex, { permissions });
        const session = await createAdminSession(server.knex, {
          user_id: user.id,
          ip: null,
          user_agent: null,
          second_factor: false,
          now: server.clock.now(),
        });
        return { id: user.id, token: session.result.token };
      };
      // Flags that do not cover personal data (canSeeUserProfile and canSeeTrophyWinners do, as does every flag).
      const blindFlags: PermissionName[] = fast
        ? ['canResolveConflicts', 'canBanUsers']
        : ['canResolveConflicts', 'canBanUsers', 'canPublishNews', 'canIPBan', 'canSeeCountryStats'];
      const observers: Observer[] = [
        { name: 'visitor', auth: null },
        { name: 'opponent', auth: opponentAuth },
      ];
      for (const flag of blindFlags)
        observers.push({ name: `staff ${flag}`, auth: await staffSession(PERMISSIONS[flag]) });
      await call(server, 'POST', '/forums/post/report', {
        auth: opponentAuth,
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({ post_id: String(postRow.id), reason: 'Please look at this.' }).toString(),
      });

      // Three final wins for the minor this week (a trophy secured), then an open game in conflict.
      for (let i = 0; i < 3; i++) {
        const other = await buildUser(server.knex, {});
        const at = new Date(now.getTime() - (60 - i * 15) * 60_000);
        const id = await buildGame(server.knex, { user_1_id: minorId, user_2_id: other.id, created_at: at });
        // One transaction: the running worker would otherwise find the submission older than 15 minutes
        // and move the game to conflict before the confirmation.
        await server.knex.transaction(async (trx) => {
          await submitResult(trx, {
            game_id: id,
            actor: { id: minorId, permissions: 0 },
            score_1: 3,
            score_2: 0,
            now: new Date(at.getTime() + 13 * 60_000),
          });
          await confirmResult(trx, {
            game_id: id,
            actor: { id: other.id, permissions: 0 },
            now: new Date(at.getTime() + 14 * 60_000),
          });
        });
      }
      const gameId = await buildGame(server.knex, {
        user_1_id: minorId,
        user_2_id: opponent.id,
        created_at: new Date(now.getTime() - 20 * 60_000),
      });

      // The opponent and a conflict moderator listen on the game's room; the opponent also tries the minor's room.
      const received: { who: string; text: string }[] = [];
      const listen = async (who: string, credentials: Credentials) => {
        const socket = connect(server.url, {
          path: '/socket.io',
          auth: { ...credentials },
          transports: ['websocket'],
          reconnection: false,
        });
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        socket.onAny((event: string, payload: unknown) => {
          events++;
          received.push({ who, text: `${event} ${JSON.stringify(payload)}` });
        });
        const game = (await socket.timeout(5000).emitWithAck('subscribe', { channel: `private-game-${gameId}` })) as {
          ok?: boolean;
        };
        const mine = (await socket.timeout(5000).emitWithAck('subscribe', { channel: `private-user-${minorId}` })) as {
          ok?: boolean;
        };
        if (mine.ok) violations.push(`${who} joined the minor's own room`);
        return game.ok === true;
      };
      if (!(await listen('opponent', opponentAuth))) violations.push("the opponent could not join the game's room");
      const moderator = observers.find((o) => o.name === 'staff canResolveConflicts')!.auth!;
      if (!(await listen('staff canResolveConflicts', moderator)))
        violations.push("a conflict moderator could not join the game's room");

      // The minor plays on: chat, a submitted score, photo evidence, a protest: every game event is pushed.
      const form2 = (values: Record<string, string>) => ({
        auth,
        headers,
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(values).toString(),
      });
      await call(
        server,
        'POST',
        '/game/chat/send_message',
        form2({ game_id: String(gameId), message: 'good luck, have fun' }),
      );
      await call(server, 'POST', '/game/submit', form2({ game_id: String(gameId), score_1: '2', score_2: '1' }));
      await call(server, 'POST', '/game/escalate', {
        auth: opponentAuth,
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams({ game_id: String(gameId) }).toString(),
      });
      const evidenceForm = new FormData();
      evidenceForm.append('game_id', String(gameId));
      evidenceForm.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), `${c}-evidence.jpg`);
      const evidence = await call(server, 'POST', '/game/upload_evidence', { auth, headers, body: evidenceForm });
      if (evidence.status !== 200)
        violations.push(`the evidence upload failed: ${evidence.status} ${evidence.text.slice(0, 200)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));

      // --- Every route, as every observer --------------------------------------------------------------------
      const objectId = (kind: string): string => {
        const table: Record<string, string | number> = {
          game: gameId,
          conflict: gameId,
          thread: threadId,
          post: postRow.id,
          'admin-user': minorId,
          user: minorId,
          'trophy-winner': minorId,
          'guardian-link': minorId,
          'forum-category': 0,
          report: 1,
          news: 1,
          country: 210,
          'audit-entry': 1,
          'ip-ban': 1,
          // No observer's own session: signing one out would end an observer mid-run.
          session: 999_999_999,
        };
        return String(table[kind] ?? minorId);
      };
      const overrides: Record<string, string> = {
        search: row.username,
        query: 'Who plays',
        name: fields.irl_team!,
        ':token': 'ab'.repeat(32),
        id: String(gameId),
        thread_id: String(threadId),
        channel_name: `private-user-${minorId}`,
      };
      const reads = ROUTES.filter((r) => !r.testOnly && !r.writes && !r.beforeAuth);
      const writes = fast ? [] : ROUTES.filter((r) => !r.testOnly && r.writes && !r.endsSession);
      const routes: RouteEntry[] = [...reads, ...writes];
      const extra: { method: string; url: string }[] = [
        { method: 'GET', url: `/ranking/list?search=${encodeURIComponent(row.username)}` },
        { method: 'GET', url: `/ranking/list?search=${encodeURIComponent(secrets.personal.email!)}` },
        { method: 'GET', url: `/ranking/list?search=${encodeURIComponent(secrets.erasable['first name']!)}` },
        {
          method: 'GET',
          url: `/admin/api/users?filter=${encodeURIComponent(JSON.stringify({ q: secrets.personal.email }))}`,
        },
        { method: 'GET', url: `/admin/api/users/${minorId}` },
        { method: 'GET', url: `/admin/api/conflicts/${gameId}` },
        { method: 'GET', url: '/admin/api/conflicts' },
        { method: 'GET', url: '/admin/api/reports' },
        { method: 'GET', url: '/admin/api/trophy-winners' },
        { method: 'GET', url: '/admin/api/trophy-winners.csv' },
        { method: 'GET', url: '/admin/api/audit-log' },
        { method: 'GET', url: '/admin/api/dashboard' },
        { method: 'GET', url: `/game/get?id=${gameId}` },
        { method: 'GET', url: `/forums/posts?thread_id=${threadId}` },
        { method: 'GET', url: '/forums/threads?category_id=0' },
        { method: 'GET', url: '/trophy/holders' },
        { method: 'GET', url: `/guardian/confirm/${minorId}/${'ab'.repeat(32)}` },
      ];
      const answers: { who: string; label: string; text: string }[] = [];
      const imageUrls = new Set<string>();
      for (const observer of observers) {
        const requests: { label: string; method: string; url: string; body?: string; type?: string }[] = [
          ...routes.map((route) => {
            const example = routeExample(route, objectId, overrides);
            const body = encodeBody(route, example.body);
            return {
              label: `${route.method} ${route.path}`,
              method: route.method,
              url: exampleUrl(server.url, example).href,
              ...(route.method === 'GET' ? {} : { body: body.text, type: body.type }),
            };
          }),
          ...extra.map((e) => ({ label: `${e.method} ${e.url}`, method: e.method, url: e.url })),
        ];
        for (const request of requests) {
          const answer = await call(server, request.method, request.url, {
            auth: observer.auth,
            headers: { 'X-Forwarded-For': '192.0.2.9' },
            ...(request.body !== undefined ? { body: request.body, type: request.type } : {}),
          });
          responses++;
          answers.push({ who: observer.name, label: `${request.label} [${answer.status}]`, text: answer.text });
          for (const match of answer.text.matchAll(/\/images\/[a-z_]+\/[0-9a-f]{2}\/[0-9a-f]+\.jpg/g))
            imageUrls.add(match[0]);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The control: the minor's own view carries the e-mail address, or the search below could not see one.
      const own = await call(server, 'GET', '/user/auth', { auth });
      if (!findIn(own.text, secrets.personal).includes('email'))
        violations.push(`control: the minor's own /user/auth does not show the e-mail canary (${own.status})`);
      for (const answer of answers) {
        for (const name of findIn(answer.text, everything))
          violations.push(`${answer.who} got the minor's ${name} in ${answer.label}`);
      }
      for (const event of received) {
        for (const name of findIn(event.text, everything))
          violations.push(`${event.who} got the minor's ${name} in the socket event ${event.text.slice(0, 80)}`);
      }

      // --- Served images: no EXIF, no canary --------------------------------------------------------------------
      if (avatarHash)
        for (const size of ['avatar_small', 'avatar_medium', 'avatar_orig'])
          imageUrls.add(`/images/${size}/${avatarHash.slice(0, 2)}/${avatarHash}.jpg`);
      const evidenceRows = (await server
        .knex('evidence')
        .where('game_id', gameId)
        .whereNotNull('evidence_hash')
        .select('evidence_hash')) as { evidence_hash: string }[];
      for (const { evidence_hash } of evidenceRows)
        imageUrls.add(`/images/evidence/${evidence_hash.slice(0, 2)}/${evidence_hash}.jpg`);
      if (evidenceRows.length === 0) violations.push('no photo evidence was stored, so its EXIF was not checked');
      for (const url of imageUrls) {
        const image = await call(server, 'GET', url);
        responses++;
        const meta = await sharp(image.buffer).metadata();
        if (meta.exif || meta.xmp || meta.iptc) violations.push(`${url} is served with EXIF/XMP/IPTC metadata`);
        for (const name of findIn(image.text, everything)) violations.push(`${url} carries the minor's ${name}`);
      }
      figures['images checked for EXIF'] = imageUrls.size;

      // --- Logs, Redis, jobs -------------------------------------------------------------------------------------
      for (const line of logLines) {
        for (const name of findIn(line, everything))
          violations.push(`a log line holds the minor's ${name}: ${line.slice(0, 200)}`);
      }
      const keys = await redisDump(server.config.redisUrl, server.config.redisPrefix);
      const jobs = keys.filter((k) => k.key.includes(':bull:')).length;
      for (const { key, text } of keys) {
        for (const name of findIn(text, everything)) violations.push(`Redis ${key} holds the minor's ${name}`);
      }

      // --- Prizes: the unconfirmed minor is never eligible ---------------------------------------------------------
      const prizes = await cli(['prizes:export', '--format', 'json'], {
        databaseUrl: server.config.databaseUrl,
        now: server.clock.now(),
      });
      let prizeRows = 0;
      if (prizes.code !== 0) violations.push(`prizes:export exited ${prizes.code}: ${prizes.stderr.slice(0, 200)}`);
      else {
        const exported = JSON.parse(prizes.stdout) as PrizeExport & Record<string, unknown>;
        for (const [list, rows] of Object.entries(exported)) {
          if (!Array.isArray(rows)) continue;
          for (const entry of rows as { user_id?: number; id?: number; eligible?: boolean; username?: string }[]) {
            if (entry.user_id !== minorId && entry.username !== row.username) continue;
            prizeRows++;
            if (entry.eligible !== false)
              violations.push(`prizes:export lists the unconfirmed minor as eligible in ${list}`);
          }
        }
        if (prizeRows === 0)
          violations.push('the minor won a trophy but is in no list of prizes:export, so the check proved nothing');
      }
      figures['prize rows of the unconfirmed minor (all not eligible)'] = prizeRows;

      // --- Erasure ---------------------------------------------------------------------------------------------
      const erased = await cli(['users:erase', String(minorId), '--confirm', row.username], {
        databaseUrl: server.config.databaseUrl,
        env: { UPLOAD_DIR: server.uploads },
        now: server.clock.now(),
      });
      if (erased.code !== 0) violations.push(`users:erase exited ${erased.code}: ${erased.stderr.slice(0, 300)}`);
      const target = server.config.database;
      const dump = await run(
        'mariadb-dump',
        [
          '-h',
          target.host,
          '-P',
          String(target.port),
          '-u',
          target.user,
          ...(target.password ? [`-p${target.password}`] : []),
          '--skip-extended-insert',
          target.database,
        ],
        { maxBuffer: 256 * 1024 * 1024, encoding: 'latin1' },
      );
      const erasable = {
        ...secrets.personal,
        ...secrets.erasable,
        password: secrets.credentials.password!,
        'password hash': row.password_hash,
      };
      for (const line of dump.stdout.split('\n')) {
        for (const name of findIn(line, erasable))
          violations.push(`after erasure the database dump holds the minor's ${name}: ${line.slice(0, 160)}`);
      }
      const uploads = await walk(server.uploads);
      for (const file of uploads) {
        const content = (await readFile(file)).toString('latin1');
        for (const name of findIn(`${file}\n${content}`, erasable))
          violations.push(`after erasure ${file} holds the minor's ${name}`);
      }
      if (avatarHash && uploads.some((f) => f.includes(avatarHash)))
        violations.push('after erasure the avatar files are still there');

      figures['principals'] = observers.length;
      figures['responses scanned'] = responses;
      figures['socket events scanned'] = events;
      figures['log lines'] = logLines.length;
      figures['Redis keys'] = keys.length;
      figures['BullMQ keys'] = jobs;
      figures['database dump lines'] = dump.stdout.split('\n').length;
      figures['upload files'] = uploads.length;
      figures['canaries'] = Object.keys({ ...everything, ...secrets.erasable }).length;
      figures['canaries found'] = violations.filter((v) => / the minor's /.test(v)).length;
      log(`${responses} responses, ${events} events, ${logLines.length} log lines, ${keys.length} Redis keys`);
    } finally {
      for (const socket of sockets) socket.close();
      await server.close();
    }
    return { figures, violations };
  },
};
