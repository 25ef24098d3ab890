import test from 'ava';
import type { GamePlayer, MatchPayload, MatchmakingStatus } from '@ecup/domain';
import { playReducer, sidesOf, viewOfStatus, type PlayView } from './play-state.ts';

const player = (id: number, username: string): GamePlayer => ({
  id,
  username,
  first_name: 'A',
  last_name: 'B',
  avatar_hash: null,
  console: 1,
  gamer_tag: `${username}-tag`,
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

const match: MatchPayload = {
  id: 7,
  user_1: player(1, 'alva'),
  user_2: player(2, 'bo'),
  user_1_accepted: false,
  user_2_accepted: false,
  deadline_ms: 130_000,
  server_time_ms: 100_000,
};

const status = (over: Partial<MatchmakingStatus>): MatchmakingStatus => ({
  state: 'idle',
  queued_at_ms: null,
  match: null,
  game_id: null,
  server_time_ms: 100_000,
  ...over,
});

test('a status answer restores the view: idle, queued with its timer, the match, or the game', (t) => {
  t.deepEqual(viewOfStatus(status({})), { kind: 'idle' });
  t.deepEqual(viewOfStatus(status({ state: 'queued', queued_at_ms: 90_000 })), { kind: 'queued', queuedAtMs: 90_000 });
  t.deepEqual(viewOfStatus(status({ state: 'matched', match })), { kind: 'matched', match });
  t.deepEqual(viewOfStatus(status({ state: 'playing', game_id: 12 })), { kind: 'playing', gameId: 12 });
});

test('an incomplete status falls back: matched without a match is queued, playing without a game is idle', (t) => {
  t.deepEqual(viewOfStatus(status({ state: 'matched', queued_at_ms: 5 })), { kind: 'queued', queuedAtMs: 5 });
  t.deepEqual(viewOfStatus(status({ state: 'playing' })), { kind: 'idle' });
  t.deepEqual(viewOfStatus(status({ state: 'queued' })), { kind: 'queued', queuedAtMs: 100_000 });
});

test('match-accepted marks the player who accepted, only for the match shown', (t) => {
  const shown: PlayView = { kind: 'matched', match };
  const after = playReducer(shown, { type: 'match-accepted', event: { match_id: 7, user_id: 2 } });
  t.true(after.kind === 'matched' && after.match.user_2_accepted && !after.match.user_1_accepted);
  t.is(playReducer(shown, { type: 'match-accepted', event: { match_id: 8, user_id: 2 } }), shown);
  t.is(playReducer(shown, { type: 'match-accepted', event: { match_id: 7, user_id: 99 } }), shown);
});

test('match-declined returns to the queue with the timer reset, or out of it', (t) => {
  const shown: PlayView = { kind: 'matched', match };
  t.deepEqual(
    playReducer(shown, {
      type: 'match-declined',
      event: { match_id: 7, user_id: 2, requeued: true, queued_at_ms: 131_000 },
    }),
    { kind: 'queued', queuedAtMs: 131_000 },
  );
  t.deepEqual(
    playReducer(shown, {
      type: 'match-declined',
      event: { match_id: 7, user_id: 1, requeued: false, queued_at_ms: null },
    }),
    { kind: 'idle' },
  );
  const other = {
    type: 'match-declined',
    event: { match_id: 6, user_id: 2, requeued: false, queued_at_ms: null },
  } as const;
  t.is(playReducer(shown, other), shown);
});

test('a match event shows the match; a game event ends queueing', (t) => {
  t.deepEqual(playReducer({ kind: 'queued', queuedAtMs: 1 }, { type: 'match', match }), { kind: 'matched', match });
  t.deepEqual(playReducer({ kind: 'matched', match }, { type: 'game', event: { game_id: 3 } }), {
    kind: 'playing',
    gameId: 3,
  });
  t.deepEqual(playReducer({ kind: 'playing', gameId: 3 }, { type: 'match', match }), { kind: 'playing', gameId: 3 });
});

test('the sides are seen from the signed-in player', (t) => {
  const seen = sidesOf({ ...match, user_1_accepted: true }, 2);
  t.is(seen.me.username, 'bo');
  t.is(seen.opponent.username, 'alva');
  t.false(seen.meAccepted);
  t.true(seen.opponentAccepted);
});
