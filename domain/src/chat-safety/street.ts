/**
 * Street addresses (docs/rules.md "Player text"), Swedish and English: a street with its house number ("Storgatan 12", "Kungsvägen 5B",
 * "Drottninggatan 3 lgh 1102", "12 Baker Street", "221b Baker St", "Main Road 4"), a postcode with its town
 * ("412 58 Göteborg", "41258 Göteborg", "SW1A 1AA London"), and after "I live at/on …", "jag bor på …" or "my
 * address is …" a street even without its number ("jag bor på Storgatan"). A town alone ("jag bor i Göteborg") is
 * no address.
 *
 * Football talk is full of words and numbers side by side ("Göteborg 2 Malmö 1", "level 12", "game 3 of 5", "3 in a
 * row", "2nd place 3 points behind"), so a street needs a street word: a Swedish compound ending in -gatan, -vägen,
 * -gränd … (the bare word "vägen" is no street), or an English street word after a name. The English words that are
 * also ordinary words (way, close, place, row, drive …) count only with capitals ("4 Privet Drive") or after "I
 * live at". A number followed by a score or a time ("… 2-1", "… 19:30") is no house number.
 */
import type { Normalised } from './normalise.ts';
import type { Span } from './spans.ts';

const LETTER = 'a-zåäöß';

/** Endings of Swedish (and a few German) street names, written as one word with the name: Stor|gatan, Svea|vägen. */
const SV_STREET_ENDINGS = [
  'gatan',
  'gata',
  'vägen',
  'vagen',
  'väg',
  'gränden',
  'gränd',
  'stigen',
  'stig',
  'backen',
  'backe',
  'torget',
  'torg',
  'kajen',
  'slingan',
  'strand',
  'platsen',
  'esplanaden',
  'allén',
  'allé',
  'straße',
  'strasse',
];
/** Plain views drop the accent of é: "allén" reads "allen", which only counts when the é was typed. */
const ACCENTED: Record<string, string> = { allen: 'allén', alle: 'allé' };
const SV_ENDING_PATTERN = SV_STREET_ENDINGS.map((ending) => ending.replace('é', 'e'))
  .sort((a, b) => b.length - a.length)
  .join('|');
/** A street name of at least two letters before its ending ("Storgatan", not "gatan" or "väg"). */
const SV_STREET = new RegExp(`(?<![${LETTER}])[${LETTER}]{2,}?(?:${SV_ENDING_PATTERN})(?![${LETTER}])`, 'g');

/** English street words that are nothing else. */
const EN_STRONG = ['street', 'road', 'rd', 'avenue', 'ave', 'lane', 'ln', 'boulevard', 'blvd', 'terrace', 'crescent'];
/** English street words that are also ordinary words or letters: with capitals, or after "I live at". */
const EN_WEAK = [
  'st',
  'dr',
  'drive',
  'way',
  'close',
  'court',
  'ct',
  'place',
  'pl',
  'row',
  'hill',
  'walk',
  'square',
  'sq',
  'gardens',
  'grove',
  'park',
  'mews',
  'parade',
];
const EN_STRONG_SET = new Set(EN_STRONG);
const EN_SUFFIX = [...EN_STRONG, ...EN_WEAK].sort((a, b) => b.length - a.length).join('|');

/** Words that are never (part of) a street's name: "3 in a row", "2 away games on the road", "no way 2". */
const NOT_A_NAME = new Set(
  `a an the and or but of in on at to for from with by my your his her our their this that these those no not
  is are was be it its i you he she we they me him them all any some one two three four five six seven eight nine
  ten more most less last next first second third half full long short away home same other each every per than
  then so very too just only again game games goal goals point points match matches win wins won lost loss draw
  draws min mins minute minutes sec time times row level levels round rounds week weeks day days year years
  season seasons place places team teams player players score scores free kick kicks corner corners pen pens
  penalty penalties shot shots save saves card cards red yellow left right top bottom middle center centre end
  hat trick tricks straight streak unbeaten clean sheet sheets hotel hotell my och i på en ett med till av för som
  har`.split(/\s+/),
);

/** A house number: "12", "5B", "5 B", "221b"; not a score, a time or a decimal ("2-1", "19:30", "2.5"). */
const HOUSE_NUMBER = `(?:nr\\.?\\s*)?\\d{1,4}(?:\\s?[a-h](?![${LETTER}\\d]))?(?!\\d|\\s*[-–—:]\\s*\\d|[.,]\\d)`;
/** A flat or a floor after the number: "lgh 1102", "lägenhet 1102", "apt 4", "flat 2", "3 tr", "2 vån". */
const FLAT = `(?:\\s*,?\\s*(?:lgh|lägenhet|lagenhet|apt|apartment|flat)\\.?\\s*(?:nr\\.?\\s*)?\\d{1,5}(?!\\d))?`;
const FLOOR = `(?:\\s*,?\\s*\\d{1,2}\\s*(?:tr|trappor|trappa|vån|våning|van|vaning)\\.?(?![${LETTER}]))?`;
const NUMBER_AFTER = new RegExp(`^\\s*,?\\s*(${HOUSE_NUMBER}${FLAT}${FLOOR})`);

/** "12 Baker Street", "221b Baker St.": a number, one to three name words, a street word. */
const EN_NUMBER_FIRST = new RegExp(
  `(?<![${LETTER}\\d])(\\d{1,4}[a-h]?)(?:\\s*,)?\\s+((?:[${LETTER}'’\\-]{2,}\\s+){0,2}[${LETTER}'’\\-]{2,})\\s+(${EN_SUFFIX})\\.?(?![${LETTER}\\d])`,
  'g',
);
/** "Main Road 4", "Baker Street 221b": a name word, a street word, a number. */
const EN_NAME_FIRST = new RegExp(`(?<![${LETTER}])([${LETTER}'’\\-]{2,})\\s+(${EN_SUFFIX})\\.?(?![${LETTER}])`, 'g');

/** A Swedish postcode and the town after it: "412 58 Göteborg", "41258 Göteborg", "SE-412 58 Göteborg". */
const SV_POSTCODE = new RegExp(
  `(?<![${LETTER}\\d])(?:se\\s?-?\\s?)?[1-9]\\d{2}\\s?\\d{2}(?!\\d)\\s*,?\\s*([${LETTER}][${LETTER}\\-]+)`,
  'g',
);
/** A British postcode and the town after it, typed in capitals: "SW1A 1AA London". */
const UK_POSTCODE = /(?<![a-z\d])[a-z]{1,2}\d[a-z\d]?\s?\d[abd-hjlnp-uw-z]{2}(?![a-z\d])\s*,?\s*([a-z][a-z-]+)/g;

/** Words after a postcode-looking number that are no town ("12345 coins", "100 00 Points"). */
const NOT_A_TOWN = new Set(
  `coins coin mynt points poäng pts elo kr sek kronor euro eur dollar dollars fut fifa fc ea goals mål games
  matcher matches wins vinster losses min mins minutes minuter sec timmar hours views likes followers subs
  subscribers tb gb mb kb kills xp rating ovr pace rank ranking spelare players people pers st stycken`.split(/\s+/),
);
/** Towns a player may type in small letters after a postcode; any other town counts with a capital. */
const KNOWN_TOWNS = new Set(
  `stockholm göteborg goteborg gbg sthlm malmö malmo uppsala västerås vasteras örebro orebro linköping linkoping
  helsingborg jönköping jonkoping norrköping norrkoping lund umeå umea gävle gavle borås boras södertälje
  sodertalje eskilstuna halmstad växjö vaxjo karlstad sundsvall östersund ostersund trollhättan trollhattan luleå
  lulea kalmar kristianstad skövde skovde falun karlskrona nyköping nykoping varberg visby kiruna solna sundbyberg
  täby taby nacka huddinge kungsbacka mölndal molndal partille lerum alingsås alingsas uddevalla kungälv kungalv
  london manchester liverpool birmingham leeds glasgow edinburgh bristol`.split(/\s+/),
);

/** "I live at/on …", "jag bor på …": a street after these counts even without its number or its capitals. */
const LIVES_AT = new RegExp(
  `(?<![${LETTER}])(?:i\\s*(?:'?m|am)?\\s*liv(?:e|ing)|we\\s*(?:'re|are)?\\s*liv(?:e|ing)|i\\s+stay|(?:jag|vi)\\s+bor|bor|come\\s+over\\s+to|kom\\s+hem\\s+till\\s+mig)\\s*(?:at|on|in|på|vid|i|:)?\\s+(?:the\\s+)?`,
  'g',
);
/** "my address is …", "min adress är …", "adress: …": the rest of the sentence is the address when it has a number. */
const ADDRESS_IS = new RegExp(
  `(?<![${LETTER}])(?:my\\s+(?:home\\s+)?address\\s*(?:is|:)|(?:min\\s+)?adress(?:en)?\\s*(?:är|e|ä|:)|address\\s*:)\\s*`,
  'g',
);

/** One or two words and a number right after "I live at": "Rosewood 4", "Gamla Vägen 3". */
const NAME_AND_NUMBER = new RegExp(`^([${LETTER}'’\\-]{2,}(?:\\s+[${LETTER}'’\\-]{2,})?)\\s*(?=\\d)`);

/** The original character behind plain position `at` is a capital letter. */
function capitalAt(view: Normalised, at: number): boolean {
  const ch = view.original.slice(view.start[at], view.end[at]);
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const isName = (word: string) => !NOT_A_NAME.has(word) && /[a-zåäö]/.test(word);

/** A Swedish street's name at `start` (plain), with "allén" only when its é was typed. */
function svStreetOk(view: Normalised, start: number, end: number): boolean {
  const text = view.plain.slice(start, end);
  const accented = Object.entries(ACCENTED).find(([plain]) => text.endsWith(plain));
  if (!accented) return true;
  return view.original
    .slice(view.start[start], view.end[end - 1])
    .toLowerCase()
    .endsWith(accented[1]);
}

/** The house number (and flat, floor) right after a street name ending at `end`, as its end; else null. */
function numberAfter(plain: string, end: number): number | null {
  const match = NUMBER_AFTER.exec(plain.slice(end));
  return match ? end + match[0].length : null;
}

/** Spans of street addresses, postcodes with their town, and streets named after "I live at". */
export function findStreetAddresses(view: Normalised): Span[] {
  const { plain } = view;
  const spans: Span[] = [];
  const push = (start: number, end: number) => spans.push({ start, end, reason: 'address' });
  // The cheap test first: most lines have no digit and no word of living anywhere.
  const hasDigit = /\d/.test(plain);
  const lives = /\b(?:liv|bor|adress|address|come over|kom hem)/.test(plain);
  if (!hasDigit && !lives) return spans;

  /** Streets whose name (at least) is already found, so the context rules below add only what is new. */
  const streets: Array<{ start: number; end: number; strong: boolean }> = [];

  // Swedish: Storgatan 12.
  SV_STREET.lastIndex = 0;
  for (let match = SV_STREET.exec(plain); match; match = SV_STREET.exec(plain)) {
    const start = match.index;
    const nameEnd = start + match[0].length;
    if (!svStreetOk(view, start, nameEnd)) continue;
    streets.push({ start, end: nameEnd, strong: true });
    const end = numberAfter(plain, nameEnd);
    if (end !== null) push(start, end);
  }

  // English: 12 Baker Street.
  EN_NUMBER_FIRST.lastIndex = 0;
  for (let match = EN_NUMBER_FIRST.exec(plain); match; match = EN_NUMBER_FIRST.exec(plain)) {
    const names = words(match[2]!);
    const suffix = match[3]!;
    const nameStart = match.index + match[0].indexOf(match[2]!, match[1]!.length);
    const suffixStart = match.index + match[0].lastIndexOf(suffix);
    const capitals = capitalAt(view, nameStart) && capitalAt(view, suffixStart);
    if (names.every(isName) && (EN_STRONG_SET.has(suffix) || capitals)) {
      push(match.index, match.index + match[0].length);
    } else {
      EN_NUMBER_FIRST.lastIndex = match.index + match[1]!.length;
    }
  }

  // English: Main Road 4, or a name and a street word after "I live on".
  EN_NAME_FIRST.lastIndex = 0;
  for (let match = EN_NAME_FIRST.exec(plain); match; match = EN_NAME_FIRST.exec(plain)) {
    const name = match[1]!;
    const suffix = match[2]!;
    const start = match.index;
    const nameEnd = start + match[0].length;
    // Finds may overlap: "the road Kings Road 4" is refused at "the" and found at "Kings".
    EN_NAME_FIRST.lastIndex = start + name.length;
    if (!isName(name)) continue;
    const suffixStart = start + match[0].lastIndexOf(suffix);
    const capitals = capitalAt(view, start) && capitalAt(view, suffixStart);
    const strong = EN_STRONG_SET.has(suffix) || capitals;
    // Earlier capitalised name words belong to the street: "Old Kent Road 4".
    let from = start;
    for (let k = 0; k < 2; k++) {
      const before = /([a-zåäö'’\-]{2,})\s+$/.exec(plain.slice(0, from));
      if (!before || !isName(before[1]!) || !capitalAt(view, from - before[0].length)) break;
      from -= before[0].length;
    }
    streets.push({ start: from, end: nameEnd, strong });
    const end = numberAfter(plain, nameEnd);
    if (end !== null && strong) push(from, end);
  }

  const livesAt = lives ? [...plain.matchAll(LIVES_AT)].map((match) => match.index + match[0].length) : [];
  // Postcode and town: 412 58 Göteborg, SW1A 1AA London.
  const near = streets.some((street) => street.strong) || livesAt.length > 0;
  if (hasDigit) {
    SV_POSTCODE.lastIndex = 0;
    for (let match = SV_POSTCODE.exec(plain); match; match = SV_POSTCODE.exec(plain)) {
      const town = match[1]!;
      const townStart = match.index + match[0].length - town.length;
      // "41258 Göteborg" written together: a known town, or beside a street ("sold for 25000 Mbappé" is no address).
      const spaced = /^(?:se\s?-?\s?)?\d{3}\s/.test(match[0]);
      const townOk =
        !NOT_A_TOWN.has(town) &&
        (KNOWN_TOWNS.has(town) || (near && isName(town)) || (spaced && capitalAt(view, townStart)));
      if (townOk) push(match.index, match.index + match[0].length);
      else SV_POSTCODE.lastIndex = match.index + 1;
    }
    UK_POSTCODE.lastIndex = 0;
    for (let match = UK_POSTCODE.exec(plain); match; match = UK_POSTCODE.exec(plain)) {
      const typed = view.original.slice(view.start[match.index], view.end[match.index + match[0].length - 1]);
      const code = typed.slice(0, typed.length - match[1]!.length);
      const town = match[1]!;
      const townStart = match.index + match[0].length - town.length;
      // "PS4 1TB Slim" has the shape of a postcode too.
      const ok =
        code === code.toUpperCase() &&
        !/\d\s*[tgmk]b\s*$/i.test(code) &&
        !NOT_A_TOWN.has(town) &&
        (KNOWN_TOWNS.has(town) || capitalAt(view, townStart));
      if (ok) push(match.index, match.index + match[0].length);
      else UK_POSTCODE.lastIndex = match.index + 1;
    }
  }

  if (!lives) return spans;
  // After "I live at", "jag bor på": the street right there, its number if any; or a capitalised name and a number.
  for (const at of livesAt) {
    const street = streets.find((s) => s.start === at);
    if (street) {
      push(at, numberAfter(plain, street.end) ?? street.end);
      continue;
    }
    EN_NUMBER_FIRST.lastIndex = at;
    const numbered = EN_NUMBER_FIRST.exec(plain);
    if (numbered && numbered.index === at && words(numbered[2]!).every(isName)) {
      push(at, at + numbered[0].length);
      continue;
    }
    const named = NAME_AND_NUMBER.exec(plain.slice(at));
    if (named && words(named[1]!).every(isName) && capitalAt(view, at)) {
      const end = numberAfter(plain, at + named[0].length);
      if (end !== null) push(at, end);
    }
  }
  // "my address is …": the rest of the sentence, when it holds a number.
  ADDRESS_IS.lastIndex = 0;
  for (let match = ADDRESS_IS.exec(plain); match; match = ADDRESS_IS.exec(plain)) {
    const at = match.index + match[0].length;
    const rest = /^[^.!?\n]{1,80}/.exec(plain.slice(at));
    if (rest && /\d/.test(rest[0])) push(at, at + rest[0].trimEnd().length);
  }
  return spans;
}
