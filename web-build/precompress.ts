/**
 * Build plugins the player app and the console share (their vite.config.ts files import them).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every text file of the build. The API's
 * static server sends the copy the browser accepts (koa-send), so a phone downloads the player app, and a
 * moderator's phone the console, compressed without the server compressing anything per request (Lighthouse's
 * "Enable text compression").
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'ecup-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(path.join(outDir, file));
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(body, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            }),
            promisify(gzip)(body, { level: 9 }),
          ]);
          await Promise.all([
            writeFile(path.join(outDir, `${file}.br`), br),
            writeFile(path.join(outDir, `${file}.gz`), gz),
          ]);
        }),
      );
    },
  };
}
