import test from 'ava';
import { createVerifiedSessions, dropRevokedSessions } from './verified-sessions.ts';

function setup(maxEntries = 100) {
  let now = 5_000_000;
  const verified = createVerifiedSessions({ lifetimeMs: 1000, maxEntries, now: () => now });
  return { verified, advance: (ms: number) => (now += ms) };
}

test('credentials count as looked up for just under the lifetime', (t) => {
  const { verified, advance } = setup();
  t.false(verified.has('Bearer 1:aa'));
  verified.add('Bearer 1:aa', 1);
  t.true(verified.has('Bearer 1:aa'));
  t.false(verified.has('Bearer 1:ab'), 'another token of the same user');
  advance(999);
  t.true(verified.has('Bearer 1:aa'));
  advance(1);
  t.false(verified.has('Bearer 1:aa'));
  advance(-5000);
  t.false(verified.has('Bearer 1:aa'), 'after the clock was set back');
});

test('a revocation of a user forgets every session of theirs and no one else’s', (t) => {
  const { verified } = setup();
  verified.add('Bearer 1:aa', 1);
  verified.add('Bearer 1:bb', 1);
  verified.add('Bearer 2:cc', 2);
  dropRevokedSessions(verified)([
    { type: 'sessions-revoked', user_id: 1, kept_session_id: 7 },
    { type: 'pairing-requested' },
  ]);
  t.false(verified.has('Bearer 1:aa'));
  t.false(verified.has('Bearer 1:bb'));
  t.true(verified.has('Bearer 2:cc'));
});

test('at most maxEntries credentials are kept, the oldest going first', (t) => {
  const { verified } = setup(2);
  verified.add('a', 1);
  verified.add('b', 2);
  verified.add('c', 3);
  t.false(verified.has('a'));
  t.true(verified.has('b'));
  t.true(verified.has('c'));
});
