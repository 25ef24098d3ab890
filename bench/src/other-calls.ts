/**
 * A helper process of password.bench.ts: autocannon, in a process of its own so that neither the load generator nor
 * the signing-in players share an event loop with what it measures. On `start` it calls the given paths in turn
 * over `connections` connections at `rate` requests a second in all (bounded by `seconds`); on `stop`, or when
 * `seconds` have passed, it answers `start-done` with autocannon's result.
 */
import type { ChildMessage } from './child.ts';
import { loadAutocannon, type AutocannonInstance } from './tools.ts';

const autocannon = await loadAutocannon();

interface Start extends ChildMessage {
  url: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  rate: number;
  seconds: number;
}

let running: AutocannonInstance | null = null;

process.on('message', (message: ChildMessage) => {
  if (message.type === 'start') {
    const start = message as Start;
    running = autocannon(
      {
        url: start.url,
        connections: start.connections,
        overallRate: start.rate,
        duration: start.seconds,
        requests: start.paths.map((path) => ({ method: 'GET' as const, path, headers: start.headers })),
      },
      (error, result) => {
        running = null;
        process.send!({ type: 'start-done', id: start.id, error: error ? String(error) : null, result });
      },
    );
  } else if (message.type === 'stop') {
    running?.stop();
    process.send!({ type: 'stop-done', id: message.id });
  }
});
