import type { NewsCategoryId } from '@ecup/domain';
import type { MessageKey } from '../../i18n/catalogue.ts';

/** The label of each of the four categories of spec §1, in the reader's language. */
export const CATEGORY_LABEL: Record<NewsCategoryId, MessageKey> = {
  0: 'news.category.gothiaCup',
  1: 'news.category.trophyHunt',
  2: 'news.category.tournament',
  3: 'news.category.sponsored',
};

/** Category colours (pitch green, gold, blue, red), as the seeded article images use them. */
const CATEGORY_COLOUR: Record<NewsCategoryId, string> = { 0: '#2fbf5e', 1: '#d7263d', 2: '#f5b700', 3: '#3b82d6' };

/** Where a news image is stored (spec §3: kind, first two characters, id). */
export function newsImageUrl(hash: string): string {
  return `/images/news/${hash.slice(0, 2)}/${hash}.jpg`;
}

/**
 * A generated pattern for an article without an image (ui-brief): stripes and a glow in the category's colour on
 * navy, with the angle and glow position derived from the id, so neighbouring cards differ.
 */
export function newsPattern(id: number, category: NewsCategoryId): string {
  const colour = CATEGORY_COLOUR[category] ?? '#2fbf5e';
  const angle = 20 + ((id * 47) % 140);
  const x = (id * 31) % 100;
  return [
    `radial-gradient(circle at ${x}% 20%, ${colour}80, transparent 55%)`,
    `repeating-linear-gradient(${angle}deg, ${colour}26 0 14px, transparent 14px 28px)`,
    'linear-gradient(160deg, #13243d, #0b1a2e)',
  ].join(', ');
}
