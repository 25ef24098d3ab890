import test from 'ava';
import type { Socket } from 'socket.io-client';
import { CONFLICT_ESCALATION_MS, RESULT_ENTRY_DELAY_MS, gameRoom, type GameSummary } from '@ecup/domain';
import { escalateOverdueGames, pushesOf } from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildGame } from '../helpers/factories.ts';
import { signedInUser, openSocket, nextEvent } from '../helpers/sockets.ts';
import { client, type Credentials } from '../helpers/http.ts';

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'escalation', worker: true });
  api = client(server.url);
});
test.after.always(async () => server?.close());

async function signedIn(): Promise<{ id: number; auth: Credentials }> {
  const { user, auth } = await signedInUser(server.knex);
  return { id: user.id, auth };
}
const open = (auth: Credentials) => openSocket(server.url, auth);
/** The first `score` event in state conflict (the worker ticks every second). */
const conflictScore = (socket: Socket) =>
  nextEvent<GameSummary>(socket, 'score', 15_000, (summary) => summary.state === 'conflict');

test.serial(
  'a submission unanswered for 15 minutes goes to conflict on the worker tick; both players get `score`',
  async (t) => {
    const a = await signedIn();
    const b = await signedIn();
    const id = await buildGame(server.knex, {
      user_1_id: a.id,
      user_2_id: b.id,
      created_at: new Date(server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
    });
    const sockets = await Promise.all([open(a.auth), open(b.auth)]);
    t.teardown(() => sockets.forEach((s) => s.close()));
    for (const socket of sockets)
      t.deepEqual(await socket.timeout(5000).emitWithAck('subscribe', { channel: gameRoom(id) }), { ok: true });

    const submitted = await api.postJson<GameSummary>(
      '/game/submit',
      { game_id: id, score_1: 4, score_2: 2 },
      { auth: a.auth },
    );
    t.is(submitted.status, 200);
    t.is(submitted.body.state, 'submitted');
    const events = sockets.map(conflictScore);

    server.clock.advance(CONFLICT_ESCALATION_MS);
    for (const summary of await Promise.all(events)) {
      t.like(summary, { id, state: 'conflict', conflict: true, conflict_solved: false, escalates_at_ms: null });
    }
    t.like(await server.knex('games').where('id', id).first(), { state: 'conflict', conflict: 1, score_1: 4 });
    const late = await api.postJson<{ error: string }>('/game/confirm', { game_id: id }, { auth: b.auth });
    t.is(late.status, 409);
  },
);

test('escalateOverdueGames run twice at once moves a game once and pushes `score` once', async (t) => {
  const a = await signedIn();
  const b = await signedIn();
  // Submitted a day ahead of the worker's clock, so only the calls below find it overdue.
  const submittedAt = new Date(server.clock.now().getTime() + 24 * 60 * 60_000);
  const id = await buildGame(server.knex, {
    user_1_id: a.id,
    user_2_id: b.id,
    created_at: new Date(submittedAt.getTime() - RESULT_ENTRY_DELAY_MS),
    state: 'dropped',
    dropped_user_id: b.id,
    score_1: 3,
    score_2: 0,
    submitted_at: submittedAt,
  });
  const early = await escalateOverdueGames(server.knex, new Date(submittedAt.getTime() + CONFLICT_ESCALATION_MS - 1));
  t.false(
    pushesOf(early).some((p) => p.room === gameRoom(id)),
    'not due a millisecond early',
  );
  t.is((await server.knex('games').where('id', id).first('state'))!.state, 'dropped');

  const due = new Date(submittedAt.getTime() + CONFLICT_ESCALATION_MS);
  const runs = await Promise.all([escalateOverdueGames(server.knex, due), escalateOverdueGames(server.knex, due)]);
  const pushes = runs.flatMap(pushesOf).filter((p) => p.room === gameRoom(id));
  t.is(pushes.length, 1);
  t.is(pushes[0]!.event, 'score');
  t.like(pushes[0]!.payload, { id, state: 'conflict', conflict: true });
  t.like(await server.knex('games').where('id', id).first(), { state: 'conflict', conflict: 1, dropped_user_id: b.id });
});
