/**
 * Swearing and slurs in chats with a minor (issue 18): English from the `obscenity` package (its dataset already
 * reads leetspeak, repeated letters and look-alikes), Swedish from sv-words.ts as whole words. Football names that
 * the English list would catch stay whitelisted.
 */
import { DataSet, RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
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
  for (const match of english.getAllMatches(view.plain)) {
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
