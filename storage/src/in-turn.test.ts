import test from 'ava';
import { createTurns } from './in-turn.ts';

test('runs at most `slots` pieces at once, starts the rest in order, and frees a slot when work fails', async (t) => {
  const inTurn = createTurns(2);
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const releases: (() => void)[] = [];
  const piece = (i: number, fail = false) =>
    inTurn(async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      if (fail) throw new Error(`piece ${i} failed`);
      return i;
    });
  const results = [piece(0, true), piece(1), piece(2), piece(3), piece(4)].map((p) =>
    p.then(
      (value) => ({ value }),
      (error: Error) => ({ error: error.message }),
    ),
  );
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  await settle();
  t.deepEqual(started, [0, 1]);
  while (releases.length > 0) {
    releases.shift()!();
    await settle();
  }
  t.deepEqual(started, [0, 1, 2, 3, 4]);
  t.is(most, 2);
  t.deepEqual(await Promise.all(results), [
    { error: 'piece 0 failed' },
    { value: 1 },
    { value: 2 },
    { value: 3 },
    { value: 4 },
  ]);
});
