import test from 'ava';
import { OutputTail } from './output-tail.ts';

test('output within the bounds is kept whole', (t) => {
  const out = new OutputTail(10, 20);
  out.push('start-up\n');
  out.push('listening\n');
  t.is(out.text(), 'start-up\nlistening\n');
  t.true(out.seen('up\nlis'));
  t.false(out.seen('never'));
});

test('a long output keeps its head and its last characters, within twice the tail bound', (t) => {
  const out = new OutputTail(8, 100);
  out.push('HEADLINE');
  let written = '';
  for (let i = 0; i < 10_000; i++) {
    const line = `line ${i}\n`;
    written += line;
    out.push(line);
  }
  const text = out.text();
  t.true(text.startsWith('HEADLINE\n[… '));
  t.regex(text, /characters of output left out/);
  const tail = text.slice(text.indexOf('…]\n') + 3);
  t.true(tail.length >= 100 && tail.length <= 200, `tail of ${tail.length}`);
  t.true(written.endsWith(tail));
  t.true(text.endsWith('line 9999\n'));
  t.false(text.includes('line 5000\n'));
});

test('a text asked about before it appears is seen after later output pushed it out of the tail', (t) => {
  const out = new OutputTail(4, 50);
  out.push('boot');
  t.false(out.seen('is running on'));
  out.push('eCup is running on port 3000\n');
  for (let i = 0; i < 1000; i++) out.push(`request ${i}\n`);
  t.false(out.text().includes('is running on'));
  t.true(out.seen('is running on'));
});

test('a text split across chunks is seen, in the kept output and as chunks arrive', (t) => {
  const kept = new OutputTail(4, 1000);
  kept.push('....eCup is run');
  kept.push('ning on 1\n');
  t.true(kept.seen('eCup is running on'));

  const streamed = new OutputTail(0, 5);
  t.false(streamed.seen('is running on'));
  for (const piece of ['xx is ', 'r', 'unn', 'ing', ' o', 'n 1', '\n', 'y'.repeat(100)]) streamed.push(piece);
  t.true(streamed.seen('is running on'));
  t.false(streamed.seen('is running off'));
});

test('a text in the head stays seen however long the output grows', (t) => {
  const out = new OutputTail(32, 10);
  out.push('PORT must be a port number\n');
  for (let i = 0; i < 100; i++) out.push('noise\n');
  t.true(out.seen('PORT must be a port number'));
  t.false(out.seen('noise\nnoise\nnoise\nnoise\nnoise\nnoise'));
});
