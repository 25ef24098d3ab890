/**
 * The chat filter's targets over the corpus in test/fixtures/chat-safety: at least 98% of the contact-detail attempts
 * masked, at most 1% of ordinary football lines changed. Whether an attempt's detail survived is judged from the
 * corpus's own marks (⟦…⟧), not from the filter's reasons: a marked phone number survives when five of its digits
 * in a row are still in what the players see (number words read as digits), any other marked part when its letters
 * and digits are still there in one piece.
 */
import { readFileSync } from 'node:fs';
import test from 'ava';
import { filterLine, type EarlierLine } from './index.ts';
import { CORPUS_LINE_BREAK, corpusLines, parseAttempt, survives } from '../testing/contact-corpus.ts';

const fixture = (name: string) =>
  corpusLines(readFileSync(new URL(`../../../test/fixtures/chat-safety/${name}`, import.meta.url), 'utf8'));

/** One chat line after another from one sender, ten seconds apart, as the chat would store and show them. */
function sendAll(messages: string[]): string[] {
  const shown: string[] = [];
  const sent: Array<EarlierLine<number>> = [];
  messages.forEach((text, id) => {
    const at_ms = 1_000_000 + id * 10_000;
    const result = filterLine(text, { at_ms, recent: sent.slice(-2) });
    for (const earlier of result.remask) shown[earlier.id] = earlier.text;
    shown[id] = result.text;
    sent.push({ id, text, at_ms });
  });
  return shown;
}

const MULTI = CORPUS_LINE_BREAK;

test('masks at least 98% of the contact-detail attempts in the corpus', (t) => {
  const attempts = fixture('contact-attempts.txt');
  const missed: string[] = [];
  for (const line of attempts) {
    const { lines, secrets } = parseAttempt(line);
    t.true(secrets.length > 0, `no marked detail in: ${line}`);
    const shown = sendAll(lines).join('\n');
    if (secrets.some((secret) => survives(secret, shown))) missed.push(`${line}  →  ${shown.replace(/\n/g, MULTI)}`);
  }
  const masked = attempts.length - missed.length;
  t.log(`contact attempts masked: ${masked}/${attempts.length} (${((100 * masked) / attempts.length).toFixed(1)}%)`);
  for (const line of missed) t.log(`  not masked: ${line}`);
  t.true(attempts.length >= 320);
  t.true(masked / attempts.length >= 0.98);
});

test('changes at most 1% of the ordinary football lines in the corpus', (t) => {
  const lines = fixture('football-chat.txt');
  // Sent one after another by one player, so numbers spread over lines are looked for too.
  const shown = sendAll(lines);
  const changed = lines.flatMap((line, k) => (shown[k] === line ? [] : [`${line}  →  ${shown[k]}`]));
  t.log(
    `football lines changed: ${changed.length}/${lines.length} (${((100 * changed.length) / lines.length).toFixed(1)}%)`,
  );
  for (const line of changed) t.log(`  changed: ${line}`);
  t.true(lines.length >= 320);
  t.true(changed.length / lines.length <= 0.01);
});
