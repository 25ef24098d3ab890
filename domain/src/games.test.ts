import test from 'ava';
import { messageWithText } from './testing/refusals.ts';
import { CONFLICT_ESCALATION_MS, RESULT_ENTRY_DELAY_MS } from './constants.ts';
import type { GameStateName } from './contract/games.ts';
import {
  answeringPlayerOf,
  canSeeGame,
  checkAdminEdit,
  checkChat,
  checkProtest,
  checkReportDropped,
  checkSubmit,
  checkUploadEvidence,
  checkVerify,
  checkView,
  escalatesAtMs,
  forfeitScore,
  isAdminChat,
  isEscalationDue,
  isGamePlayer,
  opponentOf,
  resultOpensAtMs,
  scoresInGameOrder,
  statsDelta,
  type GameSnapshot,
} from './games.ts';
import { MESSAGES } from './messages.ts';
import { PERMISSIONS } from './permissions.ts';

const START = new Date('2026-03-02T18:00:00.000Z');
const at = (ms: number) => new Date(START.getTime() + ms);
const OPEN = at(RESULT_ENTRY_DELAY_MS);

const one = { id: 11, permissions: 0 };
const two = { id: 22, permissions: 0 };
const stranger = { id: 33, permissions: 0 };
const moderator = { id: 44, permissions: PERMISSIONS.canResolveConflicts };
const banHammer = { id: 55, permissions: PERMISSIONS.canBanUsers };
const playingModerator = { id: 11, permissions: PERMISSIONS.canResolveConflicts };

function game(overrides: Partial<GameSnapshot> = {}): GameSnapshot {
  return {
    state: 'playing',
    user_1_id: 11,
    user_2_id: 22,
    created_at: START,
    submitted_at: null,
    submitted_user_id: null,
    confirmed_user_id: null,
    dropped_user_id: null,
    ...overrides,
  };
}

const submitted = (by = 11) => game({ state: 'submitted', submitted_user_id: by, submitted_at: OPEN });
const dropped = (who = 22) => game({ state: 'dropped', dropped_user_id: who, submitted_at: OPEN });
const conflict = () => game({ state: 'conflict', submitted_user_id: 11, submitted_at: OPEN });
const final = (confirmedBy: number | null = 22) =>
  game({ state: 'final', submitted_user_id: 11, confirmed_user_id: confirmedBy, submitted_at: OPEN });

const ok = { ok: true };
const refused = (kind: string, error: string) => ({ ok: false, kind, ...messageWithText(error) });
const notFound = refused('not_found', MESSAGES.gameNotFound);
const noPermission = refused('forbidden', MESSAGES.noPermission);

// --- Who is who ---

test('players, opponents and who may see a game: its players and canResolveConflicts staff only', (t) => {
  const g = game();
  t.true(isGamePlayer(g, 11));
  t.true(isGamePlayer(g, 22));
  t.false(isGamePlayer(g, 33));
  t.is(opponentOf(g, 11), 22);
  t.is(opponentOf(g, 22), 11);
  t.is(opponentOf(g, 33), null);
  t.true(canSeeGame(g, one));
  t.true(canSeeGame(g, moderator));
  t.false(canSeeGame(g, stranger));
  t.false(canSeeGame(g, banHammer), 'another staff flag does not open games');
  t.deepEqual(checkView(g, two), ok);
  t.deepEqual(checkView(g, stranger), notFound);
});

// --- Times ---

test('the result form opens 12 minutes after the game started', (t) => {
  t.is(resultOpensAtMs(game()), START.getTime() + 720_000);
});

test('an unanswered submission or report escalates 15 minutes after it was made; nothing else escalates', (t) => {
  t.is(escalatesAtMs(submitted()), OPEN.getTime() + CONFLICT_ESCALATION_MS);
  t.is(escalatesAtMs(dropped()), OPEN.getTime() + 15 * 60_000);
  for (const g of [game(), conflict(), final()]) t.is(escalatesAtMs(g), null, g.state);
  const due = OPEN.getTime() + CONFLICT_ESCALATION_MS;
  t.false(isEscalationDue(submitted(), new Date(due - 1)));
  t.true(isEscalationDue(submitted(), new Date(due)));
  t.true(isEscalationDue(dropped(), new Date(due + 1)));
  t.false(isEscalationDue(conflict(), new Date(due + 1)));
});

// --- Submit ---

test('submit: a player of a playing game may submit from the 12-minute mark, not a millisecond earlier', (t) => {
  t.deepEqual(checkSubmit(game(), one, at(RESULT_ENTRY_DELAY_MS - 1)), refused('conflict', MESSAGES.resultNotOpenYet));
  t.deepEqual(checkSubmit(game(), one, OPEN), ok);
  t.deepEqual(checkSubmit(game(), two, at(RESULT_ENTRY_DELAY_MS + 60_000)), ok);
});

test('submit: strangers get 404, staff who are not players 403', (t) => {
  t.deepEqual(checkSubmit(game(), stranger, OPEN), notFound);
  t.deepEqual(checkSubmit(game(), banHammer, OPEN), notFound);
  t.deepEqual(checkSubmit(game(), moderator, OPEN), noPermission);
});

test('submit: a second submission, or one after the game moved on, is a 409 naming the state', (t) => {
  t.deepEqual(checkSubmit(submitted(11), two, OPEN), refused('conflict', MESSAGES.resultAlreadySubmitted));
  t.deepEqual(checkSubmit(submitted(11), one, OPEN), refused('conflict', MESSAGES.resultAlreadySubmitted));
  t.deepEqual(checkSubmit(dropped(), one, OPEN), refused('conflict', MESSAGES.resultAlreadySubmitted));
  t.deepEqual(checkSubmit(conflict(), one, OPEN), refused('conflict', MESSAGES.gameInConflict));
  t.deepEqual(checkSubmit(final(), one, OPEN), refused('conflict', MESSAGES.gameAlreadyFinal));
});

// --- Opponent left ---

test("'Opponent left': a player names the opponent while playing, at any time", (t) => {
  t.deepEqual(checkReportDropped(game(), one, 22), ok);
  t.deepEqual(checkReportDropped(game(), two, 11), ok, 'a no-show is reported before the result form opens');
});

test("'Opponent left' naming oneself, a stranger or nobody is a 400", (t) => {
  const invalid = refused('invalid', MESSAGES.droppedUserInvalid);
  t.deepEqual(checkReportDropped(game(), one, 11), invalid);
  t.deepEqual(checkReportDropped(game(), one, 33), invalid);
  t.deepEqual(checkReportDropped(game(), one, undefined), invalid);
});

test("'Opponent left' is refused outside 'playing' and for non-players", (t) => {
  t.deepEqual(checkReportDropped(submitted(), two, 11), refused('conflict', MESSAGES.resultAlreadySubmitted));
  t.deepEqual(checkReportDropped(dropped(22), one, 22), refused('conflict', MESSAGES.resultAlreadySubmitted));
  t.deepEqual(checkReportDropped(conflict(), one, 22), refused('conflict', MESSAGES.gameInConflict));
  t.deepEqual(checkReportDropped(final(), one, 22), refused('conflict', MESSAGES.gameAlreadyFinal));
  t.deepEqual(checkReportDropped(game(), stranger, 11), notFound);
  t.deepEqual(checkReportDropped(game(), moderator, 11), noPermission);
});

// --- Verify and protest ---

test('the answering player is the submitter’s opponent, or the player reported as having left', (t) => {
  t.is(answeringPlayerOf(submitted(11)), 22);
  t.is(answeringPlayerOf(submitted(22)), 11);
  t.is(answeringPlayerOf(dropped(22)), 22);
  t.is(answeringPlayerOf(dropped(11)), 11);
  for (const g of [game(), conflict(), final()]) t.is(answeringPlayerOf(g), null, g.state);
});

for (const [name, check] of [
  ['verify', checkVerify],
  ['protest', checkProtest],
] as const) {
  test(`${name}: only the other player answers a submission or a dropped report`, (t) => {
    t.deepEqual(check(submitted(11), two), ok);
    t.deepEqual(check(submitted(22), one), ok);
    t.deepEqual(check(dropped(22), two), ok);
    const nothing = refused('conflict', MESSAGES.nothingToVerify);
    t.deepEqual(check(submitted(11), one), nothing, 'not one’s own submission');
    t.deepEqual(check(dropped(22), one), nothing, 'not one’s own report');
    t.deepEqual(check(game(), one), nothing, 'nothing submitted yet');
  });

  test(`${name}: 409 in conflict, 404 for strangers, 403 for staff who are not players`, (t) => {
    t.deepEqual(check(conflict(), two), refused('conflict', MESSAGES.gameInConflict));
    t.deepEqual(check(submitted(), stranger), notFound);
    t.deepEqual(check(submitted(), moderator), noPermission);
  });
}

test('verify: a second verify is "already verified"; any answer on a final game otherwise "already final"', (t) => {
  t.deepEqual(checkVerify(final(22), two), refused('conflict', MESSAGES.resultAlreadyVerified));
  t.deepEqual(checkVerify(final(22), one), refused('conflict', MESSAGES.gameAlreadyFinal));
  t.deepEqual(checkVerify(final(null), two), refused('conflict', MESSAGES.gameAlreadyFinal), 'set by an admin');
  t.deepEqual(checkProtest(final(22), two), refused('conflict', MESSAGES.gameAlreadyFinal));
});

// --- Evidence ---

test('evidence: either player once a result was submitted or reported, and in conflict', (t) => {
  for (const g of [submitted(), dropped(), conflict()]) {
    t.deepEqual(checkUploadEvidence(g, one), ok, g.state);
    t.deepEqual(checkUploadEvidence(g, two), ok, g.state);
  }
});

test('evidence: refused while playing and once final, and for anyone but the players', (t) => {
  t.deepEqual(checkUploadEvidence(game(), one), refused('conflict', MESSAGES.evidenceNotOpen));
  t.deepEqual(checkUploadEvidence(final(), one), refused('conflict', MESSAGES.gameAlreadyFinal));
  t.deepEqual(checkUploadEvidence(conflict(), stranger), notFound);
  t.deepEqual(checkUploadEvidence(conflict(), moderator), noPermission);
});

// --- Chat ---

test('chat: players and canResolveConflicts staff in every state; a moderator’s line is styled admin', (t) => {
  const states: GameStateName[] = ['playing', 'submitted', 'dropped', 'conflict', 'final'];
  for (const state of states) {
    t.deepEqual(checkChat(game({ state }), one), ok, state);
    t.deepEqual(checkChat(game({ state }), moderator), ok, state);
    t.deepEqual(checkChat(game({ state }), stranger), notFound, state);
  }
  t.true(isAdminChat(game(), moderator));
  t.false(isAdminChat(game(), one));
  t.false(isAdminChat(game(), playingModerator), 'a moderator playing their own game chats as a player');
});

// --- Admin edit ---

test('admin edit: canResolveConflicts staff edit any game with a result', (t) => {
  for (const g of [submitted(), dropped(), conflict(), final()]) t.deepEqual(checkAdminEdit(g, moderator), ok, g.state);
  t.deepEqual(checkAdminEdit(game(), moderator), refused('conflict', MESSAGES.gameNotReadyForEdit));
});

test('admin edit: 403 without canResolveConflicts, and for a moderator who played the game', (t) => {
  t.deepEqual(checkAdminEdit(conflict(), one), noPermission);
  t.deepEqual(checkAdminEdit(conflict(), banHammer), noPermission);
  t.deepEqual(checkAdminEdit(conflict(), playingModerator), noPermission);
});

// --- Scores and stats ---

test('a confirmed forfeit is a 3-0 win for the player who stayed, in game order', (t) => {
  t.deepEqual(forfeitScore(game(), 22), { score_1: 3, score_2: 0 });
  t.deepEqual(forfeitScore(game(), 11), { score_1: 0, score_2: 3 });
});

test('scores from a player’s own view are swapped into game order for user 2', (t) => {
  t.deepEqual(scoresInGameOrder(game(), 11, 4, 1), { score_1: 4, score_2: 1 });
  t.deepEqual(scoresInGameOrder(game(), 22, 4, 1), { score_1: 1, score_2: 4 });
});

test('statsDelta: a win, a loss and the goals both ways; one game each', (t) => {
  t.deepEqual(statsDelta(3, 1), {
    user_1: { wins: 1, losses: 0, ties: 0, scored_goals: 3, conceded_goals: 1, games_played: 1 },
    user_2: { wins: 0, losses: 1, ties: 0, scored_goals: 1, conceded_goals: 3, games_played: 1 },
  });
  t.deepEqual(statsDelta(0, 2), {
    user_1: { wins: 0, losses: 1, ties: 0, scored_goals: 0, conceded_goals: 2, games_played: 1 },
    user_2: { wins: 1, losses: 0, ties: 0, scored_goals: 2, conceded_goals: 0, games_played: 1 },
  });
});

test('statsDelta: a draw is a tie for both, 0-0 included', (t) => {
  const tie = { wins: 0, losses: 0, ties: 1, scored_goals: 2, conceded_goals: 2, games_played: 1 };
  t.deepEqual(statsDelta(2, 2), { user_1: tie, user_2: tie });
  const nil = { wins: 0, losses: 0, ties: 1, scored_goals: 0, conceded_goals: 0, games_played: 1 };
  t.deepEqual(statsDelta(0, 0), { user_1: nil, user_2: nil });
});
