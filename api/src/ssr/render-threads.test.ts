import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'ava';
import { createRenderThreads, type RenderJob } from './render-threads.ts';

/**
 * A stand-in for the player app's server build: its render answers from which thread it ran, with what, and in what
 * order; `/throw` fails and `/exit` ends its thread.
 */
const FAKE_ENTRY = `
import { isMainThread, threadId } from 'node:worker_threads';
let running = 0;
export async function render(url, lang, reads, failed, renderedAt, narrow) {
  if (url === '/throw') throw new Error('the page broke');
  if (url === '/exit') process.exit(3);
  running++;
  const most = running;
  await new Promise((resolve) => setTimeout(resolve, 50));
  running--;
  return {
    html: JSON.stringify({ isMainThread, threadId, most, url, lang, reads, failed: [...failed], narrow }),
    styles: '',
    renderedAt,
    missed: [],
    errors: [],
  };
}
`;

let dir: string;
let entry: string;

test.before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ecup-render-threads-'));
  const file = path.join(dir, 'entry-server.mjs');
  await writeFile(file, FAKE_ENTRY);
  entry = pathToFileURL(file).href;
});

test.after.always(async () => {
  await rm(dir, { recursive: true, force: true });
});

const job = (url: string): RenderJob => ({
  url,
  lang: 'sv',
  reads: { '/season/current': { id: 1 } },
  failed: ['/news/latest'],
  renderedAt: 1234,
  narrow: true,
});

test('a page renders on a thread of its own, with the job as given', async (t) => {
  const threads = createRenderThreads(entry, 1);
  t.teardown(() => threads.close());
  const page = await threads.render(job('/rules'));
  t.is(page.renderedAt, 1234);
  t.like(JSON.parse(page.html), {
    isMainThread: false,
    url: '/rules',
    lang: 'sv',
    reads: { '/season/current': { id: 1 } },
    failed: ['/news/latest'],
    narrow: true,
  });
});

test('at most the given threads render at once; the other renders wait their turn', async (t) => {
  const threads = createRenderThreads(entry, 2);
  t.teardown(() => threads.close());
  const pages = await Promise.all(['/a', '/b', '/c', '/d', '/e'].map((url) => threads.render(job(url))));
  const answers = pages.map((page) => JSON.parse(page.html) as { threadId: number; most: number; url: string });
  t.deepEqual(
    answers.map((answer) => answer.url),
    ['/a', '/b', '/c', '/d', '/e'],
  );
  t.is(new Set(answers.map((answer) => answer.threadId)).size, 2, 'two threads');
  t.true(
    answers.every((answer) => answer.most === 1),
    'one render at a time on each',
  );
});

test('a render that fails rejects with its error, and one whose thread ends rejects; the next render still runs', async (t) => {
  const threads = createRenderThreads(entry, 1);
  t.teardown(() => threads.close());
  await t.throwsAsync(threads.render(job('/throw')), { message: /the page broke/ });
  await t.throwsAsync(threads.render(job('/exit')), { message: 'render thread exited with code 3' });
  t.is(JSON.parse((await threads.render(job('/after'))).html).url, '/after');
});
