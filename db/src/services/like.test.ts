import test from 'ava';
import knexFactory from 'knex';
import { containsPattern, escapeLike, like, prefixPattern } from './like.ts';

const knex = knexFactory({ client: 'mysql2' });

test('escapeLike takes %, _ and the escape character ! literally, and leaves the backslash alone', (t) => {
  t.is(escapeLike('50% off_now!'), '50!% off!_now!!');
  t.is(escapeLike('C:\\games'), 'C:\\games');
  t.is(escapeLike('plain text'), 'plain text');
});

test('containsPattern and prefixPattern wrap the escaped text in wildcards', (t) => {
  t.is(containsPattern('a_b'), '%a!_b%');
  t.is(prefixPattern('totp.'), 'totp.%');
  t.is(prefixPattern('100%'), '100!%%');
});

test('like names its escape character, so the pattern reads the same with or without NO_BACKSLASH_ESCAPES', (t) => {
  t.is(like(knex, 'users.username', containsPattern('x%')).toQuery(), "`users`.`username` LIKE '%x!%%' ESCAPE '!'");
  const fullName = knex.raw("CONCAT(first_name, ' ', last_name)");
  t.is(like(knex, fullName, prefixPattern('Al')).toQuery(), "CONCAT(first_name, ' ', last_name) LIKE 'Al%' ESCAPE '!'");
});
