/**
 * Reading the safety corpus (`test/fixtures/chat-safety/`) as a reader would: which contact details an attempt
 * carries, and whether one of them survived in what a reader was shown. Shared by the filter's own figures and by
 * the tests that send the corpus through every channel a player's text travels.
 *
 * Whether a detail survived is judged from the corpus's own marks (⟦…⟧), not from the filter's reasons: a marked
 * phone number survives when five of its digits in a row are still in what the reader sees (number words read as
 * digits), any other marked part when its letters and digits are still there in one piece.
 */

/** Between the chat lines of an attempt sent as several lines within a minute. */
export const CORPUS_LINE_BREAK = ' ⏎ ';

/** One contact-detail attempt of the corpus. */
export interface CorpusAttempt {
  /** The line as written in the corpus, marks included. */
  source: string;
  /** What the player typed: one entry per chat line (most attempts are one line). */
  lines: string[];
  /** The marked contact details, each as one string. */
  secrets: string[];
}

/** The lines of a corpus file, without its comments and blank lines. */
export function corpusLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

/** An attempt's typed lines and marked details. */
export function parseAttempt(source: string): CorpusAttempt {
  const secrets = [...source.matchAll(/⟦([^⟧]+)⟧/g)].map((match) => match[1]!.split(CORPUS_LINE_BREAK).join(' '));
  return { source, lines: source.replace(/[⟦⟧]/g, '').split(CORPUS_LINE_BREAK), secrets };
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
export function digitsOf(text: string): string {
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
export const lettersAndDigits = (text: string) =>
  text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Whether a marked detail can still be read in what a reader was shown. */
export function survives(secret: string, shown: string): boolean {
  const digits = digitsOf(secret);
  if (digits.length >= 7) {
    const seen = digitsOf(shown);
    for (let k = 0; k + 5 <= digits.length; k++) if (seen.includes(digits.slice(k, k + 5))) return true;
    return false;
  }
  return lettersAndDigits(shown).includes(lettersAndDigits(secret));
}
