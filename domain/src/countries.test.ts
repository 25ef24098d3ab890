import test from 'ava';
import { COUNTRY_COUNT } from './constants.ts';
import { COUNTRIES } from './countries.ts';

test('the country list has 245 entries with ids 0–244 in order', (t) => {
  t.is(COUNTRIES.length, COUNTRY_COUNT);
  t.deepEqual(
    COUNTRIES.map((c) => c.id),
    Array.from({ length: 245 }, (_, i) => i),
  );
});

test('every country has a unique two-letter lower-case code and a name', (t) => {
  t.true(COUNTRIES.every((c) => /^[a-z]{2}$/.test(c.code) && c.name.trim() !== ''));
  t.is(new Set(COUNTRIES.map((c) => c.code)).size, 245);
});

test('the list is sorted by English name, accents ignored', (t) => {
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  const names = COUNTRIES.map((c) => c.name);
  t.deepEqual([...names].sort(collator.compare), names);
  t.is(COUNTRIES.find((c) => c.code === 'se')?.name, 'Sweden');
});
