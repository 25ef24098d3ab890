import { Worker } from 'node:worker_threads';

/** What the player app's server build renders, as {@link RenderThreads.render} passes it on. */
export interface RenderJob {
  url: string;
  lang: string;
  reads: Record<string, unknown>;
  failed: string[];
  renderedAt: number;
  narrow: boolean;
}

export interface RenderedMarkup {
  html: string;
  styles: string;
  renderedAt: number;
  missed: string[];
  errors: string[];
}

/**
 * The render threads' nice value (0 is normal, 19 the lowest), as the hashing threads': when the cores are short,
 * the event loop's work (probes, API calls, pages already drawn) is scheduled before a drawing's.
 */
export const RENDER_THREAD_NICE = 10;

/**
 * A render thread: the player app's server build (`workerData.entry`, an ES module) on a thread of its own, so a
 * drawing's 100 to 300 ms of rendering never hold the event loop. Plain CommonJS evaluated as is: it needs no
 * TypeScript loader.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
try { setPriority(${RENDER_THREAD_NICE}); } catch {}
const app = import(workerData.entry);
parentPort.on('message', async (job) => {
  try {
    const { render } = await app;
    const page = await render(job.url, job.lang, job.reads, new Set(job.failed), job.renderedAt, job.narrow);
    parentPort.postMessage({ page });
  } catch (error) {
    parentPort.postMessage({ error: String((error && (error.stack || error.message)) || error) });
  }
});
`;

export interface RenderThreads {
  /** Renders on an idle thread, a new one while fewer than the most run, else once one is free (in turn). */
  render(job: RenderJob): Promise<RenderedMarkup>;
  /** Stops the threads. */
  close(): Promise<void>;
}

interface Pending {
  job: RenderJob;
  resolve(page: RenderedMarkup): void;
  reject(error: Error): void;
}

/**
 * At most `threads` render threads running `entry` (the file URL of the server build), each started when first
 * needed and kept while the process runs; an idle thread does not keep the process alive.
 */
export function createRenderThreads(entry: string, threads: number): RenderThreads {
  const idle: Worker[] = [];
  const busy = new Map<Worker, Pending>();
  const queue: Pending[] = [];

  function start(): Worker {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { entry }, execArgv: [] });
    worker.on('message', (answer: { page?: RenderedMarkup; error?: string }) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      if (answer.page) pending?.resolve(answer.page);
      else pending?.reject(new Error(answer.error ?? 'rendering failed'));
      worker.unref();
      idle.push(worker);
      pump();
    });
    // A thread that dies fails its own drawing; the next drawing starts a new thread.
    const lost = (error: Error) => {
      const pending = busy.get(worker);
      busy.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      pending?.reject(error);
      pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (busy.has(worker) || idle.includes(worker)) lost(new Error(`render thread exited with code ${code}`));
    });
    return worker;
  }

  function pump(): void {
    while (queue.length > 0 && (idle.length > 0 || busy.size < threads)) {
      const pending = queue.shift()!;
      const worker = idle.pop() ?? start();
      busy.set(worker, pending);
      worker.ref();
      worker.postMessage(pending.job);
    }
  }

  return {
    render(job) {
      return new Promise<RenderedMarkup>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        pump();
      });
    },
    async close() {
      const all = [...idle, ...busy.keys()];
      idle.length = 0;
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}
