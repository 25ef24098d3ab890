/**
 * Reading raw form and HTTP body values. A field arrives as a string, maybe a number (JSON), or something else
 * (an array when a multipart field repeats, an object, null); only strings and finite numbers count as values,
 * everything else reads as missing. Nothing here throws.
 */

/** A form or HTTP body as it arrives. */
export type FormInput = Readonly<Record<string, unknown>>;

/** The input's own value for `key` (never an inherited one such as `constructor`); undefined when absent. */
export function field(input: unknown, key: string): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  return Object.prototype.hasOwnProperty.call(input, key) ? (input as Record<string, unknown>)[key] : undefined;
}

/** A string as is, a finite number as its decimal text; anything else is undefined. */
export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** {@link asText}, trimmed; missing values become ''. */
export function asTrimmed(value: unknown): string {
  return (asText(value) ?? '').trim();
}

/**
 * A whole number from a number or from decimal digits with an optional minus sign (surrounding spaces allowed);
 * '3.5', '1e3', '+3', '' and non-numbers are undefined.
 */
export function asInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value + 0 : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!/^-?\d{1,15}$/.test(text)) return undefined;
  return Number(text) + 0;
}

/** A row id: a whole number of at least 1, else undefined. Used for ids in bodies and routes. */
export function parsePositiveInt(value: unknown): number | undefined {
  const n = asInteger(value);
  return n !== undefined && n >= 1 ? n : undefined;
}

/** True for the ways a checkbox or API client says yes: true, 1, '1', 'true', 'on', 'yes' (any case). */
export function isYes(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value !== 'string') return false;
  return ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
}

/** True when a field was sent at all (null counts as not sent, as JSON clients use it for "no value"). */
export function isSent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * Length in characters as a user counts them (Unicode code points), matching MySQL's utf8mb4 VARCHAR(n): an
 * emoji is one character, not two UTF-16 units.
 */
export function charLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
