/**
 * E-mail addresses, links and bare domains, also spelled out: "name at gmail dot com",
 * "name(at)hotmail(dot)se", "snabel-a", "foo punkt se", "bit . ly / x". A bare domain needs a real top-level domain
 * (the `tlds` list), so "e.g.", "t.ex." and "kl.19" stay.
 */
import tlds from 'tlds';
import type { Span } from './spans.ts';
import type { Normalised } from './normalise.ts';

const TLDS = new Set(tlds);

/** Top-level domains seen in links passed around in chat; others count only with a path, a scheme or "www". */
const COMMON_TLDS = new Set(
  'com net org se nu io gg ly me tv co uk de eu info xyz app dev to be fi no dk us ru cc biz link site online store shop ai gl gd sh ws ms'.split(
    ' ',
  ),
);

/** Mail providers: "name at gmail" is an address even without "dot com". */
const PROVIDERS =
  'gmail|googlemail|hotmail|outlook|yahoo|icloud|protonmail|proton|msn|aol|gmx|yandex|telia|bredband|comhem|live|mail';
const STRONG_PROVIDERS = new Set(
  'gmail googlemail hotmail outlook yahoo icloud protonmail msn aol gmx yandex telia bredband comhem'.split(' '),
);

const BRACKETED = (word: string) => `\\s*[([{<]\\s*(?:${word})\\s*[)\\]}>]\\s*`;
/** "@", "(at)", " at ", "snabel-a", Swedish " på ". */
const AT = `(?:\\s*@\\s*|${BRACKETED('at|snabel-?a')}|\\s+(?:at|snabel-?a|snabela)\\s+|\\s+på\\s+)`;
/** ".", " . ", "(dot)", " dot ", " punkt "; not ". " (a sentence ends there). */
const DOT = `(?:\\.|\\s\\.\\s|${BRACKETED('dot|punkt|\\.')}|\\s+(?:dot|punkt)\\s+)`;
const LABEL = '[a-z0-9][a-z0-9_\\-]*';

const EMAIL = new RegExp(
  `(?<![a-z0-9._%+\\-])([a-z0-9][a-z0-9._%+\\-]*(?:${DOT}${LABEL})*)${AT}(${LABEL}(?:${DOT}${LABEL})*)`,
  'g',
);

const URL = /(?:h[tx]{2}ps?\s*:\s*\/\/|www\s*\.\s*)\S+/g;

const DOMAIN = new RegExp(
  `(?<![a-z0-9_@.\\-])(${LABEL}(?:${DOT}${LABEL})*)${DOT}([a-z0-9]{2,24})(?![a-z0-9_])(\\s?/\\s?\\S+)?`,
  'g',
);

const hasLetter = (text: string) => /[a-zåäö]/.test(text);

const DOT_ALONE = new RegExp(DOT);
const PROVIDER = new RegExp(`^(?:${PROVIDERS})$`);

/** Splits "foo dot bar (dot) com" into its labels. */
function labels(text: string): string[] {
  return text.split(DOT_ALONE).filter(Boolean);
}

/** A name before a typed "@", however the rest is disguised ("kalle99 @ gm@il.c0m"). */
const NAME_AT = /(?<![a-z0-9._%+\-])([a-z0-9][a-z0-9._%+\-]*[a-z0-9_])\s?@\s?([^\s]*)/g;

/** Spans of e-mail addresses. */
export function findEmails(view: Normalised): Span[] {
  const spans: Span[] = [];
  for (const match of view.plain.matchAll(NAME_AT)) {
    const name = match[1]!;
    if (/[a-zåäö]/.test(name) && /[\d_.+]/.test(name)) {
      spans.push({ start: match.index, end: match.index + match[0].length, reason: 'email' });
    }
  }
  for (const source of [view.plain, view.leet]) {
    EMAIL.lastIndex = 0;
    for (let match = EMAIL.exec(source); match; match = EMAIL.exec(source)) {
      const parts = labels(match[2]!);
      const joinedByAt = /@/.test(view.plain.slice(match.index, match.index + match[0].length));
      const provider = PROVIDER.test(parts[0]!);
      const tld = parts.length > 1 ? toLeet(parts[parts.length - 1]!) : '';
      const realDomain = parts.length > 1 && TLDS.has(tld) && hasLetter(tld);
      const ok =
        (joinedByAt && (realDomain || provider)) ||
        (provider && (STRONG_PROVIDERS.has(parts[0]!) || realDomain)) ||
        (realDomain && COMMON_TLDS.has(tld) && !/\s+på\s+/.test(match[0]));
      if (ok) spans.push({ start: match.index, end: match.index + match[0].length, reason: 'email' });
    }
  }
  return spans;
}

/**
 * Spans of links and bare domains. `strict` (identity fields, docs/rules.md "Player text"): any real top-level domain counts alone
 * when typed with plain dots ("micke.coach", "man.city"); in chat only the common ones do.
 */
export function findLinks(view: Normalised, strict = false): Span[] {
  const spans: Span[] = [];
  URL.lastIndex = 0;
  for (let match = URL.exec(view.plain); match; match = URL.exec(view.plain)) {
    spans.push({ start: match.index, end: match.index + match[0].length, reason: 'link' });
  }
  DOMAIN.lastIndex = 0;
  for (let match = DOMAIN.exec(view.plain); match; match = DOMAIN.exec(view.plain)) {
    const start = match.index;
    const end = start + match[0].length;
    const name = match[1]!;
    const tldPlain = match[2]!;
    if (!hasLetter(name) || !hasLetter(tldPlain)) {
      // "kl.19", "2.5": not a domain; let the next search start inside the match.
      DOMAIN.lastIndex = start + 1;
      continue;
    }
    const tld = toLeet(tldPlain);
    const path = match[3] !== undefined;
    const text = match[0];
    const spelled = /\s|[([{<]/.test(text.slice(name.length, text.length - (match[3]?.length ?? 0)));
    // A common top-level domain counts alone; any other only with a path, typed with plain dots ("foo.football/x").
    const ok = TLDS.has(tld) && (COMMON_TLDS.has(tld) || ((path || strict) && !spelled));
    if (ok) spans.push({ start, end, reason: 'link' });
    else DOMAIN.lastIndex = start + 1;
  }
  return spans;
}

const LEET_DIGITS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b' };

function toLeet(text: string): string {
  return text.replace(/[0134578]/g, (d) => LEET_DIGITS[d]!);
}
