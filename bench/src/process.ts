import { readFile } from 'node:fs/promises';
import { freePort, runEntry, waitForOutput } from '../../harness/src/process.ts';

/** Starts a process of the product (e.g. api/src/main.ts) on a free port and waits for its ready line. */
export async function startProcess(entry: string, env: Record<string, string>, ready: string) {
  const port = await freePort();
  const proc = runEntry(entry, { ...env, PORT: String(port) });
  await waitForOutput(proc, ready, 60_000);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: proc.child.pid!,
    async stop() {
      proc.child.kill('SIGTERM');
      await proc.exited;
    },
  };
}

/** Resident and peak memory of a process, from /proc. */
export async function processMemory(pid: number): Promise<{ rssMiB: number; peakMiB: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMiB: Math.round(kib('VmRSS') / 1024), peakMiB: Math.round(kib('VmHWM') / 1024) };
}
