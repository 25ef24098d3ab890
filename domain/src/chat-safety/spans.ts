/** What a masked part of a chat line or forum text is for; the sender's notice names these. */
export type MaskReason = 'phone' | 'email' | 'link' | 'handle' | 'address' | 'profanity';

/** A part of a line to mask: [start, end) in the normalised views (or in the original, once mapped back). */
export interface Span {
  start: number;
  end: number;
  reason: MaskReason;
}

/** Sorted and merged, so overlapping finds mask once; the merged span keeps the first reason, `reasons` keeps all. */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}
