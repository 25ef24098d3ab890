import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  createHashPool,
  scryptMemory,
  type BusyPolicy,
  type HashPool,
  type HashPoolLimits,
  type HashPoolStats,
} from './hash-pool.ts';

export { HASH_THREAD_NICE, HashingBusyError, type BusyPolicy, type HashPoolStats } from './hash-pool.ts';

/**
 * scrypt at OWASP's minimum (Password Storage Cheat Sheet, scrypt: "N=2^17 (128 MiB), r=8, p=1", or one of the
 * settings it lists as an equal level of defense: N=2^16 p=2 (64 MiB), N=2^15 p=3 (32 MiB), N=2^14 p=5 (16 MiB),
 * N=2^13 p=10 (8 MiB), all r=8), keyed by log2 N. docs/decisions.md#api-contract: argon2id or scrypt; Node 20 has scrypt built in.
 */
const OWASP_SCRYPT_P: Readonly<Record<number, number>> = { 13: 10, 14: 5, 15: 3, 16: 2, 17: 1 };
/** The lowest cost (log2 N) with an OWASP setting: production refuses anything below. */
export const PASSWORD_COST_MIN = 13;

/**
 * scrypt's cost as log2 N, with p from OWASP's list ({@link scryptParallelism}): N=2^14, r=8, p=5, 16 MiB and about
 * 0.2 s of one core per hash on this machine. The 128 MiB of N=2^17 p=1 (the cost before) took about 0.44 s of CPU
 * (the kernel zeroing its pages counts) and held 128 MiB per running check: a sign-in crowd's checks could not keep
 * the API process under 400 MB, nor 200 sign-ins a minute on one hashing thread (bench/src/surge.bench.ts).
 * PASSWORD_COST may set another for a process (tests use a cheaper one); a stored hash of other parameters is
 * rehashed at its next sign-in.
 */
export const PASSWORD_COST = 14;
const R = 8;

/** scrypt's p at `cost`: OWASP's for 13 to 17, 1 above (more memory, more work) and below (tests' cheap hashes). */
export function scryptParallelism(cost: number): number {
  return OWASP_SCRYPT_P[cost] ?? 1;
}
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** The most p a stored hash may ask for (OWASP's list goes to 10). */
const MAX_P = 10;
/** A stored salt or key shorter than this never matches: an empty key used to match every password. */
const MIN_PART_LENGTH = 16;
/** The most memory one stored hash may ask for (128 × N × r bytes); anything beyond is not a hash of ours. */
const MAX_HASH_MEMORY = 512 * 1024 * 1024;

/**
 * Hashes run off the event loop on one thread per core but one, at least one and at most four. The core left over
 * keeps the event loop, MySQL and Redis answering: on two cores, two hashing threads beside them made every other
 * call's p99 1.7 s while a crowd signed in, and even fewer sign-ins got through (scrypt's 128 MiB thrash the caches
 * the others share); one kept it at 34 ms (bench/src/password.bench.ts).
 */
export const HASH_THREADS = Math.max(1, Math.min(availableParallelism() - 1, 4));

/**
 * The most memory the running hashes of one process hold together: 64 MiB, four checks at the default cost, one at
 * N=2^16 or N=2^17, however many cores the machine has: the hashes' share of the 400 MB an API process should stay
 * under, beside its own 175 MiB after a full collection under steady load and its heap's swings
 * (bench/src/soak.bench.ts). A stored hash larger than this alone (N=2^17, 128 MiB, from before) runs when no other
 * does, and is rehashed at the process's cost at that sign-in.
 */
export const HASH_MEMORY_MAX = 64 * 1024 * 1024;

/**
 * How many checks may wait for a hashing thread in one process, whatever the pace: with four threads at about 0.3 s
 * a hash the last of 32 is answered in about 2.5 s. With fewer threads, or slower hashes, {@link HASH_WAIT_MAX_MS}
 * shortens the line (on two cores, one thread: about 16). A longer line would only answer later what it can answer
 * now: come back in a few seconds. It holds only a password and a salt per check; only running hashes take memory.
 */
export const HASH_QUEUE_MAX = 32;

/**
 * The longest a check should take from joining the line to its answer, at the hashes' recent pace: when the cores
 * are shared with other work and a hash takes longer, fewer than {@link HASH_QUEUE_MAX} may wait, so a sign-in
 * never waits for a minute.
 */
export const HASH_WAIT_MAX_MS = 5_000;

/** The Retry-After of a busy answer: about the time a full line takes to drain. */
export const HASH_BUSY_RETRY_AFTER_S = 5;

/**
 * This process's hashing threads and line. Until its first hash is timed, the line assumes 0.4 s per hash at cost 17
 * (this machine's pace), so a crowd arriving at a fresh process is not all let in.
 */
export const HASHING_LIMITS = {
  threads: HASH_THREADS,
  memoryMax: HASH_MEMORY_MAX,
  queueMax: HASH_QUEUE_MAX,
  maxWaitMs: HASH_WAIT_MAX_MS,
  initialPaceMs: 400,
};

let pool: HashPool = createHashPool(HASHING_LIMITS);

/** Replaces this process's hashing threads and line (tests: a short line to see the busy answer). */
export async function setHashingLimits(limits: HashPoolLimits): Promise<void> {
  const old = pool;
  pool = createHashPool(limits);
  await old.close();
}

/** This process's running hashes now and at most so far (their count and memory). */
export function hashingStats(): HashPoolStats {
  return pool.stats();
}

const memoryOf = (cost: number, r: number) => scryptMemory({ N: 2 ** cost, r });

/**
 * Hashes a password as `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>`: the hash carries its parameters, so hashes
 * made at another cost (N=2^17 p=1 before) still verify. A request's hash (`busy: 'refuse'`) throws
 * HashingBusyError when the line is full; seeding, the CLI and tests wait their turn.
 */
export async function hashPassword(password: string, cost = PASSWORD_COST, busy: BusyPolicy = 'wait'): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const p = scryptParallelism(cost);
  const key = await pool.scrypt(
    { password, salt, keylen: KEY_LENGTH, N: 2 ** cost, r: R, p, maxmem: 2 * memoryOf(cost, R) },
    busy,
  );
  return ['scrypt', cost, R, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface StoredHash {
  cost: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

/** Standard base64 as Buffer.toString writes it; anything else (other letters, bad padding) is not ours. */
function strictBase64(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : null;
}

function smallInteger(text: string): number {
  return /^[0-9]{1,3}$/.test(text) ? Number(text) : NaN;
}

/** A stored hash's parts, or null when any part is malformed, out of range or too short to be a real hash. */
function parseHash(stored: string): StoredHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, costText, rText, pText, saltText, keyText] = parts as [string, string, string, string, string, string];
  const cost = smallInteger(costText);
  const r = smallInteger(rText);
  const p = smallInteger(pText);
  if (!(cost >= 10 && cost <= 20 && r >= 1 && p >= 1 && p <= MAX_P) || memoryOf(cost, r) > MAX_HASH_MEMORY) return null;
  const salt = strictBase64(saltText);
  const key = strictBase64(keyText);
  if (!salt || !key || salt.length < MIN_PART_LENGTH || key.length < MIN_PART_LENGTH || key.length > 64) return null;
  return { cost, r, p, salt, key };
}

/**
 * Checks a password against a stored hash in constant time. A malformed hash, or one whose salt or key is missing
 * or short, never matches. A request's check (`busy: 'refuse'`) throws HashingBusyError when the line is full.
 */
export async function verifyPassword(password: string, stored: string, busy: BusyPolicy = 'wait'): Promise<boolean> {
  const hash = parseHash(stored);
  if (!hash) return false;
  const key = await pool.scrypt(
    {
      password,
      salt: hash.salt,
      keylen: hash.key.length,
      N: 2 ** hash.cost,
      r: hash.r,
      p: hash.p,
      maxmem: 2 * memoryOf(hash.cost, hash.r),
    },
    busy,
  );
  return key.length === hash.key.length && timingSafeEqual(key, hash.key);
}

/**
 * Whether a check at `cost` arriving now would be refused as busy: a sign-in asks first, so a crowd's refusals cost
 * no database or Redis work.
 */
export function hashingBusy(cost = PASSWORD_COST): boolean {
  return pool.full({ N: 2 ** cost, r: R, p: scryptParallelism(cost) });
}

/**
 * Whether a stored (well-formed) hash is of other parameters than the process's `cost`, so a sign-in should rehash
 * it: every account moves to the one setting the process runs at (production refuses one below OWASP's minimum), so
 * a hash from before, N=2^17 p=1 at 128 MiB, goes to the default's 16 MiB.
 */
export function needsRehash(stored: string, cost = PASSWORD_COST): boolean {
  const hash = parseHash(stored);
  return (
    hash !== null &&
    (hash.cost !== cost || hash.r !== R || hash.p !== scryptParallelism(cost) || hash.key.length !== KEY_LENGTH)
  );
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Burns the same work as a real check at `cost`, so an unknown username answers in the same time as a wrong
 * password (docs/decisions.md#api-contract); it waits in the same line, so it is refused as busy alike.
 */
export async function verifyAgainstDummy(
  password: string,
  cost = PASSWORD_COST,
  busy: BusyPolicy = 'wait',
): Promise<false> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost, busy);
    dummyHashes.set(cost, dummy);
    // A dummy refused as busy is made again next time.
    dummy.catch(() => dummyHashes.delete(cost));
  }
  await verifyPassword(password, await dummy, busy);
  return false;
}
