import test from 'ava';
import { PERMISSIONS, type GamePayload, type GamePlayer } from '@ecup/domain';
import {
  appendOnce,
  evidenceOpen,
  formatEloChange,
  fromGameOrder,
  resultStatus,
  toGameOrder,
  viewerOf,
  withPushed,
  withSummary,
} from './game-logic.ts';

const player = (id: number): GamePlayer => ({
  id,
  username: `p${id}`,
  first_name: 'A',
  last_name: 'B',
  avatar_hash: null,
  console: 1,
  gamer_tag: `tag${id}`,
  team: { name: 'IFK', avatar_hash: null },
  fifa_team_name: 'Real Madrid',
  elo: 1000,
  wins: 0,
  losses: 0,
  ties: 0,
  scored_goals: 0,
  conceded_goals: 0,
  secured_trophies: 0,
  unsecured_trophies: 0,
});

const game: GamePayload = {
  id: 5,
  user_1: player(1),
  user_2: player(2),
  score_1: 3,
  score_2: 1,
  inserted: 1_700_000_000,
  state: 'submitted',
  submitted_user_id: 1,
  confirmed_user_id: null,
  dropped_user_id: null,
  conflict: false,
  conflict_solved: false,
  result_opens_at_ms: 1_700_000_720_000,
  escalates_at_ms: null,
  elo_change_1: null,
  elo_change_2: null,
  server_time_ms: 1_700_000_800_000,
  messages: [{ id: 1, user_id: 1, name: 'p1', avatar_hash: null, content: 'hi', inserted: 1 }],
  evidence: [],
  chat_policy: 'free',
  opponent_blocked: false,
};

test('the form asks "mine / theirs"; the wire is in game order, swapped for user 2', (t) => {
  t.deepEqual(toGameOrder(3, 1, 'user_1'), { score_1: 3, score_2: 1 });
  t.deepEqual(toGameOrder(3, 1, 'user_2'), { score_1: 1, score_2: 3 });
});

test('a game score reads from the seat: own goals first', (t) => {
  t.deepEqual(fromGameOrder(game, 'user_1'), { mine: 3, theirs: 1 });
  t.deepEqual(fromGameOrder(game, 'user_2'), { mine: 1, theirs: 3 });
  t.deepEqual(fromGameOrder({ score_1: null, score_2: null }, 'user_2'), { mine: null, theirs: null });
});

test('players are players; a moderator who is not a player is staff; anyone else is not', (t) => {
  t.deepEqual(viewerOf(game, { id: 2, session_permissions: 0 }), { kind: 'player', seat: 'user_2' });
  t.deepEqual(viewerOf(game, { id: 1, session_permissions: PERMISSIONS.canResolveConflicts }), {
    kind: 'player',
    seat: 'user_1',
  });
  t.deepEqual(viewerOf(game, { id: 9, session_permissions: PERMISSIONS.canResolveConflicts }), { kind: 'staff' });
  t.deepEqual(viewerOf(game, { id: 9, session_permissions: PERMISSIONS.canPublishNews }), { kind: 'other' });
  t.deepEqual(viewerOf(game, null), { kind: 'other' });
});

test('status chips: Unverified, dropped, Conflict; Verified when the opponent verified, Confirmed when an admin set it', (t) => {
  t.is(resultStatus({ state: 'playing', conflict: false }), null);
  t.deepEqual(resultStatus({ state: 'submitted', conflict: false }), { message: 'statusUnverified', tone: 'waiting' });
  t.deepEqual(resultStatus({ state: 'dropped', conflict: false }), { message: 'statusDropped', tone: 'dropped' });
  t.deepEqual(resultStatus({ state: 'conflict', conflict: true }), { message: 'statusConflict', tone: 'conflict' });
  t.deepEqual(resultStatus({ state: 'final', conflict: false }), { message: 'statusVerified', tone: 'done' });
  t.deepEqual(resultStatus({ state: 'final', conflict: true }), { message: 'statusConfirmed', tone: 'done' });
});

test('Elo changes carry their sign', (t) => {
  t.is(formatEloChange(12), '+12');
  t.is(formatEloChange(-8), '\u22128');
  t.is(formatEloChange(0), '\u00b10');
});

test('evidence is open once a result was submitted, dropped or protested', (t) => {
  t.deepEqual(
    (['playing', 'submitted', 'dropped', 'conflict', 'final'] as const).filter((state) => evidenceOpen({ state })),
    ['submitted', 'dropped', 'conflict'],
  );
});

test('a score event updates the game and keeps its chat and evidence', (t) => {
  const { messages: _m, evidence: _e, ...summary } = { ...game, state: 'final' as const, elo_change_1: 16 };
  const next = withSummary(game, summary);
  t.is(next.state, 'final');
  t.is(next.elo_change_1, 16);
  t.is(next.messages, game.messages);
});

test('a message arriving from the answer and the event is added once', (t) => {
  const line = { id: 2, user_id: 2, name: 'p2', avatar_hash: null, content: 'gg', inserted: 2 };
  const once = appendOnce(game.messages, line);
  t.is(once.length, 2);
  t.is(appendOnce(once, line).length, 2);
});

test('a re-read keeps lines pushed while it was on its way, in order', (t) => {
  const pushed = { id: 3, user_id: 2, name: 'p2', avatar_hash: null, content: 'ready?', inserted: 3 };
  const shown = { ...game, messages: [...game.messages, pushed] };
  const read = { ...game, state: 'conflict' as const };
  const next = withPushed(read, shown);
  t.is(next.state, 'conflict');
  t.deepEqual(
    next.messages.map((m) => m.id),
    [1, 3],
  );
});

test('a moderator signed in with a password only, whose account needs a second factor, sees a game as anyone else', (t) => {
  t.deepEqual(viewerOf(game, { id: 9, session_permissions: 0 }), { kind: 'other' });
});
