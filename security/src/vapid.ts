import { writeOnce } from './write-once.ts';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Where development keeps the VAPID key pair it generated for itself (the .data directory of the checkout). */
export const DEV_VAPID_FILE = path.join(ROOT, '.data', 'vapid.json');

/** The server's Web Push identity (RFC 8292): its key pair, URL-safe base64, and the contact the push services see. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export class VapidError extends Error {}

/** A P-256 public key (65 bytes, uncompressed) and private key (32 bytes), URL-safe base64 without padding. */
const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (a `mailto:` or `https:` contact; default PUBLIC_URL when
 * it is https://, else MAIL_FROM's address as a `mailto:`).
 * Without NODE_ENV=production unset keys are generated once into `.data/vapid.json` (`web-push`'s
 * generateVAPIDKeys) and read from there afterwards; several processes starting at once agree on one file, written
 * under a temporary name and linked into place. In production missing keys are a VapidError: the start is refused.
 */
export function resolveVapidKeys(
  env: NodeJS.ProcessEnv = process.env,
  publicUrl: string,
  file = DEV_VAPID_FILE,
): VapidKeys {
  const subject = env.VAPID_SUBJECT || defaultSubject(env, publicUrl);
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new VapidError(`VAPID_SUBJECT must be a mailto: address or an https:// URL (got "${subject}")`);
  }
  const publicKey = env.VAPID_PUBLIC_KEY ?? '';
  const privateKey = env.VAPID_PRIVATE_KEY ?? '';
  if (publicKey !== '' || privateKey !== '') {
    if (!PUBLIC_KEY.test(publicKey) || !PRIVATE_KEY.test(privateKey)) {
      throw new VapidError(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set, URL-safe base64 P-256 keys (for example: npx web-push generate-vapid-keys)',
      );
    }
    return { publicKey, privateKey, subject };
  }
  if (env.NODE_ENV === 'production') {
    throw new VapidError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required with NODE_ENV=production: they sign Web Push messages (for example: npx web-push generate-vapid-keys)',
    );
  }
  return { ...developmentKeys(file), subject };
}

/** PUBLIC_URL when it is https://, else the address of MAIL_FROM as a mailto: (push services take no http://). */
function defaultSubject(env: NodeJS.ProcessEnv, publicUrl: string): string {
  if (publicUrl.startsWith('https://')) return publicUrl;
  const from = env.MAIL_FROM || 'no-reply@ecup.local';
  return `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from.trim()}`;
}

function developmentKeys(file: string): { publicKey: string; privateKey: string } {
  const existing = readKeyFile(file);
  if (existing) return existing;
  const keys = webpush.generateVAPIDKeys();
  writeOnce(file, `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey })}\n`);
  const written = readKeyFile(file);
  if (!written) throw new VapidError(`${file} must hold the development VAPID keys; delete it to make new ones`);
  return written;
}

function readKeyFile(file: string): { publicKey: string; privateKey: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
    if (
      typeof parsed.publicKey === 'string' &&
      typeof parsed.privateKey === 'string' &&
      PUBLIC_KEY.test(parsed.publicKey) &&
      PRIVATE_KEY.test(parsed.privateKey)
    ) {
      return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
    }
  } catch {
    // Not JSON: refused below.
  }
  return null;
}
