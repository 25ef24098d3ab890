/**
 * The oldest MySQL, MariaDB and Redis eCup runs on, and the start's check of what it found. Redis 7
 * brought `EXPIRE … NX`, which the rate limits use; MariaDB 10.6 and MySQL 8 are the oldest releases still
 * maintained that have everything the migrations use.
 */
export const NEEDED_VERSIONS = {
  mariadb: [10, 6],
  mysql: [8, 0],
  redis: [7, 0],
} as const satisfies Record<string, readonly [number, number]>;

/** A version as numbers: major, minor, patch. */
export type Version = readonly [number, number, number];

/** What a server reported: its product and version. */
export interface FoundServer {
  product: 'MariaDB' | 'MySQL' | 'Redis';
  version: Version;
}

/** Reads the leading "major.minor[.patch]" of a reported version such as "10.11.6-MariaDB-0+deb12u1"; null if none. */
export function parseVersion(reported: string): Version | null {
  const match = /^\s*(\d+)\.(\d+)(?:\.(\d+))?/.exec(reported);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
}

/** Whether `version` is `needed` (major, minor) or newer. */
export function atLeast(version: Version, needed: readonly [number, number]): boolean {
  if (version[0] !== needed[0]) return version[0] > needed[0];
  return version[1] >= needed[1];
}

/** `SELECT VERSION()` of MariaDB ("10.11.6-MariaDB-0+deb12u1", "11.4.2-MariaDB") or MySQL ("8.0.36"). */
export function databaseServer(reported: string): FoundServer | null {
  const version = parseVersion(reported);
  if (!version) return null;
  return { product: /mariadb/i.test(reported) ? 'MariaDB' : 'MySQL', version };
}

/** The `redis_version` field of Redis's `INFO server` answer. */
export function redisServer(info: string): FoundServer | null {
  const field = /^redis_version:(.+)$/m.exec(info);
  const version = field ? parseVersion(field[1]!) : null;
  return version ? { product: 'Redis', version } : null;
}

export function formatVersion(version: Version): string {
  return version.join('.');
}

const NEEDED_DATABASE = `MariaDB ${NEEDED_VERSIONS.mariadb.join('.')} or newer, or MySQL ${NEEDED_VERSIONS.mysql[0]} or newer`;
const NEEDED_REDIS = `Redis ${NEEDED_VERSIONS.redis[0]} or newer`;

/** The one-line refusal for a database server too old or not recognised; null when it will do. */
export function databaseVersionProblem(reported: string): string | null {
  const found = databaseServer(reported);
  if (!found) return `The database reported the version "${reported}"; eCup needs ${NEEDED_DATABASE}.`;
  const needed = found.product === 'MariaDB' ? NEEDED_VERSIONS.mariadb : NEEDED_VERSIONS.mysql;
  if (atLeast(found.version, needed)) return null;
  return (
    `${found.product} ${formatVersion(found.version)} is too old: eCup needs ${NEEDED_DATABASE}. ` +
    'Upgrade it or set DATABASE_URL to a newer server.'
  );
}

/** The one-line refusal for a Redis server too old or not recognised; null when it will do. */
export function redisVersionProblem(info: string): string | null {
  const found = redisServer(info);
  if (!found) return `Redis did not report its version (INFO server); eCup needs ${NEEDED_REDIS}.`;
  if (atLeast(found.version, NEEDED_VERSIONS.redis)) return null;
  return (
    `Redis ${formatVersion(found.version)} is too old: eCup needs ${NEEDED_REDIS} (the rate limits use EXPIRE … NX). ` +
    'Upgrade it or set REDIS_URL to a newer server.'
  );
}

/** The start's one line naming the servers found and what eCup needs. */
export function versionsLine(database: FoundServer, redis: FoundServer): string {
  return (
    `services: ${database.product} ${formatVersion(database.version)} and Redis ${formatVersion(redis.version)} ` +
    `(eCup needs ${NEEDED_DATABASE}, and ${NEEDED_REDIS})`
  );
}
