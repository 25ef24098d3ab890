import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, ROOT } from './process.ts';
import { waitFor } from './poll.ts';

/** Debian's nginx (.ci/run installs it when it is missing). */
export const NGINX = '/usr/sbin/nginx';

const TEMP_DIRS = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** deploy/nginx.conf with this run's ports and folders on its `# site:` lines, each of which must be there. */
async function siteConfig(port: number, apiPorts: number[], accessLog: string): Promise<string> {
  let conf = await readFile(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!conf.includes(from)) throw new Error(`deploy/nginx.conf no longer holds "${from}"`);
    conf = conf.replace(from, to);
  };
  if (apiPorts.length !== 2) throw new Error('deploy/nginx.conf names two API processes');
  replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${apiPorts[0]} `);
  replace('server 127.0.0.1:3002 ', `server 127.0.0.1:${apiPorts[1]} `);
  replace('listen 80;', `listen 127.0.0.1:${port};`);
  replace('/var/log/nginx/ecup.access.log', accessLog);
  replace('root /srv/ecup/player-web/dist;', `root ${path.join(ROOT, 'player-web/dist')};`);
  replace('alias /srv/ecup/admin-web/dist/assets/;', `alias ${path.join(ROOT, 'admin-web/dist/assets')}/;`);
  return conf;
}

export interface RunningNginx {
  /** `http://127.0.0.1:<port>`, where nginx listens. */
  site: string;
  /** nginx's access log (format `ecup` of deploy/nginx.conf: `upstream=` names the API process of each request). */
  accessLog: string;
  /**
   * The upstream nginx logged for each request line holding `marker` (`-` when nginx answered itself), once at
   * least one such line is there (nginx writes a request's line just after its answer).
   */
  upstreamsOf: (marker: string) => Promise<string[]>;
  /**
   * A client address (X-Forwarded-For from the load balancer in front) whose requests nginx sends to the API
   * process on `apiPort`, found by asking through nginx; each address is handed out once.
   */
  addressFor: (apiPort: number) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * Starts nginx in the foreground with deploy/nginx.conf in front of the two API processes on `apiPorts`, its pid,
 * logs and temporary folders in `dir`, and waits until it passes GET /health to an API process.
 */
export async function startNginx(dir: string, apiPorts: number[]): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run installs it)`);
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const accessLog = path.join(dir, 'access.log');
  for (const temp of TEMP_DIRS) await mkdir(path.join(dir, temp), { recursive: true });
  const conf = [
    // As root (CI), the workers run as root too, to write the run's temporary folders.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    'daemon off;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    ...TEMP_DIRS.map((temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${path.join(dir, temp)};`),
    await siteConfig(port, apiPorts, accessLog),
    '}',
  ].join('\n');
  await writeFile(path.join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  async function waitForNginx<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms: number) {
    return waitFor(
      async () => {
        const value = await probe().catch(() => undefined);
        if (value) return value;
        if (child.exitCode !== null) {
          const log = await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
          throw new Error(`nginx exited (${child.exitCode}) while waiting for ${what}:\n${log}`);
        }
        return undefined;
      },
      { what, timeoutMs: ms },
    );
  }

  const upstreamsOf = (marker: string) =>
    waitForNginx(
      `an access log line with ${marker}`,
      async () => {
        const log = await readFile(accessLog, 'utf8');
        const lines = log.split('\n').filter((line) => line.includes(marker));
        return lines.length > 0 ? lines.map((line) => /upstream=(\S+)/.exec(line)?.[1] ?? '') : undefined;
      },
      5000,
    );

  const byPort = new Map<number, string[]>();
  const used = new Set<string>();
  let next = 1;
  // One search at a time, so that concurrent callers never take the same address or miss one found for them.
  let searching: Promise<unknown> = Promise.resolve();
  function addressFor(apiPort: number): Promise<string> {
    const found = searching.then(() => searchAddress(apiPort));
    searching = found.catch(() => undefined);
    return found;
  }
  async function searchAddress(apiPort: number): Promise<string> {
    while ((byPort.get(apiPort)?.length ?? 0) === 0 && next < 1000) {
      const n = next++;
      const address = `10.20.${n >> 8}.${n & 255}`;
      // The access log holds no query string: the address is in the path (an API process answers it with the
      // app shell, as any unknown path).
      await fetch(`${site}/nginx-probe/${address}`, { headers: { 'X-Forwarded-For': address } });
      const [upstream] = await upstreamsOf(`/nginx-probe/${address} `);
      const port = Number(upstream?.split(':').at(-1));
      byPort.set(port, [...(byPort.get(port) ?? []), address]);
    }
    const address = byPort.get(apiPort)?.shift();
    if (!address || used.has(address)) throw new Error(`no address reaches the API process on ${apiPort}`);
    used.add(address);
    return address;
  }

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, sleep(5000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };

  try {
    await waitForNginx('nginx', async () => (await fetch(`${site}/health`)).status === 200, 20_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { site, accessLog, upstreamsOf, addressFor, stop };
}
