import test from 'ava';
import {
  atLeast,
  databaseServer,
  databaseVersionProblem,
  parseVersion,
  redisServer,
  redisVersionProblem,
  versionsLine,
} from './versions.ts';

const redisInfo = (version: string) =>
  `# Server\r\nredis_version:${version}\r\nredis_git_sha1:00000000\r\nredis_mode:standalone\r\n`;

test('reads the version MariaDB, MySQL and Redis report', (t) => {
  t.deepEqual(parseVersion('10.11.6-MariaDB-0+deb12u1'), [10, 11, 6]);
  t.deepEqual(parseVersion('8.0.36'), [8, 0, 36]);
  t.deepEqual(parseVersion('7.2'), [7, 2, 0]);
  t.is(parseVersion('MariaDB'), null);
  t.is(parseVersion(''), null);
  t.deepEqual(databaseServer('10.11.6-MariaDB-0+deb12u1'), { product: 'MariaDB', version: [10, 11, 6] });
  t.deepEqual(databaseServer('11.4.2-MariaDB'), { product: 'MariaDB', version: [11, 4, 2] });
  t.deepEqual(databaseServer('8.0.36'), { product: 'MySQL', version: [8, 0, 36] });
  t.deepEqual(databaseServer('8.4.0-0ubuntu0.24.04.1'), { product: 'MySQL', version: [8, 4, 0] });
  t.deepEqual(redisServer(redisInfo('7.0.15')), { product: 'Redis', version: [7, 0, 15] });
  t.is(redisServer('# Server\r\nredis_mode:standalone\r\n'), null);
});

test('compares by major, then minor: 10.11 is newer than 10.6, 10.5 older', (t) => {
  t.true(atLeast([10, 6, 0], [10, 6]));
  t.true(atLeast([10, 11, 6], [10, 6]));
  t.true(atLeast([11, 0, 0], [10, 6]));
  t.false(atLeast([10, 5, 99], [10, 6]));
  t.false(atLeast([9, 9, 9], [10, 6]));
});

test('MariaDB 10.6 or newer and MySQL 8 or newer start; older ones are refused naming the found and needed version', (t) => {
  for (const good of ['10.6.0-MariaDB', '10.11.6-MariaDB-0+deb12u1', '11.4.2-MariaDB', '8.0.36', '9.1.0']) {
    t.is(databaseVersionProblem(good), null, good);
  }
  t.is(
    databaseVersionProblem('10.5.23-MariaDB-0+deb11u1'),
    'MariaDB 10.5.23 is too old: eCup needs MariaDB 10.6 or newer, or MySQL 8 or newer. ' +
      'Upgrade it or set DATABASE_URL to a newer server.',
  );
  t.is(
    databaseVersionProblem('5.7.44-log'),
    'MySQL 5.7.44 is too old: eCup needs MariaDB 10.6 or newer, or MySQL 8 or newer. ' +
      'Upgrade it or set DATABASE_URL to a newer server.',
  );
  // MariaDB and MySQL number their releases apart: the product decides which minimum applies.
  t.regex(databaseVersionProblem('8.0.36-MariaDB') ?? '', /^MariaDB 8\.0\.36 is too old/);
  t.is(
    databaseVersionProblem('unknown'),
    'The database reported the version "unknown"; eCup needs MariaDB 10.6 or newer, or MySQL 8 or newer.',
  );
});

test('Redis 7 or newer starts; an older one is refused naming EXPIRE … NX', (t) => {
  t.is(redisVersionProblem(redisInfo('7.0.0')), null);
  t.is(redisVersionProblem(redisInfo('7.4.1')), null);
  t.is(redisVersionProblem(redisInfo('8.0.2')), null);
  t.is(
    redisVersionProblem(redisInfo('6.2.14')),
    'Redis 6.2.14 is too old: eCup needs Redis 7 or newer (the rate limits use EXPIRE … NX). ' +
      'Upgrade it or set REDIS_URL to a newer server.',
  );
  t.is(
    redisVersionProblem('# Server\r\n'),
    'Redis did not report its version (INFO server); eCup needs Redis 7 or newer.',
  );
});

test('the start names the versions it found and the ones it needs in one line', (t) => {
  const line = versionsLine(databaseServer('10.11.6-MariaDB-0+deb12u1')!, redisServer(redisInfo('7.0.15'))!);
  t.is(
    line,
    'services: MariaDB 10.11.6 and Redis 7.0.15 (eCup needs MariaDB 10.6 or newer, or MySQL 8 or newer, and Redis 7 or newer)',
  );
  t.false(line.includes('\n'));
});
