/**
 * The benchmarks' HTTP load generator: autocannon in a process of its own, so that the generator never
 * shares an event loop, or the benchmark's own work, with what it measures. On `run` it drives one target over
 * `connections` keep-alive connections for `seconds` (or until `amount` requests) and answers `run-done` with the
 * figures `load.ts` reads.
 */
import type { ChildMessage } from './child.ts';
import type { LoadTarget } from './load.ts';
import { loadAutocannon, type AutocannonRequest } from './tools.ts';

const autocannon = await loadAutocannon();

interface Run extends ChildMessage {
  target: LoadTarget;
  connections: number;
  seconds: number;
  amount: number | null;
}

process.on('message', (message: ChildMessage) => {
  if (message.type !== 'run') return;
  const { target, connections, seconds, amount, id } = message as Run;
  const base = new URL(target.url);
  let sent = 0;
  const request: AutocannonRequest = {
    method: target.method ?? 'GET',
    path: target.path,
    headers: target.headers ?? {},
    ...(target.body !== undefined ? { body: target.body } : {}),
  };
  if (target.cacheBust || target.ownAddress) {
    request.setupRequest = (req) => {
      const i = sent++;
      const path = target.cacheBust
        ? `${target.path}${target.path.includes('?') ? '&' : '?'}${target.cacheBustName ?? '_'}=${Date.now()}${target.cacheBustName ? `-${i}` : ''}`
        : req.path;
      const headers = target.ownAddress
        ? { ...req.headers, 'X-Forwarded-For': `198.18.${(i >> 8) & 255}.${i & 255}` }
        : req.headers;
      return { ...req, path, headers };
    };
  }
  autocannon(
    {
      url: base.origin,
      connections,
      ...(amount !== null ? { amount } : { duration: seconds }),
      requests: [request],
    },
    (error, result) => {
      process.send!({
        type: 'run-done',
        id,
        error: error ? String(error) : null,
        result: error
          ? null
          : {
              requests: result.requests.total,
              seconds: result.duration,
              errors: result.errors + result.timeouts + result.non2xx,
              p50: result.latency.p50,
              p97_5: result.latency.p97_5,
              p99: result.latency.p99,
            },
      });
    },
  );
});
