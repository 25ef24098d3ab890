import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/process.ts';
import { waitFor } from '../helpers/poll.ts';

/**
 * A redis-server of a fault suite's own, on a free loopback port, that the suite may stop and start again without
 * touching the shared Redis other work uses. Nothing is saved: a restart comes back empty, as after a real outage
 * that lost the instance.
 */
export interface PrivateRedis {
  port: number;
  url: string;
  /** Whether the server is running now. */
  running(): boolean;
  /** Starts the server (empty) on the same port; resolves once it answers PING. */
  start(): Promise<void>;
  /** Kills the server (SIGKILL: no goodbye to the clients) and waits until it has exited. */
  stop(): Promise<void>;
  /** Stops the server if it runs and removes its folder. */
  destroy(): Promise<void>;
}

/** One PING over a fresh TCP connection: true when the server answers PONG. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Starts a private redis-server (`redis-server` on the PATH) and answers its handle. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-redis-'));
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let output = '';

  async function start(): Promise<void> {
    if (child) throw new Error(`private Redis on port ${port} is already running`);
    output = '';
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    void exited.then(() => {
      if (child === proc) child = null;
    });
    await waitFor(
      async () => {
        if (await pings(port)) return true;
        if (child !== proc) throw new Error(`redis-server on port ${port} exited at start:\n${output}`);
        return false;
      },
      { what: () => `redis-server on port ${port} answering:\n${output}\n`, timeoutMs: 15_000, intervalMs: 25 },
    );
  }

  async function stop(): Promise<void> {
    const proc = child;
    if (!proc) return;
    proc.kill('SIGKILL');
    await exited;
    child = null;
  }

  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    running: () => child !== null,
    start,
    stop,
    async destroy() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
