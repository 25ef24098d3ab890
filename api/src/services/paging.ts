import { asInteger } from '@ecup/domain';

/** Offsets past this are answered as an empty page without asking for them. */
const MAX_START = 1_000_000_000;

/** `start`: a whole number from 0; anything else reads as 0. */
export function startOf(params: Record<string, unknown>): number {
  return Math.min(Math.max(0, asInteger(params.start) ?? 0), MAX_START);
}

/**
 * `amount`: clamped, never refused (a list is always answerable): missing, non-numeric or below 1 gives the
 * default, above the maximum gives the maximum.
 */
export function amountOf(params: Record<string, unknown>, fallback: number, max: number): number {
  const asked = asInteger(params.amount);
  return asked !== undefined && asked >= 1 ? Math.min(asked, max) : fallback;
}
