import { SingleBar, Presets } from 'cli-progress';
import type { CliIo } from './runtime.ts';

/** A progress report for long work: a bar on a terminal, nothing otherwise (logs and tests stay clean). */
export interface Progress {
  start(total: number, label: string): void;
  increment(by?: number): void;
  stop(): void;
}

export function createProgress(io: CliIo): Progress {
  if (!io.interactive) return { start: () => undefined, increment: () => undefined, stop: () => undefined };
  const bar = new SingleBar(
    { format: '{label} [{bar}] {value}/{total} ({percentage}%) {eta_formatted} left', hideCursor: true },
    Presets.shades_classic,
  );
  let running = false;
  return {
    start(total, label) {
      running = true;
      bar.start(total, 0, { label });
    },
    increment(by = 1) {
      if (running) bar.increment(by);
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}
