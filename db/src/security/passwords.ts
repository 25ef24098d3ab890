import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
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
