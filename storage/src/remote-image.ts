import { lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { IMAGE_MAX_BYTES } from '@ecup/domain';

/**
 * Fetching an image from another site once, so the site can store it as its own (players' browsers load images only
 * from the site). Guarded against server-side request forgery: only http and https, and never an address on a
 * private, loopback, link-local or otherwise special network, checked on the address actually connected to (so a
 * name that resolves differently the second time gains nothing), redirects included.
 */

/** Why a remote image was not fetched. */
export class RemoteImageRefused extends Error {
  constructor(
    readonly reason: 'scheme' | 'private_address' | 'unreachable' | 'status' | 'not_an_image' | 'too_large',
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** The content types the upload pipeline takes (JPEG and PNG, docs/decisions.md#content-and-uploads). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png']);

export const REMOTE_IMAGE_TIMEOUT_MS = 5_000;
const MAX_REDIRECTS = 3;

/** Addresses that are not on the public internet (RFC 6890 and friends). */
const SPECIAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  SPECIAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  SPECIAL.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is private, loopback, link-local, multicast or reserved (IPv4-mapped IPv6 as its IPv4). */
export function isSpecialAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return SPECIAL.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return SPECIAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** dns.lookup that refuses a name resolving to a special address. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as { address: string; family: number }[];
      const bad = list.find((a) => !allowPrivate && isSpecialAddress(a.address));
      if (bad) {
        return callback(new RemoteImageRefused('private_address', `${hostname} is ${bad.address}`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * The bytes of the JPEG or PNG at `address`: one GET, up to {@link MAX_REDIRECTS} redirects (each checked again),
 * a status 200, an image content type, at most `maxBytes` (the upload limit) and `timeoutMs` in all. Throws
 * {@link RemoteImageRefused} otherwise. `allowPrivate` (tests only, IMAGE_FETCH_ALLOW_PRIVATE) lifts the address
 * check.
 */
export async function fetchRemoteImage(
  address: string,
  options: { allowPrivate?: boolean; timeoutMs?: number; maxBytes?: number } = {},
): Promise<Buffer> {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? REMOTE_IMAGE_TIMEOUT_MS);
  let url = address;
  for (let redirects = 0; ; redirects++) {
    const answer = await getOnce(url, options, deadline);
    if ('location' in answer) {
      if (redirects >= MAX_REDIRECTS) throw new RemoteImageRefused('status', `too many redirects from ${address}`);
      url = answer.location;
      continue;
    }
    return answer.body;
  }
}

function getOnce(
  address: string,
  options: { allowPrivate?: boolean; maxBytes?: number },
  signal: AbortSignal,
): Promise<{ body: Buffer } | { location: string }> {
  const allowPrivate = options.allowPrivate ?? false;
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return Promise.reject(new RemoteImageRefused('scheme', address));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new RemoteImageRefused('scheme', address));
  }
  // An address literal is connected to without a lookup, so it is checked here.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(literal) !== 0 && !allowPrivate && isSpecialAddress(literal)) {
    return Promise.reject(new RemoteImageRefused('private_address', literal));
  }
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      { lookup: checkedLookup(allowPrivate), signal, headers: { accept: 'image/jpeg, image/png' }, agent: false },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ location: new URL(response.headers.location, url).href });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new RemoteImageRefused('status', `${address} answered ${status}`));
          return;
        }
        const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!IMAGE_TYPES.has(type)) {
          response.destroy();
          reject(new RemoteImageRefused('not_an_image', `${address} is ${type || 'of no type'}`));
          return;
        }
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
          response.destroy();
          reject(new RemoteImageRefused('too_large', address));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new RemoteImageRefused('too_large', address));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ body: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(new RemoteImageRefused('unreachable', `${address}: ${error.message}`)));
      },
    );
    request.on('error', (error) => {
      reject(
        error instanceof RemoteImageRefused
          ? error
          : new RemoteImageRefused('unreachable', `${address}: ${error.message}`),
      );
    });
  });
}
