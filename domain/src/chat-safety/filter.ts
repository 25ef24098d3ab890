/**
 * The chat safety filter for game chats where a player is under 18: contact details (phone numbers,
 * e-mail addresses, links and bare domains, usernames on other platforms) and swearing are replaced with `•••`;
 * the rest of the line stays as typed.
 *
 * Stateless: the caller passes the sender's own lines just before this one in the same chat (no line by the
 * other player between them), as they were typed. A phone number spread over two or three such lines sent within
 * a minute is found across them; `remask` then lists the earlier lines with their new masked text, to store and
 * deliver again in place of what was shown.
 */
import { findEmails, findLinks } from './addresses.ts';
import { findHandles } from './handles.ts';
import { INVISIBLE, normalise, type Normalised } from './normalise.ts';
import { digitCount, findPhones } from './phone.ts';
import { findProfanity } from './profanity.ts';
import { findStreetAddresses } from './street.ts';
import { mergeSpans, type MaskReason, type Span } from './spans.ts';

export type { MaskReason } from './spans.ts';

/** What replaces each masked part. */
export const MASK = '•••';
/** A number spread over lines counts when its lines came from one sender within a minute. */
export const SPREAD_WINDOW_MS = 60_000;
/** A spread number counts over two or three consecutive lines. */
export const SPREAD_MAX_LINES = 3;

/** One of the sender's earlier lines in this chat, as typed (not as masked). */
export interface EarlierLine<Id = string | number> {
  id: Id;
  text: string;
  at_ms: number;
}

export interface ChatLineContext<Id = string | number> {
  /** When this line was sent. */
  at_ms: number;
  /** The sender's own lines just before this one, oldest first; only the last two within a minute are read. */
  recent?: Array<EarlierLine<Id>>;
}

export interface FilteredLine {
  /** The line as stored, delivered and shown to the players. */
  text: string;
  masked: boolean;
  /** Why, for the sender's notice; each reason once, in the order of the rules. */
  reasons: MaskReason[];
}

export interface FilterResult<Id = string | number> extends FilteredLine {
  /** Earlier lines that must now be shown masked too (a number spread over lines). */
  remask: Array<FilteredLine & { id: Id }>;
}

const ORDER: MaskReason[] = ['phone', 'email', 'link', 'handle', 'address', 'profanity'];

function detect(view: Normalised): Span[] {
  return [
    ...findPhones(view.plain),
    ...findEmails(view),
    ...findLinks(view),
    ...findHandles(view),
    ...findStreetAddresses(view),
    ...findProfanity(view),
  ];
}

/** The original line with the spans (in normalised positions) replaced by the mask. */
export function render(view: Normalised, spans: Span[]): FilteredLine {
  if (spans.length === 0) return { text: view.original, masked: false, reasons: [] };
  // A reason counts unless its find lies inside a longer one ("gmail dot com" inside an e-mail address).
  const bySize = [...spans].sort((a, b) => b.end - b.start - (a.end - a.start));
  const kept: Span[] = [];
  for (const span of bySize) {
    if (!kept.some((k) => k.start <= span.start && span.end <= k.end && k.reason !== span.reason)) kept.push(span);
  }
  const found = new Set(kept.map((span) => span.reason));
  let text = '';
  let at = 0;
  for (const span of mergeSpans(spans)) {
    const from = view.start[span.start]!;
    let to = view.end[span.end - 1]!;
    // Invisible marks typed after the last character belong to it (the keycap of 7️⃣).
    while (to < view.original.length && INVISIBLE.test(view.original[to]!)) to++;
    if (from < at) continue;
    text += view.original.slice(at, from) + MASK;
    at = to;
  }
  text += view.original.slice(at);
  return { text, masked: true, reasons: ORDER.filter((reason) => found.has(reason)) };
}

/** Phone numbers that only appear when the lines are read together, as spans per line. */
function spreadPhones(views: Normalised[]): Span[][] {
  const perLine: Span[][] = views.map(() => []);
  if (views.length < 2) return perLine;
  const offsets: number[] = [];
  let joined = '';
  for (const view of views) {
    offsets.push(joined.length);
    joined += view.plain + '\n';
  }
  for (const span of findPhones(joined)) {
    const first = offsets.findLastIndex((offset) => offset <= span.start);
    const last = offsets.findLastIndex((offset) => offset < span.end);
    if (first === last) continue;
    const parts: Array<{ line: number; span: Span }> = [];
    for (let line = first; line <= last; line++) {
      const offset = offsets[line]!;
      const length = views[line]!.plain.length;
      const start = Math.max(span.start - offset, 0);
      const end = Math.min(span.end - offset, length);
      if (end > start) parts.push({ line, span: { start, end, reason: 'phone' } });
    }
    // Each line must carry two digits of it at least: "five two" then "two goals in…" is no number.
    const spread = parts.every(({ line, span }) => digitCount(views[line]!.plain.slice(span.start, span.end)) >= 2);
    if (spread) for (const { line, span } of parts) perLine[line]!.push(span);
  }
  return perLine;
}

/** Masks one chat line; see the file's comment for `context.recent` and `remask`. */
export function filterLine<Id = string | number>(text: string, context?: ChatLineContext<Id>): FilterResult<Id> {
  const view = normalise(text);
  const own = detect(view);
  const earlier = (context?.recent ?? [])
    .slice(-(SPREAD_MAX_LINES - 1))
    .filter((line) => context!.at_ms - line.at_ms <= SPREAD_WINDOW_MS && line.at_ms <= context!.at_ms);
  // A number spread over lines has two digits at least in this line; most lines have none and end here.
  if (earlier.length === 0 || digitCount(view.plain) < 2) return { ...render(view, own), remask: [] };
  const views = [...earlier.map((line) => normalise(line.text)), view];
  const spread = spreadPhones(views);
  const remask = earlier.flatMap((line, k) => {
    if (spread[k]!.length === 0) return [];
    const earlierView = views[k]!;
    return [{ id: line.id, ...render(earlierView, [...detect(earlierView), ...spread[k]!]) }];
  });
  return { ...render(view, [...own, ...spread[spread.length - 1]!]), remask };
}
