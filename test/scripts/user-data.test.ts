import { randomBytes } from 'node:crypto';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import test from 'ava';
import { MESSAGES, formatDateTime, type ForumThreadResponse, type GamePayload } from '@ecup/domain';
import { createDiskImageStore, imageRelativePath, normaliseImage, storeAvatar, storeTeamPhoto } from '@ecup/storage';
import { PUBLIC_READ_LIFETIME_MS } from '@ecup/api';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildGame, buildUser, pngImage } from '../helpers/factories.ts';
import { client } from '../helpers/http.ts';
import { cli } from '../helpers/cli.ts';

/**
 * users:export and users:erase (docs/decisions.md#permissions: a player's data can be exported and erased, anonymised without
 * breaking opponents' history). One running API for the file; tests run serially because the "nothing changed"
 * checks compare whole tables.
 */

let server: TestServer;
let api: ReturnType<typeof client>;

test.before(async () => {
  server = await startTestServer({ label: 'userdata', env: { TRUST_PROXY: 'on' } });
  api = client(server.url, { spreadAddresses: true });
});
test.after.always(async () => server?.close());

const run = (args: string[]) =>
  cli(args, { databaseUrl: server.config.databaseUrl, env: { UPLOAD_DIR: server.uploads } });

const TABLES = [
  'users',
  'sessions',
  'password_resets',
  'email_changes',
  'queue_entries',
  'matches',
  'games',
  'chat_messages',
  'evidence',
  'forum_threads',
  'forum_posts',
  'reports',
  'trophies',
  'trophy_moves',
  'emails',
  'bans',
  'audit_log',
] as const;

/** Every row of every table that holds a player's data, to show a refused or dry command changed nothing. */
async function snapshot() {
  const tables: Record<string, unknown[]> = {};
  for (const table of TABLES) tables[table] = await server.knex(table).orderBy('id').select('*');
  return tables;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const RESET_TOKEN = 'ab'.repeat(32);

/**
 * Alice (the player to erase) and Bob (her opponent), with a final game 3-1 for Alice and its Elo change, a chat
 * line each, evidence, a forum thread with Alice's post and Bob's reply, Alice's report of Bob's post, a password
 * reset, an e-mail with a reset link, a lifted ban, a queue entry, an avatar and a team photo, and a session from
 * a real sign-in.
 */
async function aliceAndBob(aliceFields: { permissions?: number } = {}) {
  const knex = server.knex;
  const images = createDiskImageStore(server.uploads);
  const jpeg = await normaliseImage(await pngImage());
  const avatar_hash = await storeAvatar(images, jpeg);
  const team_avatar_hash = await storeTeamPhoto(images, jpeg);
  const alice = await buildUser(knex, {
    first_name: 'Alice',
    last_name: 'Andersson',
    elo: 1020,
    wins: 1,
    games_played: 1,
    scored_goals: 3,
    conceded_goals: 1,
    guardian_email: 'alice.parent@example.com',
    avatar_hash,
    team_avatar_hash,
    ...aliceFields,
  });
  const bob = await buildUser(knex, {
    first_name: 'Bertil',
    last_name: 'Bobsson',
    elo: 980,
    losses: 1,
    games_played: 1,
    scored_goals: 1,
    conceded_goals: 3,
  });
  const gameId = await buildGame(knex, {
    user_1_id: alice.id,
    user_2_id: bob.id,
    state: 'final',
    score_1: 3,
    score_2: 1,
    submitted_user_id: alice.id,
    created_at: new Date(Date.now() - 3600_000),
  });
  await knex('games')
    .where('id', gameId)
    .update({
      confirmed_user_id: bob.id,
      final_at: new Date(Date.now() - 1800_000),
      elo_1_before: 1000,
      elo_2_before: 1000,
      elo_1_after: 1020,
      elo_2_after: 980,
    });
  await knex('chat_messages').insert([
    { game_id: gameId, user_id: alice.id, content: 'gg, my number is 070-1234567' },
    { game_id: gameId, user_id: bob.id, content: 'gg Bob here' },
  ]);
  await knex('evidence').insert({ game_id: gameId, user_id: alice.id, youtube_id: 'dQw4w9WgXcQ' });
  const [threadId] = await knex('forum_threads').insert({
    category_id: 3,
    user_id: alice.id,
    title: 'Looking for a team',
    reply_count: 1,
  });
  const [alicePostId] = await knex('forum_posts').insert({
    thread_id: threadId!,
    user_id: alice.id,
    message: 'I live in Lerum, write to me',
  });
  const [bobPostId] = await knex('forum_posts').insert({
    thread_id: threadId!,
    user_id: bob.id,
    message: 'Bob replies',
  });
  await knex('reports').insert({
    kind: 'forum',
    post_id: bobPostId!,
    reporter_user_id: alice.id,
    reported_user_id: bob.id,
    reason: 'other',
    text: 'Alice thinks this is rude',
    created_at: new Date(),
  });
  await knex('password_resets').insert({
    user_id: alice.id,
    token_hash: 'cd'.repeat(32),
    expires_at: new Date(Date.now() + 3600_000),
  });
  await knex('email_changes').insert({
    user_id: alice.id,
    old_email: alice.email,
    new_email: 'alice.new@example.com',
    confirm_token_hash: randomBytes(32).toString('hex'),
    undo_token_hash: randomBytes(32).toString('hex'),
    confirm_expires_at: new Date(Date.now() + 3600_000),
    undo_expires_at: new Date(Date.now() + 3600_000),
    created_at: new Date(),
  });
  await knex('emails').insert([
    {
      kind: 'password_reset',
      user_id: alice.id,
      to_address: alice.email,
      subject: 'Reset your password',
      text_body: `Reset it here: http://localhost:3000/reset_password/${alice.id}/${RESET_TOKEN}`,
    },
    {
      kind: 'password_reset',
      user_id: bob.id,
      to_address: bob.email,
      subject: 'Reset your password',
      text_body: 'Bob only',
    },
  ]);
  await knex('bans').insert({ user_id: alice.id, reason: 'Spam', lifted_at: new Date() });
  const season = (await knex('seasons').where('active', true).first('id')) as { id: number };
  await knex('queue_entries').insert({ user_id: alice.id, season_id: season.id, elo: 1020 });
  const login = await api.post<{ id: number; token: string }>('/user/login', {
    username: alice.username,
    password: alice.password,
  });
  if (login.status !== 200) throw new Error(`alice could not sign in: ${JSON.stringify(login.body)}`);
  const bobLogin = await api.post<{ id: number; token: string }>('/user/login', {
    username: bob.username,
    password: bob.password,
  });
  const avatarFiles = (['avatar_orig', 'avatar_medium', 'avatar_small'] as const).map((kind) =>
    path.join(server.uploads, imageRelativePath(kind, avatar_hash)),
  );
  const teamFile = path.join(server.uploads, imageRelativePath('team', team_avatar_hash));
  return {
    alice,
    bob,
    gameId,
    threadId: Number(threadId),
    alicePostId: Number(alicePostId),
    bobPostId: Number(bobPostId),
    aliceSession: login.body,
    bobSession: bobLogin.body,
    files: [...avatarFiles, teamFile],
  };
}

/** The parts of a users:export document the tests read. */
interface ExportDoc {
  profile: Record<string, unknown>;
  sessions: { ip: string; created_at: string }[];
  games: {
    id: number;
    opponent_username: string;
    your_score: number;
    opponent_score: number;
    state: string;
    your_elo_after: number;
  }[];
  chat_messages: { content: string }[];
  evidence: { youtube_id: string }[];
  forum_threads: { id: number; title: string }[];
  forum_posts: { id: number; message: string }[];
  reports: { kind: string; post_id: number | null; text: string | null }[];
  emails: { to_address: string; text_body: string }[];
  bans: { reason: string }[];
  password_resets: unknown[];
  email_changes: { new_email: string; confirm_token_hash?: string }[];
  queue_entry: { elo: number } | null;
  images: { kind: string }[];
}

type RankingList = { rankings: Record<string, unknown>[]; total: number };

async function ranking() {
  const answer = await api.get<RankingList>('/ranking/list', { query: { amount: 250 } });
  return answer.body.rankings;
}

test.serial(
  'users:export prints the player’s data as JSON, with opponents by username only and no secrets',
  async (t) => {
    const { alice, bob, gameId, threadId, alicePostId, bobPostId } = await aliceAndBob();
    const result = await run(['users:export', alice.username]);
    t.is(result.code, 0, result.stderr);
    t.is(result.stderr, '');
    const data = JSON.parse(result.stdout) as ExportDoc;

    t.is(data.profile.id, alice.id);
    t.is(data.profile.username, alice.username);
    t.is(data.profile.email, alice.email);
    t.is(data.profile.first_name, 'Alice');
    t.is(data.profile.guardian_email, 'alice.parent@example.com');
    t.is(data.profile.birth_date, '2000-01-01');
    t.is(data.profile.hide_real_name, false, 'the privacy setting is part of the copy');
    t.is(data.sessions.length, 1);
    t.regex(data.sessions[0]!.ip, /^198\.18\./);
    t.truthy(data.sessions[0]!.created_at);
    t.deepEqual(
      data.games.map((g) => [g.id, g.opponent_username, g.your_score, g.opponent_score, g.state]),
      [[gameId, bob.username, 3, 1, 'final']],
    );
    t.is(data.games[0]!.your_elo_after, 1020);
    t.deepEqual(
      data.chat_messages.map((m) => m.content),
      ['gg, my number is 070-1234567'],
    );
    t.is(data.evidence[0]!.youtube_id, 'dQw4w9WgXcQ');
    t.deepEqual(
      data.forum_threads.map((th) => [th.id, th.title]),
      [[threadId, 'Looking for a team']],
    );
    t.deepEqual(
      data.forum_posts.map((p) => [p.id, p.message]),
      [[alicePostId, 'I live in Lerum, write to me']],
    );
    t.deepEqual(
      data.reports.map((r) => [r.kind, r.post_id, r.text]),
      [['forum', bobPostId, 'Alice thinks this is rude']],
    );
    t.is(data.emails.length, 1);
    t.is(data.emails[0]!.to_address, alice.email);
    t.true(data.emails[0]!.text_body.includes('[token removed]'));
    t.deepEqual(
      data.bans.map((b) => b.reason),
      ['Spam'],
    );
    t.is(data.password_resets.length, 1);
    t.deepEqual(
      data.email_changes.map((c) => c.new_email),
      ['alice.new@example.com'],
    );
    t.false('confirm_token_hash' in data.email_changes[0]!, 'no link token hashes');
    t.is(data.queue_entry?.elo, 1020);
    t.deepEqual(
      data.images.map((i) => i.kind),
      ['avatar_orig', 'avatar_medium', 'avatar_small', 'team'],
    );

    // No secrets and nothing private of anyone else.
    const text = result.stdout;
    const aliceRow = await server.knex('users').where('id', alice.id).first('password_hash');
    const sessionRow = await server.knex('sessions').where('user_id', alice.id).first('token_hash');
    for (const secret of [aliceRow!.password_hash, sessionRow!.token_hash, 'cd'.repeat(32), RESET_TOKEN]) {
      t.false(text.includes(secret));
    }
    for (const key of ['password_hash', 'token_hash', 'guardian_token_hash', 'totp_secret']) {
      t.false(text.includes(`"${key}"`), key);
    }
    for (const other of [bob.email, 'Bertil', 'Bobsson', 'gg Bob here', 'Bob only']) {
      t.false(text.includes(other), other);
    }
  },
);

test.serial('users:export --out writes the file and accepts a numeric id', async (t) => {
  const { alice } = await aliceAndBob();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-export-'));
  try {
    const file = path.join(dir, 'alice.json');
    const result = await run(['users:export', String(alice.id), '--out', file]);
    t.is(result.code, 0, result.stderr);
    t.is(result.stdout, '');
    t.is(result.stderr, `Wrote the data of user ${alice.id} to ${file}.\n`);
    const data = JSON.parse(await readFile(file, 'utf8')) as { profile: { username: string } };
    t.is(data.profile.username, alice.username);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.serial('users:export of an unknown user exits 1 with "There is no user named …"', async (t) => {
  const result = await run(['users:export', 'nobody_here']);
  t.is(result.code, 1);
  t.is(result.stdout, '');
  t.is(
    result.stderr,
    'error: There is no user named "nobody_here". An erased account has no username any more: give its numeric id.\n',
  );
  const byId = await run(['users:export', '99999999']);
  t.is(byId.code, 1);
  t.is(byId.stderr, 'error: There is no user with id 99999999.\n');
});

test.serial('users:erase --dry-run reports the counts it would change and changes nothing', async (t) => {
  const { alice, files } = await aliceAndBob();
  const before = await snapshot();
  const result = await run(['users:erase', alice.username, '--dry-run']);
  t.is(result.code, 0, result.stderr);
  t.is(result.stderr, '');
  const lines = result.stdout.split('\n');
  t.is(
    lines[0],
    `Dry run: erasing ${alice.username} (id ${alice.id}) would change the following. Nothing was changed.`,
  );
  t.true(lines.includes('  sessions         1 row deleted'), result.stdout);
  t.true(lines.includes('  chat_messages    1 row replaced by "[removed]"'), result.stdout);
  t.true(lines.includes('  forum_posts      1 row replaced by "[removed]"'), result.stdout);
  t.true(lines.includes('  image files      4 files deleted'), result.stdout);
  t.true(result.stdout.includes('Kept as they are (would stay under the anonymous name): 1 game,'), result.stdout);
  t.deepEqual(await snapshot(), before);
  for (const file of files) t.true(await exists(file), file);
});

test.serial(
  'users:erase refuses an unknown user, a missing or wrong --confirm and a staff account, changing nothing',
  async (t) => {
    const { alice } = await aliceAndBob();
    const staff = await buildUser(server.knex, { permissions: 33 });
    const before = await snapshot();

    const unknown = await run(['users:erase', 'nobody_here', '--confirm', 'nobody_here']);
    t.is(unknown.code, 1);
    t.is(
      unknown.stderr,
      'error: There is no user named "nobody_here". An erased account has no username any more: give its numeric id.\n',
    );

    const missing = await run(['users:erase', alice.username]);
    t.is(missing.code, 1);
    t.is(
      missing.stderr,
      `error: To erase ${alice.username} (id ${alice.id}), repeat the username: --confirm ${alice.username}\n`,
    );

    const wrong = await run(['users:erase', String(alice.id), '--confirm', 'someone_else']);
    t.is(wrong.code, 1);
    t.is(
      wrong.stderr,
      `error: --confirm "someone_else" does not match the username "${alice.username}" of user ${alice.id}. Nothing was changed.\n`,
    );

    const wrongDry = await run(['users:erase', alice.username, '--confirm', alice.username.toUpperCase(), '--dry-run']);
    t.is(wrongDry.code, 1);

    const staffRun = await run(['users:erase', staff.username, '--confirm', staff.username]);
    t.is(staffRun.code, 1);
    t.is(
      staffRun.stderr,
      `error: ${staff.username} (id ${staff.id}) is staff (permissions 33: canSeeUserProfile, canResolveConflicts). ` +
        'Take the permissions away first, or add --force to erase the account anyway.\n',
    );

    t.deepEqual(await snapshot(), before);
    for (const refused of [unknown, missing, wrong, wrongDry, staffRun]) t.is(refused.stdout, '');
  },
);

test.serial(
  'users:erase anonymises the player: opponents keep the game and score under "deleted-<id>", the ranking drops only the erased player',
  async (t) => {
    const { alice, bob, gameId, threadId, alicePostId, bobPostId, aliceSession, bobSession, files } =
      await aliceAndBob();
    const rankedBefore = await ranking();
    t.truthy(rankedBefore.find((row) => row.id === alice.id));
    const bobEntryBefore = rankedBefore.find((row) => row.id === bob.id)!;
    const bobRowBefore = await server.knex('users').where('id', bob.id).first();
    const gameBefore = await server.knex('games').where('id', gameId).first();
    const othersBefore = await server.knex('users').whereNot('id', alice.id).orderBy('id').select('*');

    const result = await run(['users:erase', alice.username, '--confirm', alice.username]);
    t.is(result.code, 0, result.stderr);
    t.is(result.stderr, '');
    const anonymous = `deleted-${alice.id}`;
    t.is(result.stdout.split('\n')[0], `Erased ${alice.username} (id ${alice.id}): the account is now ${anonymous}.`);

    // The user row: neutral values, no way in, no permissions.
    const row = await server.knex('users').where('id', alice.id).first();
    t.like(row, {
      username: anonymous,
      first_name: 'Deleted',
      last_name: 'Player',
      email: `${anonymous}@erased.invalid`,
      gamer_tag: anonymous,
      avatar_hash: null,
      team_avatar_hash: null,
      guardian_email: null,
      team_name: '',
      fifa_team_name: '',
      permissions: 0,
      password_hash: '!erased',
      // The statistics stay: they are the other side of the opponents' results.
      elo: 1020,
      wins: 1,
      games_played: 1,
    });
    t.truthy(row!.erased_at);
    t.is(new Date(row!.birth_date).toISOString().slice(0, 10), '1900-01-01');

    // Deleted rows and files.
    for (const table of ['sessions', 'password_resets', 'email_changes', 'queue_entries', 'emails', 'bans']) {
      t.is((await server.knex(table).where('user_id', alice.id)).length, 0, table);
    }
    t.is((await server.knex('emails').where('user_id', bob.id)).length, 1);
    for (const file of files) t.false(await exists(file), file);

    // Opponents' history, Elo and every other player's row are untouched.
    t.deepEqual(await server.knex('games').where('id', gameId).first(), gameBefore);
    t.deepEqual(await server.knex('users').where('id', bob.id).first(), bobRowBefore);
    t.deepEqual(await server.knex('users').whereNot('id', alice.id).orderBy('id').select('*'), othersBefore);

    // Bob's view of the game: the anonymous name, the score, Alice's chat line replaced, his own intact.
    const game = await api.get<GamePayload>('/game/get', { auth: bobSession, query: { id: gameId } });
    t.is(game.status, 200);
    t.is(game.body.user_1.username, anonymous);
    t.is(game.body.user_1.first_name, 'Deleted');
    t.is(game.body.user_2.username, bob.username);
    t.deepEqual([game.body.score_1, game.body.score_2, game.body.state], [3, 1, 'final']);
    t.deepEqual(
      game.body.messages.map((m) => [m.name, m.content]),
      [
        [anonymous, MESSAGES.contentRemoved],
        [bob.username, 'gg Bob here'],
      ],
    );
    t.is(game.body.evidence[0]!.username, anonymous);

    // The forum thread keeps both posts in place; Alice's text is gone, Bob's reply stays.
    const thread = await api.get<ForumThreadResponse>('/forums/posts', { query: { thread_id: threadId } });
    t.is(thread.status, 200);
    t.deepEqual(
      thread.body.posts.map((p) => [p.id, p.username, p.message]),
      [
        [alicePostId, anonymous, MESSAGES.contentRemoved],
        [bobPostId, bob.username, 'Bob replies'],
      ],
    );
    const report = await server.knex('reports').where('reporter_user_id', alice.id).first('text');
    t.is(report!.text, MESSAGES.contentRemoved);

    // The ranking: Alice is gone; Bob's entry is the same apart from his place. users:erase runs as its own process,
    // which the API is not told about: its cached ranking pages show the change within their lifetime.
    server.clock.advance(PUBLIC_READ_LIFETIME_MS);
    const rankedAfter = await ranking();
    t.falsy(rankedAfter.find((r) => r.id === alice.id));
    t.false(JSON.stringify(rankedAfter).includes(anonymous));
    const { rank: _before, ...bobBefore } = bobEntryBefore;
    const { rank: _after, ...bobAfter } = rankedAfter.find((r) => r.id === bob.id)!;
    t.deepEqual(bobAfter, bobBefore);
    for (const text of [alice.username, alice.gamer_tag]) {
      const search = await api.get<RankingList>('/ranking/list', { query: { search: text } });
      t.deepEqual(search.body.rankings, [], text);
    }

    // Alice cannot sign in with her old name or the anonymous one, and her old session is gone.
    for (const username of [alice.username, anonymous]) {
      const login = await api.post('/user/login', { username, password: alice.password });
      t.is(login.status, 401, username);
      t.is(login.body.error, MESSAGES.wrongCredentials);
    }
    const auth = await api.get('/user/auth', { auth: aliceSession });
    t.is(auth.status, 401);

    // One audit row, written by the CLI, with no personal data in it.
    const audit = await server.knex('audit_log').where({ action: 'user.erase', entity_id: String(alice.id) });
    t.is(audit.length, 1);
    t.is(audit[0]!.actor_user_id, null);
    t.is(audit[0]!.entity, 'user');
    for (const personal of [alice.username, alice.email, 'Alice', 'Andersson']) {
      t.false(`${audit[0]!.before}${audit[0]!.after}`.includes(personal), personal);
    }
  },
);

test.serial('users:erase of an erased account exits 1 with "already erased" and changes nothing', async (t) => {
  const { alice } = await aliceAndBob();
  const now = new Date();
  const first = await cli(['users:erase', alice.username, '--confirm', alice.username], {
    databaseUrl: server.config.databaseUrl,
    env: { UPLOAD_DIR: server.uploads },
    now,
  });
  t.is(first.code, 0, first.stderr);
  const before = await snapshot();
  const erasedAt = (await server.knex('users').where('id', alice.id).first('erased_at'))!.erased_at as Date;

  const byId = await run(['users:erase', String(alice.id), '--confirm', `deleted-${alice.id}`]);
  t.is(byId.code, 1);
  t.is(
    byId.stderr,
    `error: User ${alice.id} was already erased on ${formatDateTime(erasedAt)}. Nothing was changed.\n`,
  );

  const byAnonymousName = await run(['users:erase', `deleted-${alice.id}`, '--dry-run']);
  t.is(byAnonymousName.code, 1);
  t.is(byAnonymousName.stderr, byId.stderr);

  const byOldName = await run(['users:erase', alice.username, '--confirm', alice.username]);
  t.is(byOldName.code, 1);
  t.is(
    byOldName.stderr,
    `error: There is no user named "${alice.username}". An erased account has no username any more: give its numeric id.\n`,
  );
  t.deepEqual(await snapshot(), before);
});

test.serial('users:erase --force erases a staff account and takes its permissions away', async (t) => {
  const { alice } = await aliceAndBob({ permissions: 127 });
  const result = await run(['users:erase', alice.username, '--confirm', alice.username, '--force']);
  t.is(result.code, 0, result.stderr);
  const row = await server.knex('users').where('id', alice.id).first('permissions', 'erased_at', 'totp_secret');
  t.is(row!.permissions, 0);
  t.truthy(row!.erased_at);
  t.is(row!.totp_secret, null);
});

test.serial('users:export of an erased account shows only the anonymous profile and kept history', async (t) => {
  const { alice, bob } = await aliceAndBob();
  t.is((await run(['users:erase', alice.username, '--confirm', alice.username])).code, 0);
  const result = await run(['users:export', String(alice.id)]);
  t.is(result.code, 0, result.stderr);
  const data = JSON.parse(result.stdout) as ExportDoc;
  t.is(data.profile.username, `deleted-${alice.id}`);
  t.truthy(data.profile.erased_at);
  t.deepEqual(data.sessions, []);
  t.is(data.games[0]!.opponent_username, bob.username);
  for (const gone of [alice.username, alice.email, 'Andersson', 'Lerum', '070-1234567']) {
    t.false(result.stdout.includes(gone), gone);
  }
});

test.serial('two users:erase runs at once erase once: one succeeds, the other exits 1 "already erased"', async (t) => {
  const { alice } = await aliceAndBob();
  const args = ['users:erase', String(alice.id), '--confirm', alice.username];
  const results = await Promise.all([run(args), run(args)]);
  t.deepEqual(results.map((r) => r.code).sort(), [0, 1]);
  const refused = results.find((r) => r.code === 1)!;
  t.regex(
    refused.stderr,
    new RegExp(`^error: User ${alice.id} was already erased on .+\\. Nothing was changed\\.\\n$`),
  );
  const audit = await server.knex('audit_log').where({ action: 'user.erase', entity_id: String(alice.id) });
  t.is(audit.length, 1);
});
