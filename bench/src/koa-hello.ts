/**
 * The HTTP baseline of the benchmarks: a bare Koa app that answers every request with a small JSON
 * object, and nothing else (no middleware, no database). Run as its own process by `startKoaHello`, with the same
 * runner as the API (`node --import tsx`), so the two are compared on the same runtime.
 */
import http from 'node:http';
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { hello: 'world' };
});
const server = http.createServer(app.callback());
// The API's keep-alive settings (api/src/server.ts), so connections are reused the same way.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`Koa hello listening on port ${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
