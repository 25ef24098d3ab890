/**
 * Security suite 6: hostile uploads (docs/decisions.md#content-and-uploads). Every file of the hostile corpus goes through
 * every upload route of the API (avatar, sign-up photo and team photo, game evidence, console news image), run as
 * its own process (`npm run api`) so its memory can be watched. Each upload must be refused with the spec's answer
 * or neutralised: stored only as a re-encoded JPEG without EXIF, XMP, ICC or comments, under a name the server
 * chose, served as image/jpeg with nosniff. The API's resident memory must stay under 300 MB throughout.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_KINDS, PERMISSIONS } from '@ecup/domain';
import { createSession, seedBase } from '@ecup/db';
import { createTestDatabase, testRedisPrefix } from '../../helpers/db.ts';
import { buildGame, buildUser, signupFields } from '../../helpers/factories.ts';
import { freePort, runEntry } from '../../helpers/process.ts';
import { deleteRedisPrefix } from '../../helpers/server.ts';
import { hostileFiles, type HostileFile } from '../fixtures/hostile-files.ts';
import type { Suite } from '../suite.ts';
import { waitFor } from '../../helpers/poll.ts';

const RSS_LIMIT_MB = 300;
/** The CI size's bound on growth over the API's memory before the first upload. */
const FAST_GROWTH_LIMIT_MB = 200;
const STORED_NAME = new RegExp(`^(${IMAGE_KINDS.join('|')})/([0-9a-f]{2})/([0-9a-f]{32})\\.jpg$`);
/** Byte strings that must not survive a re-encode. */
const LEFTOVERS = [
  '<script',
  '<html',
  '<svg',
  'Exif\0\0',
  'http://ns.adobe.com/xap',
  'ICC_PROFILE',
  'PK\x03\x04',
  'GPS',
];

type Stored = [kind: (typeof IMAGE_KINDS)[number], id: string];

interface UploadRoute {
  label: string;
  path: string;
  field: string;
  fields: () => Record<string, string>;
  auth?: { id: number; token: string };
  /** The images an accepted upload stored, from its answer. */
  stored: (body: Record<string, unknown>) => Stored[];
  /** A new upload replaces (and deletes) the previous one (the player's one avatar). */
  replaces?: boolean;
}

/** A multipart body written by hand, so file names and part types go out byte for byte as the attacker wants. */
function multipart(fields: Record<string, string>, field: string, file: HostileFile) {
  const boundary = `----hostile${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** Resident set size and its peak (VmHWM) of a process, in MB, from /proc. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function listFiles(root: string, dir = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(root, rel)));
    else out.push(rel);
  }
  return out;
}

export const suite: Suite = {
  name: 'uploads',
  description:
    'hostile files through every upload route: refused or re-encoded clean, served with nosniff, API under 300 MB',
  async run({ fast, log }) {
    const violations: string[] = [];
    const files = await hostileFiles({ fast });
    const db = await createTestDatabase('uploads');
    await seedBase(db.knex, { now: new Date() });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-uploads-'));
    const uploadDir = path.join(dir, 'uploads');
    const prefix = testRedisPrefix('uploads');
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const proc = runEntry('api/src/main.ts', {
      PORT: String(port),
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      MAIL_OUTBOX: path.join(dir, 'outbox'),
      UPLOAD_DIR: uploadDir,
      PUBLIC_URL: 'http://localhost:3000',
      SEED_DEMO: 'off',
      WORKER: 'off',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'on',
    });
    let sampler: NodeJS.Timeout | undefined;
    let sampledPeak = 0;
    let addresses = 0;
    try {
      await waitFor(
        async () => {
          if (proc.child.exitCode !== null) throw new Error(`the API exited:\n${proc.output()}`);
          return fetch(`${url}/health`).then(
            (r) => r.ok,
            () => false,
          );
        },
        { what: () => `the API healthy:\n${proc.output()}\n`, timeoutMs: 60_000, intervalMs: 200 },
      );
      const pid = proc.child.pid!;
      const baseline = await memoryOf(pid);
      sampler = setInterval(() => {
        memoryOf(pid).then(
          (m) => (sampledPeak = Math.max(sampledPeak, m.rss)),
          () => {},
        );
      }, 20);

      // The uploaders: a player in a game with a submitted result (evidence is open) and a news editor.
      const session = async (user: { id: number }) =>
        (await createSession(db.knex, { user_id: user.id, ip: null, user_agent: null })).result.token;
      const player = await buildUser(db.knex);
      const opponent = await buildUser(db.knex);
      const game_id = await buildGame(db.knex, {
        user_1_id: player.id,
        user_2_id: opponent.id,
        state: 'submitted',
        score_1: 1,
        score_2: 0,
        submitted_user_id: opponent.id,
        submitted_at: new Date(),
        created_at: new Date(Date.now() - 20 * 60_000),
      });
      const playerAuth = { id: player.id, token: await session(player) };
      const editor = await buildUser(db.knex, { permissions: PERMISSIONS.canPublishNews });
      const consoleLogin = await fetch(`${url}/admin/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.18.200.1' },
        body: JSON.stringify({ username: editor.username, password: editor.password }),
      });
      const editorAuth = (await consoleLogin.json()) as { id: number; token: string };
      if (consoleLogin.status !== 200) throw new Error(`console sign-in answered ${consoleLogin.status}`);

      const avatar = (hash: unknown): Stored[] =>
        typeof hash === 'string'
          ? (['avatar_orig', 'avatar_medium', 'avatar_small'] as const).map((k) => [k, hash])
          : [];
      const routes: UploadRoute[] = [
        {
          label: 'avatar',
          path: '/user/profile_picture/set',
          field: 'photo',
          fields: () => ({}),
          auth: playerAuth,
          stored: (body) => avatar(body.avatar_hash),
          replaces: true,
        },
        {
          label: 'sign-up photo',
          path: '/user/signup',
          field: 'user_photo',
          fields: () => signupFields(),
          stored: (body) => avatar((body.user as { avatar_hash?: unknown } | undefined)?.avatar_hash),
        },
        {
          label: 'sign-up team photo',
          path: '/user/signup',
          field: 'team_photo',
          fields: () => signupFields(),
          stored: (body) => {
            const hash = (body.user as { team?: { avatar_hash?: unknown } } | undefined)?.team?.avatar_hash;
            return typeof hash === 'string' ? [['team', hash]] : [];
          },
        },
        {
          label: 'evidence',
          path: '/game/upload_evidence',
          field: 'photo',
          fields: () => ({ game_id: String(game_id) }),
          auth: playerAuth,
          stored: (body) => {
            const hash = (body.evidence as { evidence_hash?: unknown } | undefined)?.evidence_hash;
            return typeof hash === 'string'
              ? [
                  ['evidence', hash],
                  ['evidence_thumb', hash],
                ]
              : [];
          },
        },
        {
          label: 'news image',
          path: '/admin/api/news-images',
          field: 'image',
          fields: () => ({}),
          auth: editorAuth,
          stored: (body) =>
            typeof body.image_hash === 'string'
              ? [
                  ['news', body.image_hash],
                  ['news_thumb', body.image_hash],
                ]
              : [],
        },
      ];

      let tried = 0;
      let refused = 0;
      let neutralised = 0;
      const expectedFiles = new Set<string>();
      const replaced = new Map<UploadRoute, string[]>();

      const checkStored = async (where: string, [kind, id]: Stored) => {
        const rel = `${kind}/${id.slice(0, 2)}/${id}.jpg`;
        expectedFiles.add(rel);
        const res = await fetch(`${url}/images/${rel}`);
        const served = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200) violations.push(`${where}: GET /images/${rel} answered ${res.status}`);
        if (res.headers.get('content-type') !== 'image/jpeg') {
          violations.push(`${where}: served as ${res.headers.get('content-type')}`);
        }
        if (res.headers.get('x-content-type-options') !== 'nosniff')
          violations.push(`${where}: served without nosniff`);
        const onDisk = await readFile(path.join(uploadDir, rel)).catch(() => null);
        if (!onDisk || !onDisk.equals(served)) violations.push(`${where}: ${rel} on disk differs from what is served`);
        try {
          const meta = await sharp(served).metadata();
          if (meta.format !== 'jpeg') violations.push(`${where}: stored ${kind} is ${meta.format}, not JPEG`);
          const kept = (['exif', 'xmp', 'icc', 'iptc', 'comments', 'tifftagPhotoshop'] as const).filter((k) => meta[k]);
          if (kept.length > 0) violations.push(`${where}: stored ${kind} keeps ${kept.join(', ')}`);
          await sharp(served, { failOn: 'warning' }).raw().toBuffer();
        } catch (error) {
          violations.push(`${where}: stored ${kind} does not decode: ${(error as Error).message}`);
        }
        const text = served.toString('latin1');
        for (const leftover of LEFTOVERS) {
          if (text.includes(leftover))
            violations.push(`${where}: stored ${kind} still holds ${JSON.stringify(leftover)}`);
        }
      };

      const send = async (route: UploadRoute, file: HostileFile) => {
        const where = `${route.label} × ${file.label}`;
        const fields = route.fields();
        const { body, type } = multipart(fields, route.field, file);
        const headers: Record<string, string> = {
          'Content-Type': type,
          'X-Forwarded-For': `198.18.${(addresses >> 8) & 255}.${addresses++ & 255}`,
        };
        if (route.auth) headers.Authorization = `Bearer ${route.auth.id}:${route.auth.token}`;
        tried++;
        let res: Response;
        try {
          res = await fetch(`${url}${route.path}`, { method: 'POST', headers, body });
        } catch (error) {
          violations.push(`${where}: the connection failed (${(error as Error).message})`);
          return;
        }
        const raw = await res.text();
        let answer: Record<string, unknown> = {};
        try {
          answer = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          violations.push(`${where}: answered ${res.status} with a body that is not JSON`);
        }
        if (res.status >= 500) {
          violations.push(`${where}: answered ${res.status} ${raw.slice(0, 200)}`);
          return;
        }
        if (file.name.length >= 6 && raw.includes(file.name))
          violations.push(`${where}: the answer echoes the file name`);
        if (res.status >= 200 && res.status < 300) {
          neutralised++;
          if (file.expect === 'refuse') violations.push(`${where}: accepted, must be refused`);
          const stored = route.stored(answer);
          if (stored.length === 0) violations.push(`${where}: accepted but the answer names no stored image`);
          for (const image of stored) await checkStored(where, image);
          if (route.replaces) {
            for (const rel of replaced.get(route) ?? []) expectedFiles.delete(rel);
            replaced.set(
              route,
              stored.map(([kind, id]) => `${kind}/${id.slice(0, 2)}/${id}.jpg`),
            );
          }
          return;
        }
        refused++;
        const got = `${res.status} ${String(answer.error)}`;
        if (file.expect === 'neutralise') violations.push(`${where}: refused (${got}), must be taken and re-encoded`);
        else if (file.refusals && !file.refusals.includes(got)) {
          violations.push(`${where}: refused with ${got}, expected one of ${file.refusals.join(' | ')}`);
        }
        if (route.path === '/user/signup' && (await db.knex('users').where('username', fields.username).first())) {
          violations.push(`${where}: a refused sign-up still created the account`);
        }
      };

      log(`${files.length} files × ${routes.length} routes`);
      // Each file goes to every route at once: several decodes in flight, as under real load.
      const growth: [string, number][] = [];
      for (const file of files) {
        const before = sampledPeak;
        await Promise.all(routes.map((route) => send(route, file)));
        const after = Math.max(sampledPeak, (await memoryOf(pid)).rss);
        sampledPeak = after;
        if (after > before) growth.push([file.label, after - before]);
      }
      growth.sort((a, b) => b[1] - a[1]);
      for (const [label, mb] of growth.slice(0, 5)) log(`peak RSS grew by ${mb.toFixed(0)} MB on: ${label}`);

      // Only server-named, re-encoded images are left in the upload folder; nothing escaped it.
      const left = await listFiles(uploadDir);
      for (const rel of left) {
        const match = STORED_NAME.exec(rel);
        if (!match || match[2] !== match[3]!.slice(0, 2)) violations.push(`upload folder holds ${JSON.stringify(rel)}`);
        else if (!expectedFiles.has(rel)) violations.push(`upload folder holds ${rel}, which no accepted upload named`);
      }
      for (const rel of expectedFiles)
        if (!left.includes(rel)) violations.push(`${rel} was answered but is not stored`);
      for (const escaped of [
        '/tmp/pwned.jpg',
        path.join(dir, 'pwned.jpg'),
        path.join(uploadDir, '..', 'tmp', 'pwned.jpg'),
      ]) {
        if (existsSync(escaped)) violations.push(`a client file name escaped to ${escaped}`);
      }

      clearInterval(sampler);
      sampler = undefined;
      const end = await memoryOf(pid);
      const peak = Math.max(end.peak, sampledPeak);
      if (fast) {
        // The CI corpus leaves out the largest images and runs beside other suites; what it guards is the growth
        // an upload causes (a decoded bomb or a leak shows as hundreds of MB), not the idle size of a process
        // that compiles TypeScript at start. The full run holds the absolute 300 MB (RSS_LIMIT_MB).
        if (peak - baseline.rss >= FAST_GROWTH_LIMIT_MB) {
          violations.push(
            `the API's resident memory grew by ${(peak - baseline.rss).toFixed(0)} MB (limit ${FAST_GROWTH_LIMIT_MB})`,
          );
        }
      } else if (peak >= RSS_LIMIT_MB) {
        violations.push(`the API's resident memory peaked at ${peak.toFixed(0)} MB (limit ${RSS_LIMIT_MB})`);
      }
      if (proc.child.exitCode !== null) violations.push(`the API process exited with ${proc.child.exitCode}`);
      return {
        figures: {
          'hostile files': files.length,
          'upload routes': routes.length,
          'uploads tried': tried,
          refused,
          neutralised,
          'stored images checked': expectedFiles.size,
          'API RSS at start MB': Math.round(baseline.rss),
          'API peak RSS MB': Math.round(peak),
          'API RSS at end MB': Math.round(end.rss),
        },
        violations,
      };
    } finally {
      if (sampler) clearInterval(sampler);
      proc.child.kill('SIGTERM');
      await Promise.race([proc.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      await db.drop();
      await rm(dir, { recursive: true, force: true });
      await deleteRedisPrefix(redisUrl, prefix);
    }
  },
};
