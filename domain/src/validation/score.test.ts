import test from 'ava';
import { MESSAGES, message } from '../messages.ts';
import { validateScore } from './score.ts';

const accepted: [unknown, number][] = [
  [0, 0],
  ['0', 0],
  ['3', 3],
  [' 3 ', 3],
  ['03', 3],
  [99, 99],
  ['99', 99],
];
for (const [input, value] of accepted) {
  test(`score ${typeof input === 'string' ? `'${input}'` : String(input)} is accepted as ${value}`, (t) => {
    t.deepEqual(validateScore(input), { ok: true, value });
  });
}

const refused: unknown[] = [
  -1,
  '-1',
  100,
  '100',
  '3.5',
  3.5,
  '',
  '  ',
  'abc',
  '1e1',
  '+3',
  '0x1',
  null,
  undefined,
  [3],
  { v: 3 },
  NaN,
  Infinity,
  true,
];
for (const input of refused) {
  const shown =
    typeof input === 'string'
      ? `'${input}'`
      : typeof input === 'number'
        ? String(input)
        : (JSON.stringify(input) ?? 'undefined');
  test(`score ${shown} is refused with '${MESSAGES.scoreRange}'`, (t) => {
    t.deepEqual(validateScore(input), { ok: false, ...message('scoreRange') });
  });
}
