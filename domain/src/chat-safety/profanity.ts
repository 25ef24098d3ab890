/**
 * Swearing and slurs in chats with a minor: English from the `obscenity` package (its dataset already
 * reads leetspeak, repeated letters and look-alikes), Swedish from sv-words.ts as whole words. Football names that
 * the English list would catch stay whitelisted.
 */
import {
  DataSet,
  RegExpMatcher,
  SyntaxKind,
  englishDataset,
  englishRecommendedTransformers,
  type Node,
  type ParsedPattern,
  type TransformerFn,
} from 'obscenity';
import type { Normalised } from './normalise.ts';
import type { Span } from './spans.ts';
import { FAN_AFTER, FAN_BEFORE, SWEDISH_WORDS } from './sv-words.ts';

/** Player, club and place names that contain an English swear word. */
const FOOTBALL_NAMES = [
  'dick advocaat',
  'dickson',
  'dickov',
  'wankdorf',
  'cumming',
  'cummings',
  'penistone',
  'shittu',
  'shitaye',
  'scunthorpe',
  'cockerill',
  'hancock',
  'babcock',
  'middlesex',
  'sussex',
  'essex',
];

/** "sex" is Swedish for six. */
const SWEDISH_ORDINARY = ['sex'];

// "slut" is also Swedish for the end, inside many words ("anslutning", "slutsignal"): read apart, as a whole word.
const built = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => phrase.metadata?.originalWord === 'slut')
  .build();
const english = new RegExpMatcher({
  ...built,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...FOOTBALL_NAMES, ...SWEDISH_ORDINARY],
  ...englishRecommendedTransformers,
});

/**
 * The cost goal (under 0.2 ms a line): obscenity's matcher runs its patterns one by one, which is most of the
 * filter's time. All of them as one expression over the same transformed text first tells the clean lines (nearly
 * all) apart; the matcher then runs only where that finds something, so its whitelist still decides.
 */
function patternSource(pattern: ParsedPattern): string {
  const node = (n: Node): string =>
    n.kind === SyntaxKind.Literal
      ? String.fromCodePoint(...n.chars).replace(/[[\].*+?^${}()|\\]/g, '\\$&')
      : n.kind === SyntaxKind.Optional
        ? `(?:${node(n.childNode)})?`
        : '.';
  const start = pattern.requireWordBoundaryAtStart ? '\\b' : '';
  const end = pattern.requireWordBoundaryAtEnd ? '\\b' : '';
  return `${start}${pattern.nodes.map(node).join('')}${end}`;
}

const QUICK = new RegExp(built.blacklistedTerms.map((term) => `(?:${patternSource(term.pattern)})`).join('|'), 's');
const TRANSFORMERS = englishRecommendedTransformers.blacklistMatcherTransformers ?? [];
const stateful = TRANSFORMERS.map((t) => ('transform' in t ? null : t.factory()));
const steps: TransformerFn[] = TRANSFORMERS.map((t, k) =>
  'transform' in t ? t.transform : (c) => stateful[k]!.transform(c),
);

/** The text as obscenity's matcher reads it (its blacklist transformers, in order, char by char). */
function transformed(input: string): string {
  for (const s of stateful) s?.reset();
  let out = '';
  for (const ch of input) {
    let c: number | undefined = ch.codePointAt(0)!;
    for (let k = 0; k < steps.length && c !== undefined; k++) c = steps[k]!(c);
    if (c !== undefined) out += String.fromCodePoint(c);
  }
  return out;
}

const LETTERS = 'a-zåäö';
const spellings = (word: string) =>
  word.replace(/ä/g, '(?:ä|a|ae)').replace(/ö/g, '(?:ö|o|oe)').replace(/å/g, '(?:å|a|aa)');

const SWEDISH = new RegExp(
  `(?<![${LETTERS}])(?:${SWEDISH_WORDS.flatMap(([stem, endings]) => endings.map((ending) => spellings(stem + ending)))
    .sort((a, b) => b.length - a.length)
    .join('|')})(?![${LETTERS}])`,
  'g',
);

const FAN = new RegExp(`(?<![${LETTERS}])fan(?![${LETTERS}])`, 'g');
const SLUT = new RegExp(`(?<![${LETTERS}])s+l+u+t+(?:s|ty|tig)?(?![${LETTERS}])`, 'g');
/** Swedish "slut" (the end): "är slut", "till slut", "slut på", "slut nu". */
const SLUT_SWEDISH_BEFORE = new Set([
  'är',
  'e',
  'ä',
  'va',
  'var',
  'blev',
  'till',
  'helt',
  'tiden',
  'det',
  'nu',
  'snart',
]);
const SLUT_SWEDISH_AFTER = new Set(['på', 'nu', 'med', 'för', 'snart', 'där']);
const before = new Set(FAN_BEFORE);
const after = new Set(FAN_AFTER);

/** Spans of swearing and slurs. */
export function findProfanity(view: Normalised): Span[] {
  const spans: Span[] = [];
  const matches = QUICK.test(transformed(view.plain)) ? english.getAllMatches(view.plain) : [];
  for (const match of matches) {
    spans.push({ start: match.startIndex, end: match.endIndex + 1, reason: 'profanity' });
  }
  for (const match of view.leet.matchAll(SWEDISH)) {
    spans.push({ start: match.index, end: match.index + match[0].length, reason: 'profanity' });
  }
  for (const match of view.leet.matchAll(SLUT)) {
    const previous = /([a-zåäö]+)[^a-zåäö]*$/.exec(view.leet.slice(0, match.index))?.[1];
    const next = /^[^a-zåäö]*([a-zåäö]+)/.exec(view.leet.slice(match.index + match[0].length))?.[1];
    if ((previous && SLUT_SWEDISH_BEFORE.has(previous)) || (next && SLUT_SWEDISH_AFTER.has(next))) continue;
    spans.push({ start: match.index, end: match.index + match[0].length, reason: 'profanity' });
  }
  for (const match of view.leet.matchAll(FAN)) {
    const previous = /([a-zåäö]+)[^a-zåäö]*$/.exec(view.leet.slice(0, match.index))?.[1];
    const next = /^[^a-zåäö]*([a-zåäö]+)/.exec(view.leet.slice(match.index + 3))?.[1];
    const alone = previous === undefined && next === undefined;
    if (alone || (previous && before.has(previous)) || (next && after.has(next))) {
      spans.push({ start: match.index, end: match.index + 3, reason: 'profanity' });
    }
  }
  return spans;
}
