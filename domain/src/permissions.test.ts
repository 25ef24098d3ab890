import test from 'ava';
import {
  ALL_PERMISSIONS,
  changeFlags,
  describeFlags,
  PERMISSIONS,
  flagNames,
  has,
  hasAll,
  isStaff,
  outranks,
  parseFlags,
  permissionsOf,
} from './permissions.ts';

test('the flags are exactly those of docs/product.md#roles', (t) => {
  t.deepEqual(PERMISSIONS, {
    canSeeUserProfile: 1,
    canBanUsers: 2,
    canIPBan: 4,
    canSeeCountryStats: 8,
    canPublishNews: 16,
    canResolveConflicts: 32,
    canSeeTrophyWinners: 64,
  });
  t.is(ALL_PERMISSIONS, 127);
});

const hasCases: [string, Parameters<typeof has>[0], Parameters<typeof has>[1], boolean][] = [
  ['a moderator with 32 resolves conflicts', { permissions: 32 }, 'canResolveConflicts', true],
  ['a moderator with 32 cannot ban', { permissions: 32 }, 'canBanUsers', false],
  ['6 holds canIPBan', 6, PERMISSIONS.canIPBan, true],
  ['6 holds canBanUsers and canIPBan together', 6, 6, true],
  ['2 does not hold canBanUsers and canIPBan together', 2, 6, false],
  ['127 holds every flag', 127, 'canSeeTrophyWinners', true],
  ['a player (0) holds nothing', { permissions: 0 }, 'canSeeUserProfile', false],
  ['nobody (null) holds nothing', null, 'canSeeUserProfile', false],
  ['a flag of 0 is never held', 127, 0, false],
  ['a missing permissions field holds nothing', {}, 'canSeeUserProfile', false],
  ['a corrupt value (-1) holds nothing', -1, 'canSeeUserProfile', false],
  ['a corrupt value (128) holds nothing', 128, 'canSeeUserProfile', false],
  ['a corrupt value (1.5) holds nothing', 1.5, 'canSeeUserProfile', false],
];
for (const [what, subject, flag, expected] of hasCases) {
  test(`has: ${what}`, (t) => {
    t.is(has(subject, flag), expected);
  });
}

test('hasAll needs every listed flag and refuses an empty list', (t) => {
  t.true(hasAll(127, ['canBanUsers', 'canIPBan']));
  t.true(hasAll({ permissions: 34 }, ['canBanUsers', 32]));
  t.false(hasAll({ permissions: 2 }, ['canBanUsers', 'canIPBan']));
  t.true(hasAll(127, ALL_PERMISSIONS));
  t.false(hasAll(126, ALL_PERMISSIONS));
  t.false(hasAll(127, []));
});

test('isStaff is permissions above 0 (docs/product.md#screens-and-routes: the Admin link)', (t) => {
  t.false(isStaff(0));
  t.false(isStaff({ permissions: 0 }));
  t.false(isStaff(null));
  t.false(isStaff(undefined));
  t.true(isStaff(1));
  t.true(isStaff({ permissions: 64 }));
});

test('permissionsOf reads a user or a number', (t) => {
  t.is(permissionsOf({ permissions: 5 }), 5);
  t.is(permissionsOf({ permissions: null }), 0);
  t.is(permissionsOf(NaN), 0);
});

test('flagNames lists the names in bit order', (t) => {
  t.deepEqual(flagNames(0), []);
  t.deepEqual(flagNames(6), ['canBanUsers', 'canIPBan']);
  t.deepEqual(flagNames(96), ['canResolveConflicts', 'canSeeTrophyWinners']);
  t.is(flagNames(127).length, 7);
  t.deepEqual(flagNames(999), []);
});

const parseCases: [string, number][] = [
  ['6', 6],
  ['canBanUsers,canIPBan', 6],
  ['canBanUsers, canIPBan', 6],
  ['canbanusers|CANIPBAN', 6],
  ['canBanUsers+canIPBan', 6],
  ['1 canPublishNews', 17],
  ['all', 127],
  ['none', 0],
  ['', 0],
  ['127', 127],
  ['canBanUsers,canBanUsers', 2],
];
for (const [text, bits] of parseCases) {
  test(`parseFlags('${text}') is ${bits}`, (t) => {
    t.deepEqual(parseFlags(text), { ok: true, value: bits });
  });
}

test('parseFlags refuses an unknown name and lists the known ones', (t) => {
  t.deepEqual(parseFlags('canBanUsers,canFly'), {
    ok: false,
    error:
      "Unknown permission 'canFly'. Known: canSeeUserProfile, canBanUsers, canIPBan, canSeeCountryStats, canPublishNews, canResolveConflicts, canSeeTrophyWinners.",
  });
});

test('parseFlags refuses numbers above 127 and negative numbers', (t) => {
  t.deepEqual(parseFlags('128'), { ok: false, error: 'Permissions must be between 0 and 127.' });
  t.false(parseFlags('-1').ok);
});

test('describeFlags prints the number and the names an operator reads', (t) => {
  t.is(describeFlags(0), '0 (none)');
  t.is(describeFlags(127), '127 (all)');
  t.is(describeFlags(34), '34 (canBanUsers, canResolveConflicts)');
});

test('changeFlags grants by OR and revokes by clearing only the given bits', (t) => {
  t.is(changeFlags(0, 127, 'grant'), 127);
  t.is(changeFlags(2, 32, 'grant'), 34);
  t.is(changeFlags(34, 32, 'grant'), 34);
  t.is(changeFlags(34, 2, 'revoke'), 32);
  t.is(changeFlags(34, 64, 'revoke'), 34);
  t.is(changeFlags(127, 127, 'revoke'), 0);
});

test('outranks: the actor holds every flag the target holds; a larger number is not enough', (t) => {
  t.true(outranks(ALL_PERMISSIONS, PERMISSIONS.canBanUsers));
  t.true(outranks(PERMISSIONS.canBanUsers, PERMISSIONS.canBanUsers), 'equal flags');
  t.true(outranks(PERMISSIONS.canBanUsers, 0), 'every player');
  t.false(outranks(PERMISSIONS.canBanUsers | PERMISSIONS.canSeeUserProfile, ALL_PERMISSIONS));
  t.false(outranks(PERMISSIONS.canBanUsers, PERMISSIONS.canSeeUserProfile), '2 does not outrank 1');
  t.false(outranks(0, PERMISSIONS.canSeeUserProfile));
  t.true(outranks({ permissions: 3 }, { permissions: 1 }));
});
