import test from 'ava';
import { COUNTRIES } from '@ecup/domain';
import { countryOptions } from './country-options.ts';

test('in English the country list is the spec’s 245 names in their own order', (t) => {
  const en = countryOptions('en-GB');
  t.is(en.length, 245);
  t.deepEqual(
    en.map((c) => c.name),
    COUNTRIES.map((c) => c.name),
  );
});

test('in Swedish every country has its Swedish name, sorted the Swedish way, with the same ids', (t) => {
  const sv = countryOptions('sv-SE');
  t.is(sv.length, 245);
  const byId = new Map(sv.map((c) => [c.id, c.name]));
  const id = (code: string) => COUNTRIES.find((c) => c.code === code)!.id;
  t.is(byId.get(id('se')), 'Sverige');
  t.is(byId.get(id('de')), 'Tyskland');
  t.is(byId.get(id('gb')), 'Storbritannien');
  t.is(byId.get(id('ax')), 'Åland');
  t.deepEqual(
    sv.map((c) => c.id).sort((a, b) => a - b),
    COUNTRIES.map((c) => c.id),
  );
  // Å, Ä and Ö come after Z in Swedish.
  const names = sv.map((c) => c.name);
  t.true(names.indexOf('Åland') > names.indexOf('Zimbabwe'));
  t.true(names.indexOf('Österrike') > names.indexOf('Åland'));
  // No country is left with its English name where Swedish has another one.
  t.false(names.includes('Germany'));
  t.false(names.includes('Sweden'));
});
