import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/** A message between a benchmark and one of its helper processes; `id` pairs a request with its answer. */
export interface ChildMessage {
  type: string;
  id?: number;
  [field: string]: unknown;
}

export interface BenchChild {
  pid: number;
  /** Sends a request and waits for the answer carrying the same id (rejects after `timeoutMs`). */
  request<T extends ChildMessage = ChildMessage>(message: ChildMessage, timeoutMs?: number): Promise<T>;
  /** Waits for an unsolicited message of this type and id. */
  notice<T extends ChildMessage = ChildMessage>(type: string, id: number, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Starts a helper process of the benchmarks (a TypeScript file in this folder, run with tsx) with an IPC channel.
 * Helpers answer every request with a message of the same id; their stdout and stderr go to ours.
 */
export function startChild(file: string, env: Record<string, string> = {}): Promise<BenchChild> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (message: ChildMessage) => void>();
  const early = new Map<string, ChildMessage>();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', (message: ChildMessage) => {
    const key = `${message.type}:${message.id ?? 0}`;
    const resolve = waiting.get(key);
    if (resolve) {
      waiting.delete(key);
      resolve(message);
    } else {
      early.set(key, message);
    }
  });
  let nextId = 1;
  const wait = <T extends ChildMessage>(type: string, id: number, timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const key = `${type}:${id}`;
      const ready = early.get(key);
      if (ready) {
        early.delete(key);
        return resolve(ready as T);
      }
      const timer = setTimeout(() => {
        waiting.delete(key);
        reject(new Error(`${file}: no "${type}" within ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(key, (message) => {
        clearTimeout(timer);
        resolve(message as T);
      });
    });
  const handle: BenchChild = {
    pid: child.pid!,
    request<T extends ChildMessage>(message: ChildMessage, timeoutMs = 120_000) {
      const id = nextId++;
      const answer = wait<T>(`${message.type}-done`, id, timeoutMs);
      child.send({ ...message, id });
      return answer;
    },
    notice<T extends ChildMessage>(type: string, id: number, timeoutMs = 120_000) {
      return wait<T>(type, id, timeoutMs);
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('spawn', () => resolve(handle));
  });
}

/**
 * CPU seconds of a process's threads running at the `nice` value (the product's hashing threads run at
 * HASH_THREAD_NICE, its other threads at 0), from /proc/<pid>/task.
 */
export async function threadCpuSeconds(pid: number, nice: number): Promise<number> {
  let ticks = 0;
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // As in cpuSeconds: utime, stime and nice are the 14th, 15th and 19th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[16]) === nice) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / 100;
}

/** CPU time (user + system) a process has used so far, in seconds, from /proc. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at the state; utime and stime are 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}
