/**
 * Issue 18's figures over the corpus in test/fixtures/chat-safety: at least 98% of the contact-detail attempts
 * masked, at most 1% of ordinary football lines changed. Whether an attempt's detail survived is judged from the
 * corpus's own marks (⟦…⟧), not from the filter's reasons: a marked phone number survives when five of its digits
 * in a row are still in what the players see (number words read as digits), any other marked part when its letters
 * and digits are still there in one piece.
 */
import { readFileSync } from 'node:fs';
import test from 'ava';
import { filterLine, type EarlierLine } from './index.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/chat-safety/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));

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

const INVISIBLE = /[\u00ad\u200b-\u200f\u2060-\u2064\ufeff\ufe0f\u20e3]/gu;
const DIGIT_ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0xff10];

const WORD_DIGITS: Array<[string, string]> = (
  [
    ['zero', '0'],
    ['oh', '0'],
    ['noll', '0'],
    ['nol', '0'],
    ['one', '1'],
    ['ett', '1'],
    ['two', '2'],
    ['två', '2'],
    ['tva', '2'],
    ['three', '3'],
    ['tre', '3'],
    ['four', '4'],
    ['fyra', '4'],
    ['five', '5'],
    ['fem', '5'],
    ['six', '6'],
    ['sex', '6'],
    ['seven', '7'],
    ['sju', '7'],
    ['eight', '8'],
    ['åtta', '8'],
    ['atta', '8'],
    ['nine', '9'],
    ['nio', '9'],
    ['twelve', '12'],
    ['tolv', '12'],
    ['thirty', '30'],
    ['trettio', '30'],
    ['forty', '40'],
    ['fyrtio', '40'],
    ['fifty', '50'],
    ['sixty', '60'],
    ['sextio', '60'],
    ['seventy', '70'],
    ['sjuttio', '70'],
  ] as Array<[string, string]>
).sort((a, b) => b[0].length - a[0].length);

/** The digits a reader would take from a text, number words included, in order. */
function digitsOf(text: string): string {
  let plain = text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
  for (const [word, digit] of WORD_DIGITS) plain = plain.split(word).join(digit);
  plain = plain.replace(/(?<=\d)[ol]|[ol](?=\d)/g, (c) => (c === 'o' ? '0' : '1'));
  let digits = '';
  for (const ch of plain) {
    const code = ch.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    if (zero !== undefined) digits += String(code - zero);
  }
  return digits;
}

/** Letters and digits only, so a part survives however it is spaced or punctuated. */
const core = (text: string) =>
  text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

function survives(secret: string, shown: string): boolean {
  const digits = digitsOf(secret);
  if (digits.length >= 7) {
    const seen = digitsOf(shown);
    for (let k = 0; k + 5 <= digits.length; k++) if (seen.includes(digits.slice(k, k + 5))) return true;
    return false;
  }
  return core(shown).includes(core(secret));
}

const MULTI = ' ⏎ ';

test('masks at least 98% of the contact-detail attempts in the corpus', (t) => {
  const attempts = fixture('contact-attempts.txt');
  const missed: string[] = [];
  for (const line of attempts) {
    const secrets = [...line.matchAll(/⟦([^⟧]+)⟧/g)].map((match) => match[1]!.split(MULTI).join(' '));
    t.true(secrets.length > 0, `no marked detail in: ${line}`);
    const shown = sendAll(line.replace(/[⟦⟧]/g, '').split(MULTI)).join('\n');
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
