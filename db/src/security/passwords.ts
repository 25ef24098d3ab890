import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createTurns } from '../services/in-turn.ts';

/**
 * How many password hashes may run at once: one per core, and always one of libuv's pool threads left over. scrypt
 * runs on that pool (4 threads by default); a crowd of sign-ins holding all of them queues the pool's other work
 * (file reads of the web apps) behind hashes and leaves the event loop one thread among five on two cores, so every
 * other call slows down with the sign-ins (issue 10, bench/src/surge.bench.ts). Extra checks wait their turn in
 * order; each check still costs exactly what it did.
 */
const HASH_SLOTS = Math.max(1, Math.min(availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1));
const inTurn = createTurns(HASH_SLOTS);

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

const KEY_LENGTH = 32;
// scrypt N=2^15, r=8, p=1: about 32 MiB and tens of milliseconds per hash (decisions §2: argon2id or scrypt).
const DEFAULT_COST = 15;

/** Hashes a password as `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>`. */
export async function hashPassword(password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return ['scrypt', cost, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, costText, rText, pText, saltText, keyText] = parts as [string, string, string, string, string, string];
  const cost = Number(costText);
  const r = Number(rText);
  const p = Number(pText);
  if (!Number.isInteger(cost) || cost < 10 || cost > 20 || !Number.isInteger(r) || !Number.isInteger(p)) return false;
  const expected = Buffer.from(keyText, 'base64');
  const N = 2 ** cost;
  const key = await scrypt(password, Buffer.from(saltText, 'base64'), expected.length, {
    N,
    r,
    p,
    maxmem: 256 * N * r,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * Burns the same work as a real check, so an unknown username answers in the same time as a wrong password
 * (decisions §2).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}
