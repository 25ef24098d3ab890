/**
 * A helper process of sockets.bench.ts: the baseline, a plain socket.io server (`new Server()`, no adapter, no
 * database, no Redis) on loopback. A client joins the room named like the product's user room from its handshake's
 * id, so the same pushes reach the same clients as on the product.
 *
 * Sends `listening` { port } once ready. Requests (each answered with `<type>-done` and the same id):
 * - `load` { pushes: { room, event, payload }[] }: keeps the pushes of one round.
 * - `emit` {}: emits every kept push once, as `io.to(room).emit(event, payload)`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { ChildMessage } from './child.ts';

interface RawPush {
  room: string;
  event: string;
  payload: unknown;
}

const server = http.createServer();
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.use((socket, next) => {
  const id = Number((socket.handshake.auth as { id?: unknown }).id);
  if (!Number.isInteger(id) || id < 1) return next(new Error('no id'));
  socket.data.id = id;
  next();
});
io.on('connection', (socket) => void socket.join(`private-user-${socket.data.id as number}`));

let pushes: RawPush[] = [];
process.on('message', (message: ChildMessage) => {
  if (message.type === 'load') {
    pushes = message.pushes as RawPush[];
    process.send!({ type: 'load-done', id: message.id });
  } else if (message.type === 'emit') {
    for (const { room, event, payload } of pushes) io.to(room).emit(event, payload);
    process.send!({ type: 'emit-done', id: message.id });
  }
});
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
server.listen(0, '127.0.0.1', () => {
  process.send!({ type: 'listening', port: (server.address() as AddressInfo).port });
});
