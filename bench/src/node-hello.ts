/**
 * The lowest HTTP baseline of the benchmarks: a raw `node:http` server answering every request with a
 * small JSON object, with the API's runner and keep-alive settings. The bare Koa hello is measured against it to
 * tell whether the load generator, not the server, set the figures.
 */
import http from 'node:http';

const body = JSON.stringify({ hello: 'world' });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`node:http hello listening on port ${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
