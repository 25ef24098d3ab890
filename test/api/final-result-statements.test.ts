/**
 * A final result's transaction sends at most eight statements (BEGIN and COMMIT counted, as knex sends them): the
 * game and both players locked in one, the trophy hunt read in one, the pool and its free trophy locked in one when
 * a trophy is taken, the moves in one insert, the game, both players and the moved trophies in one update, and the
 * Elo history. Counted with knex's 'query' event on the statements of the verify's transaction, for a take, a pass
 * and a draw, so a statement added to the path cannot go unnoticed.
 */
import test from 'ava';
import { RESULT_ENTRY_DELAY_MS, type GamePayload } from '@ecup/domain';
import { confirmResult, transaction } from '@ecup/db';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { buildGame, buildSideSeason, type buildUser } from '../helpers/factories.ts';
import { signedInUser } from '../helpers/sockets.ts';
import { client, type Credentials } from '../helpers/http.ts';

const LIMIT = 8;

let server: TestServer;
let api: ReturnType<typeof client>;
test.before(async () => {
  server = await startTestServer({ label: 'finalstmts' });
  api = client(server.url);
});
test.after.always(async () => server?.close());

type Player = { user: Awaited<ReturnType<typeof buildUser>>; auth: Credentials };
const signedIn = (): Promise<Player> => signedInUser(server.knex, {}, server.clock.now());

/** A season of its own, its hunt running around the clock's now, so no other test's pool mixes with it. */
async function ownSeason(): Promise<number> {
  return buildSideSeason(server.knex, server.clock.now(), 'Statement season');
}

/** A game of the season with user 1's score submitted through the API, ready for user 2's verify. */
async function submitted(one: Player, two: Player, seasonId: number, score_1: number, score_2: number) {
  const id = await buildGame(server.knex, {
    user_1_id: one.user.id,
    user_2_id: two.user.id,
    season_id: seasonId,
    created_at: new Date(server.clock.now().getTime() - RESULT_ENTRY_DELAY_MS - 60_000),
  });
  const res = await api.postJson<GamePayload>('/game/submit', { game_id: id, score_1, score_2 }, { auth: one.auth });
  if (res.status !== 200) throw new Error(`submit answered ${res.status}`);
  return id;
}

/** The verify's transaction, answering the statements it sent. */
async function countedVerify(gameId: number, verifier: Player): Promise<string[]> {
  const sent: string[] = [];
  const count = (query: { sql: string; __knexTxId?: string }) => {
    if (query.__knexTxId) sent.push(query.sql);
  };
  server.knex.on('query', count);
  try {
    await transaction(server.knex, (trx) =>
      confirmResult(trx, { game_id: gameId, actor: { id: verifier.user.id, permissions: 0 }, now: server.clock.now() }),
    );
  } finally {
    server.knex.off('query', count);
  }
  return sent;
}

test('a final result sends at most eight statements: a take, a pass and a draw', async (t) => {
  const seasonId = await ownSeason();
  const [a, b, c, d] = await Promise.all([signedIn(), signedIn(), signedIn(), signedIn()]);
  // The week's first result opens the pool (a path of its own, not counted here).
  await countedVerify(await submitted(c, d, seasonId, 1, 0), d);

  const take = await countedVerify(await submitted(a, b, seasonId, 2, 0), b);
  t.truthy(await server.knex('trophies').where('held_by', a.user.id).first('id'), 'the winner took a trophy');
  t.true(take.length <= LIMIT, `a take sent ${take.length}:\n${take.join('\n')}`);

  const pass = await countedVerify(await submitted(a, b, seasonId, 0, 3), b);
  t.truthy(await server.knex('trophies').where('held_by', b.user.id).first('id'), 'the trophy passed to the winner');
  t.true(pass.length <= LIMIT, `a pass sent ${pass.length}:\n${pass.join('\n')}`);

  const draw = await countedVerify(await submitted(a, b, seasonId, 1, 1), b);
  t.true(draw.length <= LIMIT, `a draw sent ${draw.length}:\n${draw.join('\n')}`);
  t.log(`statements: take ${take.length}, pass ${pass.length}, draw ${draw.length}`);
});
