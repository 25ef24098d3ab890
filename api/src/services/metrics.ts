import { PerformanceObserver, constants } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { Knex } from 'knex';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { queuePlayerCounts } from '@ecup/db';

/**
 * The process's heap in use and resident memory just after its latest full (mark-compact) garbage collection, and
 * how many there have been. Sampled at any other moment, the heap is somewhere on its saw-tooth (up by 100 MiB
 * between two full collections under load), so only these values show whether memory grows over hours.
 */
const afterMajorGc = { heapBytes: 0, rssBytes: 0, count: 0 };
let gcObserver: PerformanceObserver | null = null;

function observeMajorGc(): void {
  if (gcObserver) return;
  gcObserver = new PerformanceObserver((list) => {
    const major = list
      .getEntries()
      .filter(
        (entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (major.length === 0) return;
    afterMajorGc.heapBytes = getHeapStatistics().used_heap_size;
    afterMajorGc.rssBytes = process.memoryUsage.rss();
    afterMajorGc.count += major.length;
  });
  gcObserver.observe({ entryTypes: ['gc'] });
}

/**
 * A Prometheus registry for one process, with Node's default process metrics. One per process rather than
 * prom-client's global one, so several apps in one test process never meet ("metric already registered"); with
 * `npm start` the API and the in-process worker share it, so the API's /metrics shows both.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  observeMajorGc();
  new Gauge({
    name: 'ecup_memory_after_major_gc_bytes',
    help: 'Heap in use and resident memory just after the latest full garbage collection (absent before the first)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      if (afterMajorGc.count === 0) return this.reset();
      this.set({ kind: 'heap' }, afterMajorGc.heapBytes);
      this.set({ kind: 'rss' }, afterMajorGc.rssBytes);
    },
  });
  new Gauge({
    name: 'ecup_major_gc',
    help: 'Full garbage collections of this process so far',
    registers: [registry],
    collect() {
      this.set(afterMajorGc.count);
    },
  });
  return registry;
}

export interface ApiMetrics {
  registry: Registry;
  /** Request rate and latency: one observation per answered request, by method, route template and status. */
  requests: Histogram<'method' | 'route' | 'status'>;
  /**
   * Public pages drawn on the server (`answer="drawn"`: each draw, not each request a drawn page answered) and
   * requests for one answered with the app shell because RENDER_LIMIT pages were already being drawn
   * (`answer="shell"`).
   */
  pages: Counter<'answer'>;
}

/**
 * The API's metrics in `registry`: the request histogram, the drawn pages' counter, and the matchmaking queue's length (queue_entries rows,
 * waiting or matched) read from MySQL on each scrape. A failed read leaves the gauge empty rather than stale.
 */
export function createApiMetrics(registry: Registry, knex: Knex): ApiMetrics {
  const requests = new Histogram({
    name: 'ecup_http_request_duration_seconds',
    help: 'HTTP requests answered by the API, by method, route template and status, with their duration',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'ecup_queue_players',
    help: 'Players in the matchmaking queue (queue_entries rows): waiting for a pair, or matched and not yet answered',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const { waiting, matched } = await queuePlayerCounts(knex);
        this.set({ state: 'waiting' }, waiting);
        this.set({ state: 'matched' }, matched);
      } catch {
        this.reset();
      }
    },
  });
  const pages = new Counter({
    name: 'ecup_page_draws_total',
    help: 'Public pages drawn on the server (answer=drawn), and requests for one answered with the app shell because RENDER_LIMIT pages were being drawn (answer=shell)',
    labelNames: ['answer'] as const,
    registers: [registry],
  });
  return { registry, requests, pages };
}
