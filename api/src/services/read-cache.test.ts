import test from 'ava';
import { createReadCache } from './read-cache.ts';

/** A cache on a clock the test moves, with loads the test resolves (or fails) when it wants. */
function setup(options: { lifetimeMs?: number; maxEntries?: number } = {}) {
  let now = 1_000_000;
  const cache = createReadCache({
    lifetimeMs: options.lifetimeMs ?? 1000,
    maxEntries: options.maxEntries ?? 100,
    now: () => now,
  });
  let loads = 0;
  const counted =
    <T>(value: T) =>
    () => {
      loads++;
      return Promise.resolve(value);
    };
  return {
    cache,
    counted,
    loads: () => loads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A load that stays in flight until the test settles it. */
function pending<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

test('a read is served from the cache for just under its lifetime, then read again', async (t) => {
  const { cache, counted, loads, advance } = setup();
  t.is(await cache.get('ranking:0', counted('first')), 'first');
  advance(999);
  t.is(await cache.get('ranking:0', counted('second')), 'first');
  t.is(loads(), 1);
  advance(1);
  t.is(await cache.get('ranking:0', counted('third')), 'third', 'at exactly the lifetime the entry is gone');
  t.is(loads(), 2);
});

test('the lifetime counts from when the read started, however long it took', async (t) => {
  const { cache, advance } = setup();
  const slow = pending<string>();
  const first = cache.get('k', () => slow.promise);
  advance(900);
  slow.resolve('old');
  t.is(await first, 'old');
  advance(100);
  t.is(await cache.get('k', () => Promise.resolve('new')), 'new');
});

test('concurrent misses of one key share one read; other keys read on their own', async (t) => {
  const { cache, loads } = setup();
  const read = pending<string>();
  let calls = 0;
  const load = () => {
    calls++;
    return read.promise;
  };
  const waiting = [cache.get('a', load), cache.get('a', load), cache.get('a', load)];
  t.is(calls, 1);
  read.resolve('shared');
  t.deepEqual(await Promise.all(waiting), ['shared', 'shared', 'shared']);
  t.is(await cache.get('b', () => Promise.resolve('other')), 'other');
  t.is(loads(), 0);
});

test('drop forgets the keys under a prefix at once, and a read in flight when it dropped is not kept', async (t) => {
  const { cache, counted, loads } = setup();
  await cache.get('ranking:0:0:50:', counted('page 1'));
  await cache.get('news:latest', counted('news'));
  const inFlight = pending<string>();
  const before = cache.get('ranking:1:0:50:', () => inFlight.promise);

  cache.drop('ranking:');
  inFlight.resolve('read before the write');
  t.is(await before, 'read before the write', 'its waiters still get their answer');
  t.is(await cache.get('ranking:0:0:50:', counted('page 1 again')), 'page 1 again');
  t.is(await cache.get('ranking:1:0:50:', counted('after the write')), 'after the write');
  t.is(await cache.get('news:latest', counted('news again')), 'news', 'other prefixes stay');
  t.is(loads(), 4);
});

test('a failed read is not kept: the next call reads again', async (t) => {
  const { cache, counted } = setup();
  await t.throwsAsync(
    cache.get('k', () => Promise.reject(new Error('MySQL went away'))),
    { message: 'MySQL went away' },
  );
  await t.throwsAsync(
    cache.get('k2', () => {
      throw new Error('thrown at once');
    }),
    { message: 'thrown at once' },
  );
  t.is(await cache.get('k', counted('recovered')), 'recovered');
  t.is(await cache.get('k2', counted('recovered too')), 'recovered too');
});

test('an entry from the future (the clock was set back) counts as expired', async (t) => {
  const { cache, counted, advance } = setup();
  await cache.get('k', counted('before the clock moved back'));
  advance(-60_000);
  t.is(await cache.get('k', counted('read again')), 'read again');
});

test('at most maxEntries distinct reads are kept, the oldest going first', async (t) => {
  const { cache, counted, loads } = setup({ maxEntries: 3 });
  for (const key of ['a', 'b', 'c', 'd']) await cache.get(key, counted(key));
  t.is(loads(), 4);
  t.is(await cache.get('d', counted('d2')), 'd');
  t.is(await cache.get('b', counted('b2')), 'b');
  t.is(await cache.get('a', counted('a2')), 'a2', 'the oldest was evicted');
  t.is(loads(), 5);
});

test('peek answers only a fresh read that has answered, and never loads', async (t) => {
  const { cache, advance, loads, counted } = setup();
  t.is(cache.peek('a'), undefined);
  const inFlight = pending<string>();
  const read = cache.get('a', () => inFlight.promise);
  t.is(cache.peek('a'), undefined, 'still in flight');
  inFlight.resolve('page');
  await read;
  t.is(cache.peek('a'), 'page');
  advance(999);
  t.is(cache.peek('a'), 'page');
  advance(1);
  t.is(cache.peek('a'), undefined, 'a second old');
  await cache.get('b', counted('other'));
  cache.drop('b');
  t.is(cache.peek('b'), undefined, 'dropped');
  const failing = pending<string>();
  const failed = cache.get('c', () => failing.promise);
  failing.reject(new Error('down'));
  await t.throwsAsync(failed);
  t.is(cache.peek('c'), undefined, 'a failed read');
  t.is(loads(), 1);
});
