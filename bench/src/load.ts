/** Latency figures of one endpoint under a fixed concurrency for a bounded time and request count. */
export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

export async function load(
  name: string,
  request: (i: number) => Promise<Response>,
  options: { concurrency: number; seconds: number; maxRequests: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  async function lane() {
    while (performance.now() < deadline && issued < options.maxRequests) {
      const i = issued++;
      const t0 = performance.now();
      try {
        const res = await request(i);
        await res.arrayBuffer();
        if (res.status >= 400) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, lane));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  };
}

export function printResults(results: LoadResult[]): void {
  console.log(
    ['endpoint'.padEnd(34), 'req', 'err', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms'].map((h) => h.padStart(8)).join(''),
  );
  for (const r of results) {
    console.log(
      [
        r.name.padEnd(34),
        String(r.requests).padStart(8),
        String(r.errors).padStart(8),
        r.perSecond.toFixed(0).padStart(8),
        r.p50.toFixed(1).padStart(8),
        r.p95.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
      ].join(''),
    );
  }
}
