/**
 * Builds player-web and admin-web only when their sources changed since the last build, so `npm start` and
 * `npm test` stay fast. A build is stale when `<ws>/dist/index.html` (and player-web's `dist-ssr/entry-server.js`) is missing or older than any file under
 * `<ws>/src`, `<ws>/public`, `<ws>/index.html`, `<ws>/vite.config.ts`, `domain/src`, `web-ui/src` (both apps import them) or `web-build` (their shared build plugins).
 * Exits non-zero when a build fails.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKSPACES = ['player-web', 'admin-web'] as const;

/** Modification time in ms, or undefined when the path does not exist. */
function mtimeOf(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The newest modification time of a file or of any file below a directory; 0 when the path is missing. */
function newestMtime(path: string): number {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function isUpToDate(workspace: string): boolean {
  // The player app has a server build too (dist-ssr), written after the browser's.
  const outputs = [join(ROOT, workspace, 'dist', 'index.html')];
  if (workspace === 'player-web') outputs.push(join(ROOT, workspace, 'dist-ssr', 'entry-server.js'));
  const times = outputs.map(mtimeOf);
  if (times.some((time) => time === undefined)) return false;
  const built = Math.min(...(times as number[]));
  const inputs = [
    join(ROOT, workspace, 'src'),
    join(ROOT, workspace, 'public'),
    join(ROOT, workspace, 'index.html'),
    join(ROOT, workspace, 'vite.config.ts'),
    join(ROOT, 'domain', 'src'),
    join(ROOT, 'web-ui', 'src'),
    join(ROOT, 'web-build'),
  ];
  return inputs.every((input) => newestMtime(input) <= built);
}

let failed = false;
for (const workspace of WORKSPACES) {
  if (isUpToDate(workspace)) {
    console.log(`${workspace}: up to date`);
    continue;
  }
  console.log(`${workspace}: building…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `${workspace}: build failed (${result.error?.message ?? `exit code ${result.status ?? result.signal}`})`,
    );
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
