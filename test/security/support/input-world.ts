/**
 * A populated product for the input attack suites (suites 2 and 7): the real API in-process on its own
 * database, with signed-in principals (a player, a staff member holding every flag on a console session that
 * passed TOTP, and the other accounts the write routes need) and one of every object a route reads or writes,
 * so a valid request exists for each route. Everything the API logs and every unhandled rejection is captured.
 */
import { Writable } from 'node:stream';
import { Secret, TOTP } from 'otpauth';
import { ALL_PERMISSIONS, PERMISSIONS } from '@ecup/domain';
import { createAdminSession, createLogger, createSession } from '@ecup/db';
import { hashToken } from '@ecup/security';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { buildGame, buildUser, DEFAULT_PASSWORD, pngImage } from '../../helpers/factories.ts';
import type { Credentials } from '../../helpers/http.ts';

export interface Principal {
  name: 'anonymous' | 'player' | 'staff';
  /** Null for the anonymous visitor; replaced in place when a request ended the session (see `repair`). */
  auth: Credentials | null;
}

export interface WorldUser {
  id: number;
  username: string;
  email: string;
  auth: Credentials;
  /** The console session (second factor passed) for staff. */
  console: boolean;
  permissions: number;
}

/** Names of the accounts of the world; each has its own session. */
export type UserName =
  | 'player'
  | 'opponent'
  | 'staff'
  | 'editor'
  | 'moderator'
  | 'totpStaff'
  | 'enrolling'
  | 'victim'
  | 'queued'
  | 'idle'
  | 'matched1'
  | 'matched2'
  | 'submitter'
  | 'submitted'
  | 'minor'
  | 'resetting';

export interface World {
  server: TestServer;
  url: string;
  users: Record<UserName, WorldUser>;
  principals: Principal[];
  ids: {
    gamePlaying: number;
    gameSubmitted: number;
    gameConflict: number;
    thread: number;
    post: number;
    /** A player's report of a forum post (in the one reports queue). */
    report: number;
    /** A player's report of their opponent in the playing game. */
    gameReport: number;
    news: number;
    ipBan: number;
    match: number;
    /** A second session of the player (another device), for "Sign out" of one session. */
    playerDevice: number;
  };
  /** A valid guardian link and password-reset link (their tokens as sent). */
  guardianToken: string;
  reset: { id: number; uid: number; token: string };
  /** Pending e-mail changes of `resetting`: one to confirm from the new address, one to undo from the old. */
  emailChange: { confirm: { id: number; token: string }; undo: { id: number; token: string } };
  /** A live console enrolment link of `enrolling` (its token as sent). */
  enrolmentToken: string;
  /** A stored news image's hash and a small PNG to upload. */
  newsImage: string;
  png: Buffer;
  /** TOTP secrets: `totpStaff` has TOTP on, `enrolling` has started a set-up, `staff` (every flag) signed in with one. */
  secrets: { staff: string; totpStaff: string; enrolling: string };
  /** The current TOTP code of a secret at the server's clock. */
  code(secret: string): string;
  /** Lines the API logged at error level or above, and unhandled rejections or exceptions of the process. */
  errors: string[];
  /** Every log line (JSON text), for suites that grep them. */
  logLines: string[];
  /**
   * Puts the principals back as they were when a fuzzed request changed them (signed out, password changed,
   * banned, flags taken, erased): their rows and their sessions.
   */
  repair(): Promise<void>;
  close(): Promise<void>;
}

const FAR_PAST = new Date(Date.now() - 13 * 60_000);

/** Builds the world; `label` names its database. */
export async function startWorld(label: string): Promise<World> {
  const logLines: string[] = [];
  const errors: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line === '') continue;
        logLines.push(line);
        if (logLines.length > 5000) logLines.shift();
        try {
          const level = (JSON.parse(line) as { level?: string }).level;
          if (level === 'error' || level === 'fatal') errors.push(`log: ${line.slice(0, 2000)}`);
        } catch {
          errors.push(`log (not JSON): ${line.slice(0, 2000)}`);
        }
      }
      done();
    },
  });
  const onRejection = (reason: unknown) =>
    errors.push(`unhandledRejection: ${String((reason as Error)?.stack ?? reason)}`);
  const onException = (error: Error) => errors.push(`uncaughtException: ${String(error.stack ?? error)}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);

  const server = await startTestServer({
    label,
    env: { TRUST_PROXY: 'on' },
    log: createLogger({ level: 'info', destination }),
  });
  const { knex } = server;
  const code = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
      timestamp: server.clock.now().getTime(),
    });

  const secrets = {
    staff: new Secret({ size: 20 }).base32,
    totpStaff: new Secret({ size: 20 }).base32,
    enrolling: new Secret({ size: 20 }).base32,
  };
  const spec: Record<UserName, Parameters<typeof buildUser>[1] & { console_session?: boolean }> = {
    player: { country_id: 210 },
    opponent: {},
    staff: { permissions: ALL_PERMISSIONS, totp_enabled: true, totp_secret: secrets.staff, console_session: true },
    editor: { permissions: PERMISSIONS.canPublishNews, console_session: true },
    moderator: { permissions: PERMISSIONS.canBanUsers | PERMISSIONS.canSeeUserProfile, console_session: true },
    totpStaff: {
      permissions: PERMISSIONS.canSeeCountryStats,
      totp_enabled: true,
      totp_secret: secrets.totpStaff,
      console_session: true,
    },
    enrolling: { permissions: PERMISSIONS.canSeeTrophyWinners, totp_secret: secrets.enrolling, console_session: true },
    victim: {},
    queued: {},
    idle: {},
    matched1: {},
    matched2: {},
    submitter: {},
    submitted: {},
    minor: {
      birth_date: new Date(Date.UTC(new Date().getUTCFullYear() - 14, 0, 1)),
      guardian_email: 'mum@example.com',
    },
    resetting: {},
  };
  const users = {} as Record<UserName, WorldUser>;
  for (const [name, { console_session, ...fields }] of Object.entries(spec) as [UserName, (typeof spec)[UserName]][]) {
    const user = await buildUser(knex, fields);
    const session = console_session
      ? await createAdminSession(knex, {
          user_id: user.id,
          ip: null,
          user_agent: null,
          second_factor: Boolean(fields.totp_enabled),
          now: server.clock.now(),
        })
      : await createSession(knex, { user_id: user.id, ip: null, user_agent: null });
    users[name] = {
      id: user.id,
      username: user.username,
      email: user.email,
      auth: { id: user.id, token: session.result.token },
      console: Boolean(console_session),
      permissions: user.permissions,
    };
  }
  // The staff member with every flag signs in to the console as a person would: password and TOTP code.
  const login = await fetch(new URL('/admin/api/auth/login', server.url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.1' },
    body: JSON.stringify({ username: users.staff.username, password: DEFAULT_PASSWORD, code: code(secrets.staff) }),
  });
  const session = (await login.json()) as { id?: number; token?: string };
  if (login.status !== 200 || !session.token) throw new Error(`the staff console sign-in failed: ${login.status}`);
  users.staff.auth = { id: users.staff.id, token: session.token };

  // Games: one being played (its result form open), one submitted by the opponent, one in conflict.
  const gamePlaying = await buildGame(knex, {
    user_1_id: users.player.id,
    user_2_id: users.opponent.id,
    created_at: FAR_PAST,
  });
  const gameSubmitted = await buildGame(knex, {
    user_1_id: users.submitted.id,
    user_2_id: users.submitter.id,
    created_at: FAR_PAST,
    state: 'submitted',
    score_1: 1,
    score_2: 2,
    submitted_user_id: users.submitter.id,
    submitted_at: new Date(),
  });
  const gameConflict = await buildGame(knex, {
    user_1_id: users.victim.id,
    user_2_id: users.idle.id,
    created_at: new Date(Date.now() - 3 * 3600_000),
    state: 'conflict',
    score_1: 3,
    score_2: 0,
    submitted_user_id: users.victim.id,
    submitted_at: new Date(Date.now() - 2 * 3600_000),
    conflict: true,
  });
  await knex('chat_messages').insert({ game_id: gamePlaying, user_id: users.opponent.id, content: 'gl hf' });
  await knex('blocks').insert({
    blocker_user_id: users.victim.id,
    blocked_user_id: users.idle.id,
    created_at: new Date(),
  });
  const [gameReport] = await knex('reports').insert({
    kind: 'player',
    reporter_user_id: users.player.id,
    reported_user_id: users.opponent.id,
    game_id: gamePlaying,
    reason: 'cheating',
    created_at: new Date(),
  });

  // The queue: one player queued, two in a pending match.
  const season = (await knex('seasons').where('active', true).first('id')) as { id: number };
  await knex('queue_entries').insert({ user_id: users.queued.id, season_id: season.id, elo: 1000 });
  const [match] = await knex('matches').insert({
    season_id: season.id,
    user_1_id: users.matched1.id,
    user_2_id: users.matched2.id,
    deadline_at: new Date(Date.now() + 24 * 3600_000),
  });
  for (const name of ['matched1', 'matched2'] as const) {
    await knex('queue_entries').insert({ user_id: users[name].id, season_id: season.id, elo: 1000, match_id: match });
  }

  // The forum: a thread with an opening post and a reply, reported once.
  const [thread] = await knex('forum_threads').insert({
    category_id: 0,
    user_id: users.opponent.id,
    title: 'Best formation?',
    last_post_at: new Date(),
  });
  await knex('forum_posts').insert({ thread_id: thread!, user_id: users.opponent.id, message: '4-4-2 or 4-3-3?' });
  const [post] = await knex('forum_posts').insert({
    thread_id: thread!,
    user_id: users.victim.id,
    message: 'mean words',
  });
  await knex('forum_threads').where('id', thread).update({ reply_count: 1 });
  await knex('forum_categories').where('id', 0).increment('thread_count', 1);
  const [report] = await knex('reports').insert({
    kind: 'forum',
    post_id: post!,
    reporter_user_id: users.player.id,
    reported_user_id: users.victim.id,
    reason: 'other',
    text: 'insults',
    created_at: new Date(),
  });

  // News with an uploaded image, an IP ban, a guardian link and a password-reset link.
  const png = await pngImage();
  const upload = new FormData();
  upload.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const uploaded = await fetch(new URL('/admin/api/news-images', server.url), {
    method: 'POST',
    headers: { Authorization: `Bearer ${users.editor.id}:${users.editor.auth.token}` },
    body: upload,
  });
  const newsImage = ((await uploaded.json()) as { image_hash: string }).image_hash;
  const [news] = await knex('news').insert({
    title: 'Welcome',
    content: '<p>Hello <b>players</b></p>',
    excerpt: 'Hello players',
    category_id: 0,
    image_hash: newsImage,
    published: true,
    published_at: new Date(Date.now() - 3600_000),
    publisher_user_id: users.editor.id,
  });
  const banned = await fetch(new URL('/admin/api/ip-bans', server.url), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': '192.0.2.1',
      Authorization: `Bearer ${users.staff.id}:${users.staff.auth.token}`,
    },
    body: JSON.stringify({ address: '203.0.113.0/24', reason: 'spam wave' }),
  });
  const ipBan = ((await banned.json()) as { id: number }).id;
  const guardianToken = 'a'.repeat(64);
  await knex('users')
    .where('id', users.minor.id)
    .update({ guardian_token_hash: hashToken(guardianToken), guardian_token_issued_at: server.clock.now() });
  const playerDevice = await createSession(knex, { user_id: users.player.id, ip: '192.0.2.44', user_agent: null });
  const resetToken = 'b'.repeat(64);
  const [resetId] = await knex('password_resets').insert({
    user_id: users.resetting.id,
    token_hash: hashToken(resetToken),
    expires_at: new Date(Date.now() + 24 * 3600_000),
  });
  const emailChangeRow = (confirm: string, undo: string, to: string) => ({
    user_id: users.resetting.id,
    old_email: users.resetting.email,
    new_email: to,
    confirm_token_hash: hashToken(confirm),
    undo_token_hash: hashToken(undo),
    confirm_expires_at: new Date(Date.now() + 24 * 3600_000),
    undo_expires_at: new Date(Date.now() + 24 * 3600_000),
    created_at: new Date(),
  });
  const [confirmChangeId] = await knex('email_changes').insert(
    emailChangeRow('d'.repeat(64), 'e'.repeat(64), 'resetting.moved@example.com'),
  );
  const [undoChangeId] = await knex('email_changes').insert(
    emailChangeRow('f'.repeat(64), '9'.repeat(64), 'resetting.other@example.com'),
  );
  const enrolmentToken = 'c'.repeat(64);
  await knex('enrolment_links').insert({
    user_id: users.enrolling.id,
    token_hash: hashToken(enrolmentToken),
    expires_at: new Date(Date.now() + 24 * 3600_000),
    created_at: new Date(),
  });

  // What `repair` restores: every account's row as built (flags, bans, TOTP, password) and its session.
  const built = new Map<number, Record<string, unknown>>();
  const REPAIRED = [
    'permissions',
    'banned_until',
    'ban_reason',
    'erased_at',
    'totp_enabled',
    'totp_secret',
    'password_hash',
  ];
  for (const row of (await knex('users')
    .whereIn(
      'id',
      Object.values(users).map((u) => u.id),
    )
    .select('id', ...REPAIRED)) as Record<string, unknown>[]) {
    built.set(Number(row.id), row);
  }
  const principals: Principal[] = [
    { name: 'anonymous', auth: null },
    { name: 'player', auth: users.player.auth },
    { name: 'staff', auth: users.staff.auth },
  ];
  const same = (a: unknown, b: unknown) =>
    a instanceof Date || b instanceof Date
      ? new Date(a as Date).getTime() === new Date(b as Date).getTime()
      : a === b || ((a === null) === (b === null) && String(a) === String(b));

  let repairing: Promise<void> = Promise.resolve();

  async function repairOnce(): Promise<void> {
    const rows = (await knex('users')
      .whereIn('id', [...built.keys()])
      .select('id', ...REPAIRED)) as Record<string, unknown>[];
    for (const row of rows) {
      const original = built.get(Number(row.id))!;
      if (REPAIRED.some((column) => !same(row[column], original[column]))) {
        const { id, ...columns } = original;
        await knex('users').where('id', Number(id)).update(columns);
      }
    }
    const all = Object.entries(users) as [UserName, WorldUser][];
    const alive = new Set(
      (
        (await knex('sessions')
          .whereIn(
            'token_hash',
            all.map(([, user]) => hashToken(user.auth.token)),
          )
          .select('token_hash')) as { token_hash: string }[]
      ).map((row) => row.token_hash),
    );
    for (const [name, user] of all) {
      if (alive.has(hashToken(user.auth.token))) continue;
      const fresh = user.console
        ? await createAdminSession(knex, {
            user_id: user.id,
            ip: null,
            user_agent: null,
            second_factor: Boolean(built.get(user.id)?.totp_enabled) || name === 'staff',
            now: server.clock.now(),
          })
        : await createSession(knex, { user_id: user.id, ip: null, user_agent: null });
      // In place, so requests built later (and the principals, which share the object) use the new token.
      user.auth.token = fresh.result.token;
    }
  }

  return {
    server,
    url: server.url,
    users,
    principals,
    ids: {
      gamePlaying,
      gameSubmitted,
      gameConflict,
      thread: Number(thread),
      post: Number(post),
      report: Number(report),
      gameReport: Number(gameReport),
      news: Number(news),
      ipBan: Number(ipBan),
      match: Number(match),
      playerDevice: playerDevice.result.session_id,
    },
    guardianToken,
    reset: { id: Number(resetId), uid: users.resetting.id, token: resetToken },
    emailChange: {
      confirm: { id: Number(confirmChangeId), token: 'd'.repeat(64) },
      undo: { id: Number(undoChangeId), token: '9'.repeat(64) },
    },
    enrolmentToken,
    newsImage,
    png,
    secrets,
    code,
    errors,
    logLines,
    repair: () => {
      // One repair at a time; a deadlock with a request in flight (a sign-out deleting sessions) is retried.
      repairing = repairing
        .catch(() => undefined)
        .then(async () => {
          for (let attempt = 1; ; attempt++) {
            try {
              return await repairOnce();
            } catch (error) {
              if (attempt >= 5 || !/Deadlock|Lock wait timeout/.test(String(error))) throw error;
            }
          }
        });
      return repairing;
    },
    async close() {
      await server.close();
      // Give late socket and Redis callbacks their turn before the listeners go.
      await new Promise((resolve) => setTimeout(resolve, 200));
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
