import test from 'ava';
import { Redis } from 'ioredis';
import { push, userRoom } from '@ecup/domain';
import { createPublisher } from '../../worker/src/emitter.ts';
import { startPrivateRedis } from './private-redis.ts';
import { waitFor } from './stack.ts';

test("the worker's pushes while its Redis is down are logged as lost (not an unhandled rejection that ends the worker), and go out again once Redis is back", async (t) => {
  t.timeout(60_000);
  const redis = await startPrivateRedis();
  const warnings: string[] = [];
  const publisher = createPublisher(redis.url, 'lostpub-', { warn: (line: unknown) => warnings.push(String(line)) });
  const listener = new Redis(redis.url, { maxRetriesPerRequest: null });
  listener.on('error', () => undefined);
  t.teardown(async () => {
    publisher.close();
    listener.disconnect();
    await redis.destroy();
  });
  const game = (id: number) => [push(userRoom(1), 'game', { game_id: id })];

  await redis.stop();
  publisher.publish(game(1));
  await waitFor(
    'the lost push reported',
    async () => warnings.some((line) => line.startsWith('push lost while Redis is away')),
    20_000,
  );

  await redis.start();
  const received: string[] = [];
  listener.on('pmessage', (_pattern, channel: string) => received.push(channel));
  await listener.psubscribe('lostpub-socket.io*');
  await waitFor(
    'a push after the restart published',
    async () => {
      publisher.publish(game(2));
      await new Promise((resolve) => setTimeout(resolve, 200));
      return received.length > 0;
    },
    20_000,
  );
  t.true(received.every((channel) => channel.startsWith('lostpub-socket.io')));
});
