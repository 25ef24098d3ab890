import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type Koa from 'koa';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Bodies shorter than this go as they are: a compressed copy would save less than a packet's headers and cost a
 * browser time to unpack.
 */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * A body as it goes on the wire, compressed once when it is made (a rendered page, a cached public read) and sent
 * as often as it is asked for: brotli to browsers that accept it, else gzip, else the bytes themselves. A short body
 * has no compressed copies.
 */
export interface EncodedBody {
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

/** Compresses `identity` (gzip level 6, brotli quality 5: a fraction of a millisecond for a 15 kB page). */
export async function encodeBody(identity: Buffer): Promise<EncodedBody> {
  if (identity.length < COMPRESS_FROM_BYTES) return { identity, gzip: null, br: null };
  const [gzipped, br] = await Promise.all([
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  ]);
  return { identity, gzip: gzipped, br };
}

export type BodyEncoding = 'br' | 'gzip' | 'identity';

/** Accept-Encoding headers seen, with the encoding each chooses; browsers send a handful of distinct ones. */
const chosenEncodings = new Map<string, BodyEncoding>();
const CHOSEN_ENCODINGS_MAX = 64;

/**
 * The smallest of our encodings a request's Accept-Encoding allows (Koa's negotiation: q-values, `*`), remembered
 * per header value. An Accept-Encoding that allows none of them gets the bytes themselves.
 */
export function preferredEncoding(ctx: Koa.Context): BodyEncoding {
  const header = ctx.get('accept-encoding');
  let chosen = chosenEncodings.get(header);
  if (chosen === undefined) {
    // Ours is the preference among what the browser allows: Koa's own pick follows the header's order, and
    // browsers name gzip before br.
    chosen = ctx.acceptsEncodings('br') === 'br' ? 'br' : ctx.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
    if (chosenEncodings.size >= CHOSEN_ENCODINGS_MAX) chosenEncodings.clear();
    chosenEncodings.set(header, chosen);
  }
  return chosen;
}

/** The copy of `body` in `encoding`, or the bytes themselves when a short body has no compressed copies. */
export function bodyIn(body: EncodedBody, encoding: BodyEncoding): { bytes: Buffer; encoding: BodyEncoding } {
  const bytes = encoding === 'identity' ? null : body[encoding];
  return bytes === null ? { bytes: body.identity, encoding: 'identity' } : { bytes, encoding };
}

/**
 * Which copy of `body` goes to this request: the smallest its Accept-Encoding allows. Adds `Vary: Accept-Encoding`,
 * so a cache between keeps the copies apart, and Content-Encoding when the copy is compressed.
 */
export function sendEncoded(ctx: Koa.Context, body: EncodedBody): void {
  ctx.vary('Accept-Encoding');
  const { bytes, encoding } = bodyIn(body, preferredEncoding(ctx));
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = bytes;
}
