export { createApp } from './app.ts';
export { startApi, type ApiHandle } from './server.ts';
export type { AppDeps } from './context.ts';
export type { RealtimeServer } from './realtime/realtime.ts';
export { createMetricsRegistry } from './services/metrics.ts';
export { PUBLIC_READ_LIFETIME_MS } from './services/read-cache.ts';
