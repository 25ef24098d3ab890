/** Game scores (docs/product.md#validation "Scores", docs/product.md#constants). */
import { SCORE_MAX, SCORE_MIN } from '../constants.ts';

import { fail, ok } from './result.ts';
import type { Validation } from './result.ts';

/**
 * One score: a whole number 0-99, as a number or as digits (docs/product.md#validation). '3.5', '', '-1', '100', '1e1' and
 * non-numbers get 'Score must be a value between 0 and 100' (the spec's wording, although 100 itself is refused).
 */
export function validateScore(value: unknown): Validation<number> {
  let n: number | undefined;
  if (typeof value === 'number') n = Number.isInteger(value) ? value + 0 : undefined;
  else if (typeof value === 'string' && /^\d{1,2}$/.test(value.trim())) n = Number(value.trim());
  if (n === undefined || n < SCORE_MIN || n > SCORE_MAX) return fail('scoreRange');
  return ok(n);
}
