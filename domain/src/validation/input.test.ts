import test from 'ava';
import { asInteger, asText, charLength, field, isYes, parsePositiveInt } from './input.ts';

test('field reads own properties only and tolerates any body', (t) => {
  t.is(field({ a: 1 }, 'a'), 1);
  t.is(field({}, 'constructor'), undefined);
  t.is(field({}, 'toString'), undefined);
  for (const body of [null, undefined, 'a=1', 5, ['a']]) t.is(field(body, 'a'), undefined);
});

test('asText keeps strings and finite numbers and drops the rest', (t) => {
  t.is(asText('x'), 'x');
  t.is(asText(12), '12');
  for (const v of [NaN, Infinity, null, undefined, true, ['x'], { x: 1 }]) t.is(asText(v), undefined);
});

const integers: [unknown, number | undefined][] = [
  ['12', 12],
  [' 12 ', 12],
  ['-3', -3],
  ['007', 7],
  [12, 12],
  [-0, 0],
  ['1.5', undefined],
  [1.5, undefined],
  ['1e3', undefined],
  ['+3', undefined],
  ['', undefined],
  ['9999999999999999', undefined],
  [null, undefined],
  [['1'], undefined],
];
for (const [input, expected] of integers) {
  test(`asInteger(${JSON.stringify(input)}) is ${expected}`, (t) => {
    t.is(asInteger(input), expected);
  });
}

test('parsePositiveInt takes ids from 1 up', (t) => {
  t.is(parsePositiveInt('1'), 1);
  t.is(parsePositiveInt(0), undefined);
  t.is(parsePositiveInt('-4'), undefined);
});

test('isYes accepts the ways a checkbox says yes', (t) => {
  for (const v of [true, 1, '1', 'true', 'TRUE', 'on', 'yes', ' yes ']) t.true(isYes(v), String(v));
  for (const v of [false, 0, '0', 'false', 'off', 'no', '', null, undefined, ['on'], 2]) t.false(isYes(v), String(v));
});

test('charLength counts an emoji as one character', (t) => {
  t.is(charLength('⚽'), 1);
  t.is(charLength('😀😀'), 2);
  t.is(charLength('Åsa'), 3);
});
