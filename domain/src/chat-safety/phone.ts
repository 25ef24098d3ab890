/**
 * Phone numbers: seven or more digits in a row, written with any separators, a country code, number
 * words in English or Swedish, or O and l for 0 and 1; but scores, minutes, times, dates, years and coin amounts,
 * which football chat is full of, stay.
 */
import type { Span } from './spans.ts';

/** How many digits each number word stands for. */
const NUMBER_WORDS: Record<string, number> = {
  zero: 1,
  oh: 1,
  nil: 1,
  one: 1,
  two: 1,
  three: 1,
  four: 1,
  five: 1,
  six: 1,
  seven: 1,
  eight: 1,
  nine: 1,
  ten: 2,
  eleven: 2,
  twelve: 2,
  thirteen: 2,
  fourteen: 2,
  fifteen: 2,
  sixteen: 2,
  seventeen: 2,
  eighteen: 2,
  nineteen: 2,
  twenty: 2,
  thirty: 2,
  forty: 2,
  fifty: 2,
  sixty: 2,
  seventy: 2,
  eighty: 2,
  ninety: 2,
  double: 1,
  triple: 2,
  noll: 1,
  ett: 1,
  en: 1,
  två: 1,
  tva: 1,
  tre: 1,
  fyra: 1,
  fem: 1,
  sex: 1,
  sju: 1,
  åtta: 1,
  atta: 1,
  nio: 1,
  tio: 2,
  elva: 2,
  tolv: 2,
  tretton: 2,
  fjorton: 2,
  femton: 2,
  sexton: 2,
  sjutton: 2,
  arton: 2,
  nitton: 2,
  tjugo: 2,
  trettio: 2,
  fyrtio: 2,
  femtio: 2,
  sextio: 2,
  sjuttio: 2,
  åttio: 2,
  nittio: 2,
  dubbel: 1,
  trippel: 2,
};

/** Number words written together ("sevenoh"), read one by one. */
const GLUED = new RegExp(
  `(${Object.keys(NUMBER_WORDS)
    .sort((a, b) => b.length - a.length)
    .join('|')})`,
  'gy',
);

/** What may stand between the digits of one number: spaces, line breaks of a spread number, and punctuation. */
const SEPARATORS = /^[\s.\-–—/\\()[\]{}<>+_*,;:|~'"=#]{0,6}$/;

const ITEM = /[0-9]+|[a-zåäö]+/g;

function wordDigits(word: string): number {
  const known = NUMBER_WORDS[word];
  if (known !== undefined) return known;
  if (word.length < 6) return 0;
  GLUED.lastIndex = 0;
  let count = 0;
  let at = 0;
  while (at < word.length) {
    GLUED.lastIndex = at;
    const match = GLUED.exec(word);
    if (!match) return 0;
    count += NUMBER_WORDS[match[1]!]!;
    at += match[1]!.length;
  }
  return count;
}

/** How many digits a text holds, number words included. */
export function digitCount(plain: string): number {
  let count = 0;
  const read = plain.replace(/(?<=\d)[oli]|[oli](?=\d)/g, '0');
  for (const match of read.matchAll(ITEM))
    count += match[0].charCodeAt(0) < 58 ? match[0].length : wordDigits(match[0]);
  return count;
}

const SCORE = /^(\d{1,2})[-–—:](\d{1,2})$/;
const TIME = /^([01]?\d|2[0-4])[:.]([0-5]\d)$/;
const TIME_RANGE = /^([01]?\d|2[0-4])([:.][0-5]\d)?[-–—]([01]?\d|2[0-4])([:.][0-5]\d)?$/;
const DATE = /^(\d{1,2})[/.](\d{1,2})([/.](\d{2}|\d{4}))?$/;
const ISO_DATE = /^(19|20)\d\d-[01]\d-[0-3]\d$/;
const YEAR = /^(19|20)\d\d$/;
const STOPPAGE = /^\d{1,3}\+\d{1,2}$/;
const FORMATION = /^\d([-–]\d){2,4}$/;
const RANGE = /^([1-9]\d{2,3})[-–]([1-9]\d{2,3})$/;
/** A round figure written without grouping, as coin prices are ("1500000 coins"). */
const ROUND = /^[1-9]\d{0,3}0{4,}$/;
const AMOUNT = /^[1-9]\d{0,2}([ ,.]\d{3})+$/;

const small = (digits: string, max: number) => (digits === '0' || !digits.startsWith('0')) && Number(digits) <= max;

/** A part of a number-looking run that football talk uses: a score, a time, a date, a year, stoppage time. */
function benignChunk(chunk: string): boolean {
  if (/^[-–—:+]*$/.test(chunk)) return true;
  const score = SCORE.exec(chunk);
  if (score && small(score[1]!, 20) && small(score[2]!, 20)) return true;
  if (TIME.test(chunk) || TIME_RANGE.test(chunk) || ISO_DATE.test(chunk) || YEAR.test(chunk)) return true;
  if (STOPPAGE.test(chunk) || FORMATION.test(chunk)) return true;
  const range = RANGE.exec(chunk);
  if (range && Number(range[1]) % 50 === 0 && Number(range[2]) % 50 === 0) return true;
  const date = DATE.exec(chunk);
  return !!date && Number(date[1]) >= 1 && Number(date[1]) <= 31 && Number(date[2]) >= 1 && Number(date[2]) <= 12;
}

/** True when a run of digits is only scores, times, dates, years or a coin amount (1 000 000). */
function benignRun(text: string): boolean {
  if (/[a-zåäö]/.test(text)) return false;
  const trimmed = text.trim();
  if ((AMOUNT.test(trimmed) && trimmed.endsWith('000')) || ROUND.test(trimmed)) return true;
  const chunks = trimmed
    .replace(/\s*([-–—:])\s*/g, '$1')
    .replace(/(\d)\s*\+\s*(\d)/g, '$1+$2')
    .split(/[\s,;]+|\n/)
    .filter(Boolean);
  return chunks.every(benignChunk);
}

interface Item {
  start: number;
  end: number;
  digits: number;
}

/** Spans of phone numbers in a plain view (see normalise.ts); the view may hold several lines joined by "\n". */
export function findPhones(plain: string): Span[] {
  const items: Item[] = [];
  ITEM.lastIndex = 0;
  for (let match = ITEM.exec(plain); match; match = ITEM.exec(plain)) {
    const text = match[0];
    const isDigits = text.charCodeAt(0) < 58;
    items.push({
      start: match.index,
      end: match.index + text.length,
      digits: isDigits ? text.length : wordDigits(text),
    });
  }
  // O and l for 0 and 1, when written against a digit (O7O-l23).
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    if (item.digits > 0 || !/^[oli]+$/.test(plain.slice(item.start, item.end))) continue;
    const before = items[k - 1];
    const after = items[k + 1];
    const glued = (other: Item | undefined) => other && other.digits > 0 && /\d/.test(plain[other.start]!);
    if ((glued(before) && before!.end === item.start) || (glued(after) && after!.start === item.end)) {
      item.digits = item.end - item.start;
    }
  }
  const spans: Span[] = [];
  let k = 0;
  while (k < items.length) {
    if (items[k]!.digits === 0) {
      k++;
      continue;
    }
    let last = k;
    let digits = items[k]!.digits;
    while (
      last + 1 < items.length &&
      items[last + 1]!.digits > 0 &&
      SEPARATORS.test(plain.slice(items[last]!.end, items[last + 1]!.start))
    ) {
      last++;
      digits += items[last]!.digits;
    }
    const start = items[k]!.start;
    const end = items[last]!.end;
    if (digits >= 7 && !benignRun(plain.slice(start, end))) {
      let from = start;
      while (from > 0 && /[+(]/.test(plain[from - 1]!)) from--;
      let to = end;
      if (plain[to] === ')') to++;
      spans.push({ start: from, end: to, reason: 'phone' });
    }
    k = last + 1;
  }
  return [...spans, ...splitMobiles(plain)];
}

/** A group of digits written with spaces or hyphens: "070-12", "34 567". */
const DIGIT_GROUP = /\d(?:[ -]?\d)*/g;
/** What may stand between the parts of a split number: up to two short words ("first part 070-12, second 34-567"). */
const WORDS_BETWEEN = /^[\s,:;.\-]*(?:[a-zåäö]{1,12}[\s,:;.\-]+){0,2}$/;

/**
 * A Swedish mobile number (ten digits starting 07) written in parts with a word or two between them, which no
 * single run of digits shows: "070-12 … second 34-567". Each part has two digits at least and the parts add up to
 * exactly ten digits, so scores and times around a word ("07 … 2-1") are left alone.
 */
function splitMobiles(plain: string): Span[] {
  const groups = [...plain.matchAll(DIGIT_GROUP)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    digits: match[0].replace(/\D/g, ''),
  }));
  const spans: Span[] = [];
  for (let k = 0; k < groups.length; k++) {
    const first = groups[k]!;
    if (!/^07\d/.test(first.digits) || first.digits.length >= 10 || /[\d+]/.test(plain[first.start - 1] ?? ''))
      continue;
    let digits = first.digits.length;
    for (let next = k + 1; next < groups.length && digits < 10; next++) {
      const group = groups[next]!;
      if (group.digits.length < 2 || !WORDS_BETWEEN.test(plain.slice(groups[next - 1]!.end, group.start))) break;
      digits += group.digits.length;
      if (digits === 10) spans.push({ start: first.start, end: group.end, reason: 'phone' });
    }
  }
  return spans;
}
