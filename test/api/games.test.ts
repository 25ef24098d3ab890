import { existsSync } from 'node:fs';
import path from 'node:path';
import test from 'ava';
import sharp from 'sharp';
import {
  ALL_PERMISSIONS,
  CHAT_MESSAGE_MAX,
  CONFLICT_ESCALATION_MS,
  EVIDENCE_THUMB_WIDTH,
  MESSAGES,
  PERMISSIONS,
  RESULT_ENTRY_DELAY_MS,
  rateGame,
  type ActiveGameResponse,
  type ChatMessagePayload,
  type ConflictListResponse,
  type EvidencePayload,
  type GamePayload,
  message,
} from '@ecup/domain';
import { createAdminSession } from '@ecup/db';
import { apiSuite } from '../helpers/api-suite.ts';
import type { buildUser } from '../helpers/factories.ts';
import { buildGame, pngImage, type GameFields } from '../helpers/factories.ts';
import { signedInUser, type Player } from '../helpers/sockets.ts';
import type { Credentials } from '../helpers/http.ts';

// Tests that move the shared clock are serial (AVA runs them before the concurrent ones), so no other test sees
// the clock jump while it counts on it.
const serial = test.serial;

const suite = apiSuite({ label: 'games' });

const signedIn = (overrides: Parameters<typeof buildUser>[1] = {}): Promise<Player> =>
  signedInUser(suite.server.knex, overrides);

const moderator = () => signedIn({ permissions: PERMISSIONS.canResolveConflicts });

/** A game between two players; by default it started 13 minutes ago, so the result form is open. */
async function gameBetween(a: Player, b: Player, fields: Partial<GameFields> = {}): Promise<number> {
  return buildGame(suite.server.knex, {
    user_1_id: a.user.id,
    user_2_id: b.user.id,
    created_at: new Date(suite.server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
    ...fields,
  });
}

const getGame = (auth: Credentials, id: number | string) =>
  suite.api.get<GamePayload>('/game/get', { auth, query: { id } });
const submit = (auth: Credentials, game_id: number, score_1: unknown, score_2: unknown) =>
  suite.api.postJson<GamePayload>('/game/submit', { game_id, score_1, score_2 }, { auth });
const confirm = (auth: Credentials, game_id: number) =>
  suite.api.postJson<GamePayload>('/game/confirm', { game_id }, { auth });
const protest = (auth: Credentials, game_id: number) =>
  suite.api.postJson<GamePayload>('/game/escalate', { game_id }, { auth });
const dropped = (auth: Credentials, game_id: number, dropped_user_id: number) =>
  suite.api.postJson<GamePayload>('/game/dropped', { game_id, dropped_user_id }, { auth });
const chat = (auth: Credentials, game_id: number, message: string) =>
  suite.api.postJson<{ message: ChatMessagePayload | null }>('/game/chat/send_message', { game_id, message }, { auth });
const adminEdit = (auth: Credentials, fields: Record<string, string>) =>
  suite.api.post<GamePayload>('/admin/games/edit', fields, { auth });

async function statsOf(userId: number) {
  return suite.server
    .knex('users')
    .where('id', userId)
    .first('wins', 'losses', 'ties', 'scored_goals', 'conceded_goals', 'games_played', 'elo');
}

async function gameRow(id: number) {
  return suite.server.knex('games').where('id', id).first();
}

// --- Result entry time and score validation ---

serial(
  "answers 409 'The result can be entered 12 minutes after the game started.' before 12 minutes, then accepts it",
  async (t) => {
    const a = await signedIn();
    const b = await signedIn();
    const id = await gameBetween(a, b, { created_at: suite.server.clock.now() });
    const early = await submit(a.auth, id, 2, 1);
    t.is(early.status, 409);
    t.deepEqual(early.body, message('resultNotOpenYet') as unknown as GamePayload);
    t.is((await gameRow(id))!.state, 'playing');

    suite.server.clock.advance(RESULT_ENTRY_DELAY_MS);
    const res = await submit(a.auth, id, 2, 1);
    t.is(res.status, 200);
    t.is(res.body.id, id);
    t.is(res.body.state, 'submitted');
    t.is(res.body.score_1, 2);
    t.is(res.body.score_2, 1);
    t.is(res.body.submitted_user_id, a.user.id);
    t.is(res.body.confirmed_user_id, null);
    t.is(res.body.escalates_at_ms, res.body.server_time_ms + CONFLICT_ESCALATION_MS);
    t.deepEqual(res.body.messages, []);
    t.deepEqual(res.body.evidence, []);
  },
);

test("answers 400 'Score must be a value between 0 and 100' for scores outside 0-99 and changes nothing", async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  for (const [s1, s2] of [
    [100, 1],
    [1, -1],
    ['abc', 2],
    [2.5, 1],
    [undefined, 1],
  ]) {
    const res = await submit(a.auth, id, s1, s2);
    t.is(res.status, 400, `${s1}-${s2}`);
    t.deepEqual(res.body, message('scoreRange') as unknown as GamePayload);
  }
  t.is((await gameRow(id))!.state, 'playing');
  t.is((await submit(a.auth, id, '0', '99')).status, 200, 'digits are fine');
});

test('the player app sends scores in game order: user 2 submitting 1-4 means user 1 scored 1', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  const res = await submit(b.auth, id, 1, 4);
  t.is(res.status, 200);
  t.like(await gameRow(id), { score_1: 1, score_2: 4, submitted_user_id: b.user.id });
});

// --- Verify ---

test('verify makes the result final: stats and Elo exactly as rateGame says, and the ranking order changes', async (t) => {
  const a = await signedIn({ elo: 2990, games_played: 10 });
  const b = await signedIn({ elo: 3000, games_played: 35, wins: 5, losses: 30 });
  const place = async () => {
    const res = await suite.api.get<{ rankings: { id: number }[] }>('/ranking/list', { query: { amount: 250 } });
    const ids = res.body.rankings.map((r) => r.id);
    return { a: ids.indexOf(a.user.id), b: ids.indexOf(b.user.id) };
  };
  const before = await place();
  t.true(before.b < before.a, 'b leads before the game');

  const id = await gameBetween(a, b);
  t.is((await submit(a.auth, id, 2, 1)).status, 200);
  const res = await confirm(b.auth, id);
  t.is(res.status, 200);
  const rated = rateGame({ elo_1: 2990, games_1: 10, elo_2: 3000, games_2: 35, score_1: 2, score_2: 1 });
  t.like(res.body, {
    state: 'final',
    score_1: 2,
    score_2: 1,
    confirmed_user_id: b.user.id,
    conflict: false,
    escalates_at_ms: null,
    elo_change_1: rated.elo_1 - 2990,
    elo_change_2: rated.elo_2 - 3000,
  });
  t.is(res.body.user_1.elo, rated.elo_1);
  t.is(res.body.user_2.elo, rated.elo_2);
  t.deepEqual(await statsOf(a.user.id), {
    wins: 1,
    losses: 0,
    ties: 0,
    scored_goals: 2,
    conceded_goals: 1,
    games_played: 11,
    elo: rated.elo_1,
  });
  t.deepEqual(await statsOf(b.user.id), {
    wins: 5,
    losses: 31,
    ties: 0,
    scored_goals: 1,
    conceded_goals: 2,
    games_played: 36,
    elo: rated.elo_2,
  });
  t.like(await gameRow(id), { elo_1_before: 2990, elo_1_after: rated.elo_1, elo_2_before: 3000 });
  const after = await place();
  t.true(after.a < after.b, 'a leads after winning');
});

test('a draw adds a tie to both players', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  await submit(b.auth, id, 2, 2);
  t.is((await confirm(a.auth, id)).status, 200);
  t.like(await statsOf(a.user.id), {
    wins: 0,
    losses: 0,
    ties: 1,
    scored_goals: 2,
    conceded_goals: 2,
    games_played: 1,
  });
  t.like(await statsOf(b.user.id), { ties: 1, games_played: 1, elo: 1000 });
});

test("answers 409 'There is no result from your opponent to answer.' when the submitter verifies their own result", async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  const none = await confirm(b.auth, id);
  t.is(none.status, 409);
  t.is((none.body as unknown as { error: string }).error, MESSAGES.nothingToVerify);
  await submit(a.auth, id, 1, 0);
  const own = await confirm(a.auth, id);
  t.is(own.status, 409);
  t.is((own.body as unknown as { error: string }).error, MESSAGES.nothingToVerify);
  t.is((await gameRow(id))!.state, 'submitted');
});

test("answers one 200 and one 409 'already verified' when the opponent verifies twice at once; Elo moves once", async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  await submit(a.auth, id, 3, 0);
  const answers = await Promise.all([confirm(b.auth, id), confirm(b.auth, id), confirm(b.auth, id)]);
  t.deepEqual(answers.map((r) => r.status).sort(), [200, 409, 409]);
  for (const refused of answers.filter((r) => r.status === 409)) {
    t.deepEqual(refused.body, message('resultAlreadyVerified') as unknown as GamePayload);
  }
  const rated = rateGame({ elo_1: 1000, games_1: 0, elo_2: 1000, games_2: 0, score_1: 3, score_2: 0 });
  t.like(await statsOf(a.user.id), { wins: 1, games_played: 1, scored_goals: 3, elo: rated.elo_1 });
  t.like(await statsOf(b.user.id), { losses: 1, games_played: 1, conceded_goals: 3, elo: rated.elo_2 });
  const again = await confirm(a.auth, id);
  t.deepEqual(again.body, message('gameAlreadyFinal') as unknown as GamePayload);
});

test("answers one 200 and one 409 'already submitted' when both players submit at once", async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  const [ra, rb] = await Promise.all([submit(a.auth, id, 2, 0), submit(b.auth, id, 0, 5)]);
  t.deepEqual([ra.status, rb.status].sort(), [200, 409]);
  const [won, lost] = ra.status === 200 ? [ra, rb] : [rb, ra];
  t.deepEqual(lost.body, message('resultAlreadySubmitted') as unknown as GamePayload);
  const row = await gameRow(id);
  t.is(row!.submitted_user_id, won.body.submitted_user_id);
  t.deepEqual([row!.score_1, row!.score_2], [won.body.score_1, won.body.score_2]);
});

// --- Protest ---

test("protest sends the game to conflict; a verify after it answers 409 'This game is in conflict.'", async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  await submit(a.auth, id, 5, 0);
  const res = await protest(b.auth, id);
  t.is(res.status, 200);
  t.like(res.body, { state: 'conflict', conflict: true, conflict_solved: false, escalates_at_ms: null });
  const late = await confirm(b.auth, id);
  t.is(late.status, 409);
  t.deepEqual(late.body, message('gameInConflict') as unknown as GamePayload);
  t.is((await protest(b.auth, id)).status, 409, 'a second protest');
  t.like(await statsOf(a.user.id), { games_played: 0, wins: 0, elo: 1000 });
  const active = await suite.api.get<ActiveGameResponse>('/game/get_active', { auth: a.auth });
  t.deepEqual(active.body, { game_id: null }, 'a game in conflict does not hold the player back');
});

// --- Opponent left ---

test("'Opponent left' naming anyone but the opponent answers 400; confirmed, it is a 3-0 forfeit win", async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const stranger = await signedIn();
  const id = await gameBetween(a, b, { created_at: suite.server.clock.now() });
  for (const wrong of [b.user.id, stranger.user.id]) {
    const res = await dropped(b.auth, id, wrong);
    t.is(res.status, 400);
    t.deepEqual(res.body, message('droppedUserInvalid') as unknown as GamePayload);
  }
  const res = await dropped(b.auth, id, a.user.id);
  t.is(res.status, 200, 'a no-show is reported before the result form opens');
  t.like(res.body, { state: 'dropped', dropped_user_id: a.user.id, score_1: 0, score_2: 3, submitted_user_id: null });
  t.is(res.body.escalates_at_ms, res.body.server_time_ms + CONFLICT_ESCALATION_MS);
  t.is((await dropped(a.auth, id, b.user.id)).status, 409, 'one report per game');
  t.is((await confirm(b.auth, id)).status, 409, 'the reporter does not answer their own report');

  const final = await confirm(a.auth, id);
  t.is(final.status, 200);
  t.like(final.body, { state: 'final', score_1: 0, score_2: 3, confirmed_user_id: a.user.id });
  t.like(await statsOf(b.user.id), { wins: 1, scored_goals: 3, conceded_goals: 0, games_played: 1 });
  t.like(await statsOf(a.user.id), { losses: 1, scored_goals: 0, conceded_goals: 3, games_played: 1 });
});

// --- Evidence ---

test("evidence: a YouTube link is stored by its id; 'Invalid YouTube link' otherwise; refused while playing", async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  const link = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42';
  const early = await suite.api.postJson('/game/upload_evidence', { game_id: id, youtube_id: link }, { auth: a.auth });
  t.is(early.status, 409);
  t.deepEqual(early.body, message('evidenceNotOpen'));

  await submit(a.auth, id, 1, 0);
  const res = await suite.api.post<{ evidence: EvidencePayload; message: string }>(
    '/game/upload_evidence',
    { game_id: String(id), youtube_id: link },
    { auth: b.auth },
  );
  t.is(res.status, 200);
  t.is(res.body.message, MESSAGES.evidenceUploaded);
  t.like(res.body.evidence, {
    youtube_id: 'dQw4w9WgXcQ',
    evidence_hash: null,
    user_id: b.user.id,
    username: b.user.username,
  });
  const bad = await suite.api.postJson(
    '/game/upload_evidence',
    { game_id: id, youtube_id: 'https://vimeo.com/watch?v=dQw4w9WgXcQ' },
    { auth: b.auth },
  );
  t.is(bad.status, 400);
  t.deepEqual(bad.body, message('invalidYoutubeLink'));
  const empty = await suite.api.postJson('/game/upload_evidence', { game_id: id, youtube_id: ' ' }, { auth: b.auth });
  t.is(empty.status, 400);
  t.deepEqual(empty.body, message('evidenceMissing'));
  const game = await getGame(a.auth, id);
  t.deepEqual(game.body.evidence, [res.body.evidence]);
});

test('evidence: an image is re-encoded and stored under evidence/, listed with the uploader, in conflict too', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  await submit(a.auth, id, 1, 0);
  await protest(b.auth, id);
  const photo = { data: await pngImage(), name: 'proof.png', type: 'image/png' };
  const res = await suite.api.postMultipart<{ evidence: EvidencePayload; message: string }>(
    '/game/upload_evidence',
    { game_id: String(id) },
    { photo },
    { auth: a.auth },
  );
  t.is(res.status, 200);
  t.is(res.body.message, MESSAGES.evidenceUploaded);
  const hash = res.body.evidence.evidence_hash!;
  t.regex(hash, /^[0-9a-f]{32}$/);
  t.is(res.body.evidence.youtube_id, null);
  t.true(existsSync(path.join(suite.server.uploads, 'evidence', hash.slice(0, 2), `${hash}.jpg`)));
  const image = await fetch(new URL(`/images/evidence/${hash.slice(0, 2)}/${hash}.jpg`, suite.server.url));
  t.is(image.status, 200);
  t.is(image.headers.get('content-type'), 'image/jpeg');
  const thumb = await fetch(new URL(`/images/evidence_thumb/${hash.slice(0, 2)}/${hash}.jpg`, suite.server.url));
  const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
  t.deepEqual([thumbMeta.width, thumbMeta.height], [40, 30], 'a small photo is not enlarged');
  t.deepEqual((await getGame(b.auth, id)).body.evidence, [res.body.evidence]);
});

test('evidence: a large photo keeps its size, and the game page gets a copy within 640×480 in its own shape', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  await submit(a.auth, id, 1, 0);
  await protest(b.auth, id);
  const photo = { data: await pngImage(2000, 1000), name: 'screen.png', type: 'image/png' };
  const res = await suite.api.postMultipart<{ evidence: EvidencePayload }>(
    '/game/upload_evidence',
    { game_id: String(id) },
    { photo },
    { auth: a.auth },
  );
  t.is(res.status, 200);
  const hash = res.body.evidence.evidence_hash!;
  const size = async (kind: string) => {
    const image = await fetch(new URL(`/images/${kind}/${hash.slice(0, 2)}/${hash}.jpg`, suite.server.url));
    t.is(image.headers.get('cache-control'), 'public, max-age=31536000, immutable', `${kind} is stored`);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    return [meta.width, meta.height];
  };
  t.deepEqual(await size('evidence'), [2000, 1000]);
  t.deepEqual(await size('evidence_thumb'), [EVIDENCE_THUMB_WIDTH, EVIDENCE_THUMB_WIDTH / 2]);
});

test('evidence: an image for a game still being played is refused and nothing is stored', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  const photo = { data: await pngImage(), name: 'proof.png', type: 'image/png' };
  const res = await suite.api.postMultipart(
    '/game/upload_evidence',
    { game_id: String(id) },
    { photo },
    { auth: a.auth },
  );
  t.is(res.status, 409);
  t.deepEqual(res.body, message('evidenceNotOpen'));
  t.is(Number((await suite.server.knex('evidence').where('game_id', id).count({ n: '*' }))[0]!.n), 0);
});

// --- Chat ---

serial(
  'chat: empty lines are ignored, a second line within the throttle answers 429, and passes 4 s later',
  async (t) => {
    const a = await signedIn();
    const b = await signedIn();
    const id = await gameBetween(a, b);
    const empty = await chat(a.auth, id, '   ');
    t.is(empty.status, 200);
    t.deepEqual(empty.body, { message: null });
    t.is(Number((await suite.server.knex('chat_messages').where('game_id', id).count({ n: '*' }))[0]!.n), 0);

    const first = await chat(a.auth, id, '  good game  ');
    t.is(first.status, 200);
    t.like(first.body.message, { user_id: a.user.id, name: a.user.username, content: 'good game' });
    t.false('class_name' in first.body.message!, 'a player is not styled admin');

    const fast = await chat(a.auth, id, 'again');
    t.is(fast.status, 429);
    t.deepEqual(fast.body, message('chatThrottled') as unknown as { message: null });
    t.truthy(fast.headers.get('retry-after'));
    t.is((await chat(b.auth, id, 'gg')).status, 200, 'the throttle is per user');

    suite.server.clock.advance(4_000);
    const later = await chat(a.auth, id, 'again');
    t.is(later.status, 200);
    const game = await getGame(b.auth, id);
    t.deepEqual(
      game.body.messages.map((m) => m.content),
      ['good game', 'gg', 'again'],
    );
  },
);

test("chat: a line over 500 characters answers 400 'Your message is too long.'", async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  const res = await chat(a.auth, id, 'x'.repeat(CHAT_MESSAGE_MAX + 1));
  t.is(res.status, 400);
  t.deepEqual(res.body, message('chatMessageTooLong') as unknown as { message: null });
  t.is((await chat(a.auth, id, 'é'.repeat(CHAT_MESSAGE_MAX))).status, 200);
});

test('chat: two lines sent at once by one player store one and throttle the other', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  const answers = await Promise.all([chat(a.auth, id, 'one'), chat(a.auth, id, 'two')]);
  t.deepEqual(answers.map((r) => r.status).sort(), [200, 429]);
  t.is(Number((await suite.server.knex('chat_messages').where('game_id', id).count({ n: '*' }))[0]!.n), 1);
});

// --- Who may see and act ---

test('a third user who is neither a player nor staff gets 404 on get, chat, submit and every result call', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const stranger = await signedIn();
  const id = await gameBetween(a, b);
  const notFound = message('gameNotFound');
  const answers = [
    await getGame(stranger.auth, id),
    await chat(stranger.auth, id, 'hi'),
    await submit(stranger.auth, id, 1, 0),
    await confirm(stranger.auth, id),
    await protest(stranger.auth, id),
    await dropped(stranger.auth, id, a.user.id),
    await suite.api.postJson(
      '/game/upload_evidence',
      { game_id: id, youtube_id: 'dQw4w9WgXcQ' },
      { auth: stranger.auth },
    ),
  ];
  for (const res of answers) {
    t.is(res.status, 404);
    t.deepEqual(res.body, notFound);
  }
  const missing = await getGame(a.auth, 99_999_999);
  t.is(missing.status, 404);
  t.deepEqual(missing.body, notFound as unknown as GamePayload, 'the same answer as a missing game');
  t.is((await getGame(a.auth, 'abc')).status, 404);
  t.is((await suite.api.get('/game/get', { query: { id } })).status, 401, 'signed out');
  t.is((await chat(a.auth, id, 'still here')).status, 200, 'nothing was stored for the stranger');
  t.is(Number((await suite.server.knex('chat_messages').where('game_id', id).count({ n: '*' }))[0]!.n), 1);
});

test('staff with canResolveConflicts see the game, chat styled admin, and cannot play it', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const mod = await moderator();
  const id = await gameBetween(a, b);
  const seen = await getGame(mod.auth, id);
  t.is(seen.status, 200);
  t.is(seen.body.user_1.id, a.user.id);
  const line = await chat(mod.auth, id, 'Please upload your evidence.');
  t.is(line.status, 200);
  t.like(line.body.message, { user_id: mod.user.id, name: mod.user.username, class_name: 'admin' });
  const game = await getGame(a.auth, id);
  t.deepEqual(game.body.messages, [line.body.message!]);
  const play = await submit(mod.auth, id, 3, 0);
  t.is(play.status, 403);
  t.deepEqual(play.body, message('noPermission') as unknown as GamePayload);
});

// --- Active game ---

test('GET /game/get_active answers the open game, and null once it is final', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  t.deepEqual((await suite.api.get<ActiveGameResponse>('/game/get_active', { auth: a.auth })).body, { game_id: null });
  const id = await gameBetween(a, b);
  t.deepEqual((await suite.api.get<ActiveGameResponse>('/game/get_active', { auth: a.auth })).body, { game_id: id });
  await submit(a.auth, id, 1, 1);
  t.deepEqual((await suite.api.get<ActiveGameResponse>('/game/get_active', { auth: b.auth })).body, { game_id: id });
  await confirm(b.auth, id);
  t.deepEqual((await suite.api.get<ActiveGameResponse>('/game/get_active', { auth: b.auth })).body, { game_id: null });
  t.is((await suite.api.get('/game/get_active')).status, 401);
});

// --- Admin edit ---

test("admin edit answers 403 without canResolveConflicts and 409 'no result to edit yet' while playing", async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const banHammer = await signedIn({ permissions: PERMISSIONS.canBanUsers });
  const mod = await moderator();
  const id = await gameBetween(a, b);
  for (const who of [a, banHammer]) {
    const res = await adminEdit(who.auth, { game_id: String(id), score1: '1', score2: '0' });
    t.is(res.status, 403);
    t.deepEqual(res.body, message('noPermission') as unknown as GamePayload);
  }
  const early = await adminEdit(mod.auth, { game_id: String(id), score1: '1', score2: '0' });
  t.is(early.status, 409);
  t.deepEqual(early.body, message('gameNotReadyForEdit') as unknown as GamePayload);
  const bad = await adminEdit(mod.auth, { game_id: String(id), score1: '100', score2: '0' });
  t.is(bad.status, 400);
  t.deepEqual(bad.body, message('scoreRange') as unknown as GamePayload);
  const missing = await adminEdit(mod.auth, { game_id: '99999999', score1: '1', score2: '0' });
  t.is(missing.status, 404);
});

test('a moderator whose account needs a second factor edits results only from a session that passed it', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const id = await gameBetween(a, b);
  await submit(a.auth, id, 2, 0);
  await protest(b.auth, id);
  const fields = { game_id: String(id), score1: '2', score2: '1' };
  for (const account of [
    { permissions: PERMISSIONS.canResolveConflicts, totp_enabled: true, totp_secret: 'JBSWY3DPEHPK3PXP' },
    { permissions: ALL_PERMISSIONS, totp_enabled: true, totp_secret: 'JBSWY3DPEHPK3PXP' },
  ]) {
    const passwordOnly = await signedIn(account);
    const res = await adminEdit(passwordOnly.auth, fields);
    t.is(res.status, 403);
    t.deepEqual(res.body, message('consoleSignInRequired') as unknown as GamePayload);
    const seen = await getGame(passwordOnly.auth, id);
    t.is(seen.status, 404, "another game's page stays hidden as for a player");
  }
  t.like(await gameRow(id), { state: 'conflict', score_1: 2, score_2: 0 }, 'nothing changed');
  const console = await signedIn({
    permissions: PERMISSIONS.canResolveConflicts,
    totp_enabled: true,
    totp_secret: 'JBSWY3DPEHPK3PXP',
  });
  const verified = await createAdminSession(suite.server.knex, {
    user_id: console.user.id,
    ip: null,
    user_agent: null,
    second_factor: true,
    now: suite.server.clock.now(),
  });
  const res = await adminEdit({ id: console.user.id, token: verified.result.token }, fields);
  t.is(res.status, 200);
  t.like(res.body, { state: 'final', score_1: 2, score_2: 1, conflict_solved: true });
});

test('admin edit of a conflict makes it final and solved, applies stats and Elo once, and is audited', async (t) => {
  const a = await signedIn({ elo: 1100, games_played: 40 });
  const b = await signedIn({ elo: 950, games_played: 3 });
  const mod = await moderator();
  const id = await gameBetween(a, b);
  await submit(a.auth, id, 4, 0);
  await protest(b.auth, id);
  const res = await adminEdit(mod.auth, { game_id: String(id), score1: '1', score2: '2' });
  t.is(res.status, 200);
  t.like(res.body, { state: 'final', score_1: 1, score_2: 2, conflict: true, conflict_solved: true });
  const rated = rateGame({ elo_1: 1100, games_1: 40, elo_2: 950, games_2: 3, score_1: 1, score_2: 2 });
  t.like(await statsOf(a.user.id), {
    losses: 1,
    scored_goals: 1,
    conceded_goals: 2,
    games_played: 41,
    elo: rated.elo_1,
  });
  t.like(await statsOf(b.user.id), { wins: 1, scored_goals: 2, conceded_goals: 1, games_played: 4, elo: rated.elo_2 });
  t.like(await gameRow(id), { solved_by_user_id: mod.user.id, conflict_solved: 1 });
  const again = await confirm(a.auth, id);
  t.is(again.status, 409);
  t.like(await statsOf(b.user.id), { wins: 1, games_played: 4 }, 'nothing applied twice');
  const audit = await suite.server
    .knex('audit_log')
    .where({ entity: 'game', entity_id: String(id) })
    .first();
  t.is(audit!.action, 'game.result.edit');
  t.is(audit!.actor_user_id, mod.user.id);
  t.like(JSON.parse(audit!.before!), { state: 'conflict', score_1: 4, score_2: 0 });
  t.like(JSON.parse(audit!.after!), { state: 'final', score_1: 1, score_2: 2, conflict_solved: true });
});

test('admin edit of a final result reverses the old stats and Elo change and applies the new one', async (t) => {
  const a = await signedIn({ wins: 2, losses: 1, games_played: 3, scored_goals: 7, conceded_goals: 4 });
  const b = await signedIn();
  const mod = await moderator();
  const id = await gameBetween(a, b);
  await submit(a.auth, id, 2, 1);
  await confirm(b.auth, id);
  const first = rateGame({ elo_1: 1000, games_1: 3, elo_2: 1000, games_2: 0, score_1: 2, score_2: 1 });
  t.like(await statsOf(a.user.id), { wins: 3, elo: first.elo_1 });

  const res = await adminEdit(mod.auth, { game_id: String(id), score_1: '0', score_2: '3' });
  t.is(res.status, 200);
  const second = rateGame({ elo_1: 1000, games_1: 3, elo_2: 1000, games_2: 0, score_1: 0, score_2: 3 });
  t.like(res.body, {
    state: 'final',
    score_1: 0,
    score_2: 3,
    conflict: false,
    conflict_solved: false,
    elo_change_1: second.elo_1 - 1000,
    elo_change_2: second.elo_2 - 1000,
  });
  t.deepEqual(await statsOf(a.user.id), {
    wins: 2,
    losses: 2,
    ties: 0,
    scored_goals: 7,
    conceded_goals: 7,
    games_played: 4,
    elo: second.elo_1,
  });
  t.deepEqual(await statsOf(b.user.id), {
    wins: 1,
    losses: 0,
    ties: 0,
    scored_goals: 3,
    conceded_goals: 0,
    games_played: 1,
    elo: second.elo_2,
  });

  const tie = await adminEdit(mod.auth, { game_id: String(id), score1: '1', score2: '1' });
  t.is(tie.status, 200);
  t.like(await statsOf(a.user.id), {
    wins: 2,
    losses: 1,
    ties: 1,
    scored_goals: 8,
    conceded_goals: 5,
    games_played: 4,
  });
  t.like(await statsOf(b.user.id), { wins: 0, ties: 1, scored_goals: 1, conceded_goals: 1, games_played: 1 });
  const draw = rateGame({ elo_1: 1000, games_1: 3, elo_2: 1000, games_2: 0, score_1: 1, score_2: 1 });
  t.is((await statsOf(a.user.id))!.elo, draw.elo_1);
  t.is(
    Number(
      (
        await suite.server
          .knex('audit_log')
          .where({ entity: 'game', entity_id: String(id) })
          .count({ n: '*' })
      )[0]!.n,
    ),
    2,
  );
});

// --- Conflict list ---

test('/conflicts/list: players see their own conflicts, staff see all; open first, then Solved', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  const c = await signedIn();
  const mod = await moderator();
  const now = suite.server.clock.now().getTime();
  const older = await gameBetween(a, b, { state: 'conflict', conflict: true, created_at: new Date(now - 3_600_000) });
  const newer = await gameBetween(b, a, { state: 'conflict', conflict: true, created_at: new Date(now - 1_800_000) });
  const solved = await gameBetween(a, b, { state: 'conflict', conflict: true, created_at: new Date(now - 7_200_000) });
  const others = await gameBetween(b, c, { state: 'conflict', conflict: true });
  await gameBetween(a, c, { state: 'submitted', submitted_user_id: a.user.id, score_1: 1, score_2: 0 });
  t.is((await adminEdit(mod.auth, { game_id: String(solved), score1: '2', score2: '2' })).status, 200);

  const own = await suite.api.get<ConflictListResponse>('/conflicts/list', { auth: a.auth });
  t.is(own.status, 200);
  t.deepEqual(
    own.body.conflicts.map((c) => [c.id, c.solved]),
    [
      [older, false],
      [newer, false],
      [solved, true],
    ],
  );
  t.deepEqual(own.body.conflicts[0], {
    id: older,
    user_1: { id: a.user.id, username: a.user.username, avatar_hash: null },
    user_2: { id: b.user.id, username: b.user.username, avatar_hash: null },
    solved: false,
    inserted: Math.floor((now - 3_600_000) / 1000),
  });

  const all = await suite.api.post<ConflictListResponse>('/conflicts/list', {}, { auth: mod.auth });
  t.is(all.status, 200);
  const ids = all.body.conflicts.map((c) => c.id);
  for (const id of [older, newer, solved, others]) t.true(ids.includes(id), `staff see ${id}`);
  const firstSolved = all.body.conflicts.findIndex((c) => c.solved);
  t.true(
    all.body.conflicts.slice(firstSolved).every((c) => c.solved),
    'open conflicts come first',
  );
  t.true(ids.indexOf(older) < ids.indexOf(newer), 'open ones oldest first');

  t.deepEqual(
    (await suite.api.get<ConflictListResponse>('/conflicts/list', { auth: c.auth })).body.conflicts.map((x) => x.id),
    [others],
  );
  t.is((await suite.api.get('/conflicts/list')).status, 401);
});
