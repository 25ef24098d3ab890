import test from 'ava';
import {
  CHAT_MODES,
  CHAT_MODE_LABELS,
  CHAT_PRESETS,
  CHAT_PRESET_KEYS,
  chatPolicy,
  flagsContactAttempt,
  isChatMode,
  isChatPresetKey,
  isMinorIn,
} from './chat.ts';

test('adult with adult chat freely whatever the season says', (t) => {
  for (const mode of ['presets', 'filtered', 'off'] as const) t.is(chatPolicy(mode, false, false), 'free');
});

test('minor with minor is filtered whatever the season says', (t) => {
  for (const mode of ['presets', 'filtered', 'off'] as const) t.is(chatPolicy(mode, true, true), 'filtered');
});

test("adult with minor follows the season's mode, whoever sends", (t) => {
  for (const mode of ['presets', 'filtered', 'off'] as const) {
    t.is(chatPolicy(mode, true, false), mode);
    t.is(chatPolicy(mode, false, true), mode);
  }
});

test("a player turns 18 at midnight in the season's zone, not in UTC", (t) => {
  const birth = { year: 2008, month: 11, day: 27 };
  // 23:30 UTC on the 26th is already the 27th in Stockholm.
  const now = new Date('2026-11-26T23:30:00Z');
  t.false(isMinorIn(birth, now, 'Europe/Stockholm'));
  t.true(isMinorIn(birth, now, 'UTC'));
  t.true(isMinorIn(birth, new Date('2026-11-26T22:30:00Z'), 'Europe/Stockholm'));
});

test('quick messages and modes are recognised by key only', (t) => {
  t.true(CHAT_PRESET_KEYS.length >= 10);
  t.is(CHAT_PRESETS.good_game, 'Good game!');
  t.true(isChatPresetKey('good_game'));
  t.false(isChatPresetKey('toString'));
  t.false(isChatPresetKey('Good game!'));
  t.false(isChatPresetKey(3));
  t.true(isChatMode('filtered'));
  t.false(isChatMode('free'));
  t.false(isChatMode(undefined));
});

test('every chat mode has its own label, and no label names a mode that does not exist', (t) => {
  t.deepEqual(Object.keys(CHAT_MODE_LABELS).sort(), [...CHAT_MODES].sort());
  t.is(new Set(Object.values(CHAT_MODE_LABELS)).size, CHAT_MODES.length);
  t.is(CHAT_MODE_LABELS.presets, 'quick messages only');
});

test('an adult is flagged for contact details masked in a line to a minor, not for swearing, not minor to anyone', (t) => {
  for (const reason of ['phone', 'email', 'link', 'handle', 'address'])
    t.true(flagsContactAttempt([reason], false, true), reason);
  t.true(flagsContactAttempt(['profanity', 'phone'], false, true));
  t.false(flagsContactAttempt(['profanity'], false, true));
  t.false(flagsContactAttempt([], false, true));
  t.false(flagsContactAttempt(['phone'], true, true), 'minor to minor');
  t.false(flagsContactAttempt(['phone'], true, false), 'minor to adult');
  t.false(flagsContactAttempt(['phone'], false, false), 'adult to adult');
});
