/**
 * Builds the player app's service worker (player-web/src/service-worker/sw.ts) into the app's output as /sw.js, once
 * the app's own files are known: the worker is given the list of files to store at install (index.html, the build's
 * scripts, styles and fonts, and the public files: the offline page, boot script, manifest and icons) and a version,
 * a digest of all of them, so every deploy that changes anything is a new worker, which the app offers to load.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'vite';

/** Build files stored at install: the page, its code and styles, and the fonts (pictures are stored when used). */
const PRECACHED_BUILD_FILE = /\.(html|js|css|woff2)$/;

async function publicFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? publicFiles(dir, `${prefix}${entry.name}/`) : Promise.resolve([`${prefix}${entry.name}`]),
    ),
  );
  return nested.flat();
}

/**
 * The plugin. `entry` is the worker's source; the files in its folder are its own (tests aside) and count toward its
 * version.
 */
export function serviceWorker(options: { entry: string; fileName?: string }): Plugin {
  const fileName = options.fileName ?? 'sw.js';
  let publicDir = '';
  return {
    name: 'ecup-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const contents = new Map<string, string | Uint8Array>();
      for (const [file, output] of Object.entries(bundle)) {
        if (PRECACHED_BUILD_FILE.test(file)) contents.set(file, output.type === 'chunk' ? output.code : output.source);
      }
      for (const file of publicDir ? await publicFiles(publicDir) : []) {
        contents.set(file, await readFile(path.join(publicDir, file)));
      }
      const files = [...contents.keys()].sort();
      const digest = createHash('sha256');
      // The worker's own sources (the files beside its entry) count too: a change to the worker alone is a new version.
      const sources = path.dirname(options.entry);
      for (const source of (await readdir(sources)).filter((name) => !name.includes('.test.')).sort()) {
        digest.update(`\0${source}\0`).update(await readFile(path.join(sources, source)));
      }
      for (const file of files) digest.update(`\0${file}\0`).update(contents.get(file)!);
      const version = digest.digest('hex').slice(0, 16);

      const output = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __ECUP_SW_VERSION__: JSON.stringify(version),
          __ECUP_SW_PRECACHE__: JSON.stringify(files.map((file) => `/${file}`)),
        },
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          lib: { entry: options.entry, formats: ['iife'], name: 'ecupServiceWorker', fileName: () => fileName },
        },
      });
      const chunk = (Array.isArray(output) ? output : [output])
        .flatMap((result) => ('output' in result ? result.output : []))
        .find((item) => item.type === 'chunk');
      if (!chunk) throw new Error(`the service worker ${options.entry} built to nothing`);
      this.emitFile({ type: 'asset', fileName, source: chunk.code });
    },
  };
}
