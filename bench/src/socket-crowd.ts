/**
 * A helper process of sockets.bench.ts: holds thousands of socket.io clients, so the benchmark's own process and the
 * servers it measures do not pay for them. Groups of clients (one per server) connect on request, count the events
 * they receive and say when a given number has arrived.
 *
 * Requests (each answered with `<type>-done` and the same id):
 * - `connect` { group, url, users: { id, token }[], concurrency }: connects every user (websocket transport);
 *   answers how many connected and the first refusal.
 * - `expect` { group, event, count }: starts counting `event` from zero; answers at once, then sends `reached`
 *   with the same id when `count` have arrived.
 * - `close` { group }: closes the group's clients.
 */
import { io, type Socket } from 'socket.io-client';
import type { ChildMessage } from './child.ts';

interface Target {
  id: number;
  event: string;
  count: number;
  received: number;
}

const groups = new Map<string, { sockets: Socket[]; target: Target | null }>();
const send = (message: ChildMessage) => process.send!(message);

async function connectAll(message: ChildMessage): Promise<void> {
  const { group, url, users, concurrency } = message as unknown as {
    group: string;
    url: string;
    users: { id: number; token: string }[];
    concurrency: number;
  };
  const entry = { sockets: [] as Socket[], target: null as Target | null };
  groups.set(group, entry);
  let next = 0;
  let failed = 0;
  let firstError = '';
  const started = performance.now();
  async function lane() {
    while (next < users.length) {
      const user = users[next++]!;
      const socket = io(url, {
        path: '/socket.io',
        auth: { id: user.id, token: user.token },
        transports: ['websocket'],
        reconnection: false,
      });
      socket.onAny((event: string) => {
        const target = entry.target;
        if (!target || event !== target.event) return;
        target.received++;
        if (target.received === target.count) send({ type: 'reached', id: target.id, received: target.received });
      });
      const ok = await new Promise<boolean>((resolve) => {
        socket.once('connect', () => resolve(true));
        socket.once('connect_error', (error) => {
          firstError ||= error.message;
          resolve(false);
        });
      });
      if (ok) entry.sockets.push(socket);
      else {
        failed++;
        socket.close();
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  send({
    type: 'connect-done',
    id: message.id,
    connected: entry.sockets.length,
    failed,
    firstError,
    seconds: (performance.now() - started) / 1000,
  });
}

process.on('message', (message: ChildMessage) => {
  const group = groups.get(String(message.group));
  switch (message.type) {
    case 'connect':
      void connectAll(message);
      break;
    case 'expect':
      group!.target = { id: message.id!, event: String(message.event), count: Number(message.count), received: 0 };
      send({ type: 'expect-done', id: message.id });
      break;
    case 'count':
      send({ type: 'count-done', id: message.id, received: group?.target?.received ?? 0 });
      break;
    case 'close':
      for (const socket of group?.sockets ?? []) socket.close();
      groups.delete(String(message.group));
      send({ type: 'close-done', id: message.id });
      break;
  }
});
process.on('SIGTERM', () => process.exit(0));
