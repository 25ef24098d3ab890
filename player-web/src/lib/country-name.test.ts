import test from 'ava';
import { countryName } from './country-name.ts';

test("English keeps the spec's name; Swedish names the country by its code; an unknown code keeps the name", (t) => {
  t.is(countryName('gb', 'United Kingdom', 'en-GB'), 'United Kingdom');
  t.is(countryName('se', 'Sweden', 'sv-SE'), 'Sverige');
  t.is(countryName('de', 'Germany', 'sv-SE'), 'Tyskland');
  t.is(countryName('qq', 'Nowhere', 'sv-SE'), 'Nowhere');
  t.is(countryName('not a code', 'Nowhere', 'sv-SE'), 'Nowhere');
});
