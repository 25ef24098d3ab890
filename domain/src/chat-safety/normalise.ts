/**
 * The detection views of a chat line: the rules look at a normalised copy of what was typed, and every
 * character of that copy remembers which characters of the original it came from, so a mask covers the original
 * span however the detail was disguised.
 */

/** Zero-width and invisible characters, the soft hyphen, variation selectors and the keycap mark (1️⃣). */
export const INVISIBLE =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u20e3\u3164\ufe00-\ufe0f\ufeff\uffa0]/u;

/** Combining marks, dropped after decomposition so "é" reads "e" (but å, ä and ö are kept whole). */
const COMBINING = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/gu;

/** Capital look-alikes from other scripts, read before lower-casing (Greek Η looks like H, its lower case η like n). */
// prettier-ignore
const UPPER_LOOKALIKES: Record<string, string> = {
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'i', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x',
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', Х: 'x', У: 'y', І: 'i', Ј: 'j',
  Ѕ: 's', Ԁ: 'd', Ү: 'y', Ӏ: 'l',
};

/** Small look-alikes from Cyrillic, Greek and Latin extensions. */
// prettier-ignore
const LOWER_LOOKALIKES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', і: 'i', ї: 'i', ј: 'j', к: 'k', м: 'm', н: 'h', о: 'o', п: 'n', р: 'p', с: 'c',
  т: 't', у: 'y', х: 'x', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', ү: 'y', һ: 'h', ӏ: 'l', ɡ: 'g', ց: 'g', ı: 'i', ł: 'l',
  ø: 'o', α: 'a', β: 'b', γ: 'y', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u',
  χ: 'x', ω: 'w', ς: 's', 'ɑ': 'a', 'ɩ': 'i', 'ʟ': 'l', 'ᴏ': 'o', '＠': '@', '｡': '.', '。': '.', '․': '.',
  '‧': '.', '∙': '.', '⋅': '.', '•': '.', '·': '.',
};

/** Leetspeak read as letters, for words only (phone numbers are read from the plain view). */
// prettier-ignore
const LEET: Record<string, string> = {
  '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', $: 's', '|': 'l', '€': 'e',
};

const KEEP_WHOLE = new Set(['å', 'ä', 'ö']);

/** A chat line's detection views; position i of `plain` and `leet` came from `original.slice(start[i], end[i])`. */
export interface Normalised {
  original: string;
  /** NFKC, invisible characters gone, look-alikes mapped, lower case, accents dropped except on å, ä, ö. */
  plain: string;
  /** `plain` with leetspeak digits and symbols read as letters; the same length as `plain`. */
  leet: string;
  start: number[];
  end: number[];
}

/** The zeros of other scripts' digits that NFKC leaves alone (Arabic-Indic, Persian, Devanagari, Bengali, Thai). */
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xa66, 0xae6, 0xbe6, 0xc66, 0xce6, 0xd66, 0xe50, 0xed0, 0x1040];

function readChar(ch: string): string {
  if (INVISIBLE.test(ch)) return '';
  const code = ch.codePointAt(0)!;
  const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
  if (zero !== undefined) return String(code - zero);
  let out = ch.normalize('NFKC');
  let mapped = '';
  for (const c of out) mapped += UPPER_LOOKALIKES[c] ?? c;
  out = mapped.toLowerCase();
  mapped = '';
  for (const c of out) {
    if (KEEP_WHOLE.has(c)) mapped += c;
    else {
      const bare = c.normalize('NFD').replace(COMBINING, '');
      for (const b of bare) mapped += LOWER_LOOKALIKES[b] ?? b;
    }
  }
  return mapped;
}

/** Reads a line into its detection views (NFKC, zero-width, look-alikes, leetspeak, mixed case). */
export function normalise(original: string): Normalised {
  let plain = '';
  let leet = '';
  const start: number[] = [];
  const end: number[] = [];
  let i = 0;
  for (const ch of original) {
    const code = ch.charCodeAt(0);
    const read = code < 128 ? ch.toLowerCase() : readChar(ch);
    for (let k = 0; k < read.length; k++) {
      const c = read[k]!;
      plain += c;
      leet += LEET[c] ?? c;
      start.push(i);
      end.push(i + ch.length);
    }
    i += ch.length;
  }
  return { original, plain, leet, start, end };
}
