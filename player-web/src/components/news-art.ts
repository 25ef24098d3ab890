import type { NewsCategoryId } from '@ecup/domain';

/** Category colours (pitch green, red, gold, blue), as the seeded article images use them. */
const CATEGORY_COLOUR: Record<NewsCategoryId, string> = { 0: '#2fbf5e', 1: '#d7263d', 2: '#f5b700', 3: '#3b82d6' };

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
