import test from 'ava';
import { message } from '@ecup/domain';
import {
  isInterrupted,
  nextConnectionState,
  reconnectsAfter,
  retryAfterRefusalMs,
  retriesJoin,
  type ConnectionEvent,
  type ConnectionState,
} from './connection-state.ts';

function run(events: ConnectionEvent[], from: ConnectionState = 'initialized'): ConnectionState[] {
  const seen: ConnectionState[] = [];
  let state = from;
  for (const event of events) {
    state = nextConnectionState(state, event);
    seen.push(state);
  }
  return seen;
}

test('a first connection goes initialized → connecting → connected', (t) => {
  t.deepEqual(run([{ type: 'open' }, { type: 'connected' }]), ['connecting', 'connected']);
});

test('a dropped connection reconnects by itself: connecting, unavailable after 10 s, then connected', (t) => {
  t.deepEqual(
    run(
      [
        { type: 'lost', retrying: true },
        { type: 'connect-error', retrying: true },
        { type: 'unavailable-timeout' },
        { type: 'connect-error', retrying: true },
        { type: 'open' },
        { type: 'connected' },
      ],
      'connected',
    ),
    ['connecting', 'connecting', 'unavailable', 'unavailable', 'unavailable', 'connected'],
  );
});

test('the unavailable timeout only matters while still trying', (t) => {
  t.is(nextConnectionState('connected', { type: 'unavailable-timeout' }), 'connected');
  t.is(nextConnectionState('failed', { type: 'unavailable-timeout' }), 'failed');
  t.is(nextConnectionState('disconnected', { type: 'unavailable-timeout' }), 'disconnected');
});

test('a refusal by the server (bad session) is failed, and a quiet retry keeps it failed until it connects', (t) => {
  t.deepEqual(
    run([{ type: 'open' }, { type: 'connect-error', retrying: false }, { type: 'open' }, { type: 'connected' }]),
    ['connecting', 'failed', 'failed', 'connected'],
  );
});

test('closing, or a server disconnect that socket.io does not retry, is disconnected', (t) => {
  t.is(nextConnectionState('connected', { type: 'closed' }), 'disconnected');
  t.is(nextConnectionState('connected', { type: 'lost', retrying: false }), 'disconnected');
  t.is(nextConnectionState('disconnected', { type: 'open' }), 'connecting');
});

test('socket.io reconnects after transport trouble but not after a deliberate disconnect', (t) => {
  t.true(reconnectsAfter('transport close'));
  t.true(reconnectsAfter('ping timeout'));
  t.true(reconnectsAfter('transport error'));
  t.false(reconnectsAfter('io server disconnect'));
  t.false(reconnectsAfter('io client disconnect'));
});

test('the player is told about unavailable, failed and disconnected, not about connecting', (t) => {
  t.deepEqual(
    (['initialized', 'connecting', 'connected', 'unavailable', 'failed', 'disconnected'] as const).filter(
      isInterrupted,
    ),
    ['unavailable', 'failed', 'disconnected'],
  );
});

test('retries after a refusal back off from 10 s to at most 2 min', (t) => {
  t.deepEqual([1, 2, 3, 4, 5, 9].map(retryAfterRefusalMs), [10_000, 20_000, 40_000, 80_000, 120_000, 120_000]);
});

test("a game room's join is asked again when unanswered or on the server's trouble, not when the room is not the user's", (t) => {
  t.true(retriesJoin(null));
  t.true(retriesJoin(message('somethingWentWrong')));
  t.false(retriesJoin(message('notFound')));
  t.false(retriesJoin({ ok: true }));
});
