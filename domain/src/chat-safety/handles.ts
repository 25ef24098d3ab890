/**
 * Usernames on other platforms: a name after (or before) a platform word ("snap: kalle_99",
 * "kalle_99 on insta"), after "add me on …", "lägg till mig på …", "hitta mig på …", and `name#1234`, `@name`.
 * The PSN ID is on the game page already, so "psn" and "xbox" introduce nothing.
 */
import type { Normalised } from './normalise.ts';
import type { Span } from './spans.ts';

/** Platforms whose word alone introduces a name ("my snap is kalle"). */
const STRONG = [
  'socials',
  'snäppen',
  'snäpp',
  'snapp',
  'snapchatten',
  'snapchatt',
  'snappen',
  'snapen',
  'instan',
  'instagrammet',
  'discorden',
  'tiktoken',
  'snapchat',
  'snap',
  'instagram',
  'insta',
  'tiktok',
  'discord',
  'telegram',
  'whatsapp',
  'facebook',
  'messenger',
  'twitter',
  'skype',
  'signal',
  'kik',
  'gmail',
  'hotmail',
  'mail',
  'email',
  'e-mail',
  'mejl',
  'mejla',
  'epost',
  'e-post',
];
/** Short forms that are ordinary letters elsewhere: a name must look like one ("ig: kalle_99") or be introduced. */
const WEAK = ['sc', 'ig', 'tt', 'dc', 'tg', 'wa', 'fb', 'yt', 'twitch', 'youtube', 'steam', 'reddit', 'bereal'];
/** "kik" is also Swedish for a peek, "signal" and "mail" ordinary words: like short forms, they need a name-like word or an introduction. */
const WEAK_SET = new Set([...WEAK, 'kik', 'signal', 'mail']);

/** A platform word; letters of long ones may be spread out ("s n a p", "d.i.s.c.o.r.d"). */
function wordPattern(word: string): string {
  const letters = [...word.replace('-', '')].map((c) => (c === 'l' || c === 'i' ? '[il]' : c));
  return word.length >= 4 ? letters.join("[\\s.\\-_*']?") : letters.join('');
}

const PLATFORM = new RegExp(
  `(?<![a-zåäö])(${[...STRONG, ...WEAK]
    .sort((a, b) => b.length - a.length)
    .map(wordPattern)
    .join('|')})(?![a-zåäö])`,
  'g',
);

/** Words between a platform and the name: "snap: kalle", "my insta is kalle", "snap mig på kalle". */
const FILLER =
  /^(?:[\s:=\->→|,'"(]+|(?:is|är|e|ä|it's|its|it|me|mig|mej|my|min|mitt|name|namn|heter|id|user|username|användarnamn|användare|tag|handle|at|on|på|som|as|address|adress|adr|account|konto|then|då)(?![a-zåäö0-9_]))*/;
/** An explicit introduction, after which even a short platform form counts. */
const EXPLICIT = /[:=→>]|\b(?:is|är|heter|name|namn)\b/;
/** Before a platform word: whose it is, or an invitation ("my snap", "add me on snap", "lägg till mig på insta"). */
const OWNED_BEFORE =
  /(?:^|[^a-zåäö])(?:my|min|mitt|mine|here's|här är|add|adda|addera|follow|följ|hitta|find|hmu|lägg till|sök|search)(?:\s+(?:me|mig|mej))?(?:\s+(?:on|at|på|via|in|i))?\s*$/;

/**
 * Whether an ordinary word after a full platform word is a name: after a colon or an arrow, when the platform is
 * owned or offered ("my snap is kalle", "add me on discord kallefifa"), or right after the word ("snap kalle"),
 * but not after a bare "is" ("tiktok is banned").
 */
function introduced(leet: string, platformStart: number, filler: string): boolean {
  if (/[:=→>]/.test(filler)) return true;
  if (OWNED_BEFORE.test(leet.slice(0, platformStart))) return true;
  return filler.trim() === '';
}

/** "add me on …", "lägg till mig på …", "hitta mig på …" and their kin, then the name (or a platform). */
const INTRODUCER =
  /(?<![a-zåäö])(?:add|adda|addera|follow|följ|hmu|hit me up|dm|pm|message|msg|text|find|hitta|lägg till|lägg|skriv till|skriv|sms:a|sms|ring|search|sök|search for|sök på|kolla)(?![a-zåäö])\s*(?:me|mig|mej)?\s*(?:on|at|på|via|@|:|as|som|-)?\s*(?:on|på)?\s*/g;

const TOKEN = /^@?([a-zåäö0-9_.\-]{2,32})/;
/** The rest of a name typed after one space, starting with _ or . ("kalle _99"). */
const SPLIT_TAIL = /^ [_.][a-zåäö0-9_.\-]{1,31}/;

/** Words that follow a platform or an introducer without being a name. */
const STOPWORDS = new Set(
  `a an the and or but if so to too for of in at on is are was be me you u we us him her them it this that my your
  later now then soon tomorrow tonight today instead again back after first pls please plz bro mate man dude lol haha
  ok okay yes yeah no nah sure maybe thanks thx ty gg wp ggwp game games match chat story post video stream live
  account friend friends request requests list here there up down out with from me? who what when why how not never
  och eller men om så sen senare nu också med till mig dig honom henne oss dem den det en ett jag du vi ni de han hon
  imorgon ikväll idag istället igen tillbaka efter först snälla tack ja nej kanske inte aldrig där här upp ner ut
  från vem vad när varför hur va vän vänner lista konto spel matchen psn xbox ps ps4 ps5 playstation fifa fc fut ea
  origin epic switch nintendo pc console konsol gamertag tag id it's its replay replayen reprisen com se nu net org dot
  punkt all alla decision shot shots streak streaks story stories filter filters map score call calls group server
  servers reel reels feed dms was banned blocked down app update united utd city town rovers rangers athletic
  wanderers albion county fk if ff bk sk ik aif`.split(/\s+/),
);

const PLATFORM_WORDS = new Set([...STRONG, ...WEAK, 'kik']);

interface Candidate {
  start: number;
  end: number;
  /** As typed (normalised), to tell a name by its digits, dots and underscores. */
  text: string;
  /** Read as leetspeak, to tell an ordinary word ("l4ter"). */
  word: string;
}

/** A name typed with its letters spread out: "k a l l e 9 9". */
const SPREAD_OUT = /^(?:[a-zåäö0-9_.][ ]){2,}[a-zåäö0-9_.](?![a-zåäö0-9_.])/;

function candidateAt(view: Normalised, from: number): Candidate | null {
  const spread = SPREAD_OUT.exec(view.plain.slice(from));
  if (spread) {
    const end = from + spread[0].length;
    const text = spread[0].replace(/ /g, '');
    return { start: from, end, text, word: view.leet.slice(from, end).replace(/ /g, '') };
  }
  const match = TOKEN.exec(view.plain.slice(from));
  if (!match) return null;
  // A name whose tail is typed apart after one space ("kalle _99") is still one name.
  const tail = SPLIT_TAIL.exec(view.plain.slice(from + match[0].length));
  const text = (tail ? match[1]! + tail[0] : match[1]!).replace(/[.\-]+$/, '');
  const at = match[0].startsWith('@') ? 1 : 0;
  const end = from + at + text.length;
  return { start: from, end, text, word: view.leet.slice(from + at, end) };
}

const looksLikeName = (text: string) => /[a-zåäö]/.test(text) && /[\d_.]/.test(text);
const isWord = (c: Candidate) => STOPWORDS.has(c.word) || PLATFORM_WORDS.has(c.word) || STOPWORDS.has(c.text);

/** "kalle_99 on snap", "add kalle99 på insta": the name just before a platform word. */
const BEFORE =
  /(?:^|[^a-zåäö0-9_.\-@])(@?[a-zåäö0-9_.\-]{2,32})\s*(?:on|på|i|at|via|@|-|:)?\s*(?:my|min|mitt|all|alla)?\s*$/;
/** "what's your snap? mine is kalle_99": a name given later in a line that named a platform. */
const GIVEN_LATER = /(?<![a-zåäö])(?:is|är|heter|e|ä)\s*:?\s+|[:=→]\s*/g;

/** Spans of usernames on other platforms. */
export function findHandles(view: Normalised): Span[] {
  const { plain, leet } = view;
  const spans: Span[] = [];
  const push = (c: Candidate) => spans.push({ start: c.start, end: c.end, reason: 'handle' });

  // name#1234 (a Discord tag) and @name.
  for (const match of plain.matchAll(/(?<![a-z0-9_.])([a-z0-9_.åäö]{2,32})\s?#\s?\d{4}(?!\d)/g)) {
    if (/[a-zåäö]/.test(match[1]!))
      spans.push({ start: match.index, end: match.index + match[0].length, reason: 'handle' });
  }
  for (const match of plain.matchAll(/(?<![a-z0-9_.@])@\s?([a-z0-9_.åäö\-]{2,32})/g)) {
    if (/[a-zåäö]/.test(match[1]!))
      spans.push({ start: match.index, end: match.index + match[0].length, reason: 'handle' });
  }

  PLATFORM.lastIndex = 0;
  for (let match = PLATFORM.exec(leet); match; match = PLATFORM.exec(leet)) {
    const word = match[1]!.replace(/[\s.\-_*']/g, '');
    const weak = WEAK_SET.has(word) || word.length < 4;
    const after = match.index + match[0].length;
    const filler = FILLER.exec(leet.slice(after))![0];
    // A short form glued to a name by an underscore is part of it ("TT_Sniper", "DC_United", "Tyler_yt"), not its
    // platform: usernames and gamer tags are written so.
    if (weak && (leet[after] === '_' || leet[match.index - 1] === '_')) continue;
    const candidate = candidateAt(view, after + filler.length);
    if (
      candidate &&
      !isWord(candidate) &&
      (looksLikeName(candidate.text) || (weak ? EXPLICIT.test(filler) : introduced(leet, match.index, filler)))
    ) {
      push(candidate);
      continue;
    }
    const before = BEFORE.exec(leet.slice(0, match.index));
    if (before) {
      const start =
        match.index - before[0].length + before[0].indexOf(before[1]!) + (before[1]!.startsWith('@') ? 1 : 0);
      const found = candidateAt(view, start);
      const introduced = /(?:add|adda|addera|follow|följ|lägg till|hitta)\s*$/.test(leet.slice(0, start));
      if (found && !isWord(found) && (looksLikeName(found.text) || introduced)) {
        push(found);
        continue;
      }
    }
    GIVEN_LATER.lastIndex = after;
    for (let given = GIVEN_LATER.exec(leet); given; given = GIVEN_LATER.exec(leet)) {
      const later = candidateAt(view, given.index + given[0].length);
      if (later && !isWord(later) && looksLikeName(later.text)) push(later);
    }
  }

  INTRODUCER.lastIndex = 0;
  for (let match = INTRODUCER.exec(leet); match; match = INTRODUCER.exec(leet)) {
    if (match[0].length === 0) {
      INTRODUCER.lastIndex++;
      continue;
    }
    const candidate = candidateAt(view, match.index + match[0].length);
    if (candidate && !isWord(candidate) && looksLikeName(candidate.text)) push(candidate);
  }
  return spans;
}
