/** The part of `http_ece` (Encrypted Content-Encoding for HTTP, RFC 8188) the test push service uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm' | 'aesgcm' | 'aesgcm128'; privateKey: ECDH; authSecret: string | Buffer },
  ): Buffer;
}
