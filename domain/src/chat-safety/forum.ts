import { filterLine } from './filter.ts';

/** A forum title or post as stored, and what was typed when parts of it were masked. */
export interface MaskedText {
  text: string;
  original: { text: string; reasons: string } | null;
}

/**
 * docs/rules.md "Forum titles and posts": a title or post by anyone goes through the chat safety filter, so contact
 * details and swearing are masked in what is stored, and so in everything that shows or sends it.
 */
export function maskForumText(text: string, now: Date): MaskedText {
  const filtered = filterLine(text, { at_ms: now.getTime() });
  if (!filtered.masked) return { text, original: null };
  return { text: filtered.text, original: { text, reasons: filtered.reasons.join(',') } };
}
