import test from 'ava';
import type { Socket } from 'socket.io-client';
import {
  RESULT_ENTRY_DELAY_MS,
  gameRoom,
  userRoom,
  type ChatMessagePayload,
  type EvidencePayload,
  type GamePayload,
  type GameSummary,
  type StatsEvent,
  message,
} from '@ecup/domain';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildGame, type buildUser } from '../helpers/factories.ts';
import { signedInUser, openSocket, nextEvent, subscribe } from '../helpers/sockets.ts';
import { client, type Credentials } from '../helpers/http.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'gameevents' });
  api = client(server.url);
});
test.after.always(async () => server?.close());

type Player = { user: Awaited<ReturnType<typeof buildUser>>; auth: Credentials };

const signedIn = (overrides: Parameters<typeof buildUser>[1] = {}): Promise<Player> =>
  signedInUser(server.knex, overrides);
const open = (auth: Credentials) => openSocket(server.url, auth);
const next = <T>(socket: Socket, event: string) => nextEvent<T>(socket, event);

/** Two players of a game whose result form is open, each with a socket in the game's room. */
async function playersInRoom(t: { teardown(fn: () => void): void }) {
  const a = await signedIn();
  const b = await signedIn();
  const id = await buildGame(server.knex, {
    user_1_id: a.user.id,
    user_2_id: b.user.id,
    created_at: new Date(server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
  });
  const [sa, sb] = await Promise.all([open(a.auth), open(b.auth)]);
  t.teardown(() => {
    sa.close();
    sb.close();
  });
  for (const socket of [sa, sb]) {
    const answer = await subscribe(socket, gameRoom(id));
    if (!answer.ok) throw new Error(`subscribe refused: ${answer.error}`);
  }
  return { a, b, id, sa, sb };
}

test('a chat line reaches both players subscribed to the game room as `message`', async (t) => {
  const { a, id, sa, sb } = await playersInRoom(t);
  const received = [next<ChatMessagePayload>(sa, 'message'), next<ChatMessagePayload>(sb, 'message')];
  const res = await api.postJson<{ message: ChatMessagePayload }>(
    '/game/chat/send_message',
    { game_id: id, message: 'gl hf' },
    { auth: a.auth },
  );
  t.is(res.status, 200);
  t.deepEqual(await Promise.all(received), [res.body.message, res.body.message]);
});

test('submit and protest reach both players as `score` with the new state', async (t) => {
  const { a, b, id, sa, sb } = await playersInRoom(t);
  let scores = [next<GameSummary>(sa, 'score'), next<GameSummary>(sb, 'score')];
  const submitted = await api.postJson<GamePayload>(
    '/game/submit',
    { game_id: id, score_1: 2, score_2: 0 },
    { auth: a.auth },
  );
  t.is(submitted.status, 200);
  for (const summary of await Promise.all(scores)) {
    t.like(summary, { id, state: 'submitted', score_1: 2, score_2: 0, submitted_user_id: a.user.id });
    t.false('messages' in summary, 'the event carries the summary without chat');
  }
  scores = [next<GameSummary>(sa, 'score'), next<GameSummary>(sb, 'score')];
  t.is((await api.postJson('/game/escalate', { game_id: id }, { auth: b.auth })).status, 200);
  for (const summary of await Promise.all(scores)) t.like(summary, { id, state: 'conflict', conflict: true });
});

test('evidence reaches both players as `evidence`', async (t) => {
  const { a, b, id, sa, sb } = await playersInRoom(t);
  await api.postJson('/game/submit', { game_id: id, score_1: 1, score_2: 0 }, { auth: a.auth });
  const received = [next<EvidencePayload>(sa, 'evidence'), next<EvidencePayload>(sb, 'evidence')];
  const res = await api.postJson<{ evidence: EvidencePayload }>(
    '/game/upload_evidence',
    { game_id: id, youtube_id: 'https://youtu.be/dQw4w9WgXcQ' },
    { auth: b.auth },
  );
  t.is(res.status, 200);
  t.deepEqual(await Promise.all(received), [res.body.evidence, res.body.evidence]);
});

test('a verify pushes the final `score` to the game room and `stats` to both players’ own rooms', async (t) => {
  const { a, b, id, sa, sb } = await playersInRoom(t);
  await api.postJson('/game/submit', { game_id: id, score_1: 3, score_2: 1 }, { auth: a.auth });
  const stats = [next<StatsEvent>(sa, 'stats'), next<StatsEvent>(sb, 'stats')];
  const scores = [next<GameSummary>(sa, 'score'), next<GameSummary>(sb, 'score')];
  const res = await api.postJson<GamePayload>('/game/confirm', { game_id: id }, { auth: b.auth });
  t.is(res.status, 200);
  const [forA, forB] = await Promise.all(stats);
  t.like(forA, { user_id: a.user.id, game_id: id, stats: { wins: 1, scored_goals: 3, conceded_goals: 1 } });
  t.like(forB, { user_id: b.user.id, game_id: id, stats: { losses: 1, scored_goals: 1, conceded_goals: 3 } });
  t.is(forA!.stats.elo, res.body.user_1.elo);
  t.is(forB!.stats.elo, res.body.user_2.elo);
  for (const summary of await Promise.all(scores))
    t.like(summary, { id, state: 'final', confirmed_user_id: b.user.id });
});

test("a third user cannot subscribe to the game room: 'Not found.'; their own room stays quiet", async (t) => {
  const { a, id, sa } = await playersInRoom(t);
  const stranger = await signedIn();
  const socket = await open(stranger.auth);
  t.teardown(() => socket.close());
  t.deepEqual(await subscribe(socket, gameRoom(id)), message('notFound'));
  t.deepEqual(await subscribe(socket, userRoom(a.user.id)), message('notFound'));
  const strays: unknown[] = [];
  socket.on('message', (m) => strays.push(m));
  const seen = next<ChatMessagePayload>(sa, 'message');
  const res = await api.postJson('/game/chat/send_message', { game_id: id, message: 'secret' }, { auth: a.auth });
  t.is(res.status, 200);
  t.is((await seen).content, 'secret');
  // The push has reached a player; give a stray copy a moment to arrive before checking there was none.
  await new Promise((resolve) => setTimeout(resolve, 200));
  t.deepEqual(strays, []);
});
