import test from 'ava';
import { flagOf } from './country-flag.ts';

test('a two-letter code becomes its flag in either case; anything else gives no flag', (t) => {
  t.is(flagOf('se'), '🇸🇪');
  t.is(flagOf('GB'), '🇬🇧');
  t.is(flagOf('swe'), '');
  t.is(flagOf(''), '');
});
