/** Result of every validator: the cleaned value, or the first failing rule's user-visible message (spec §5). */
export type Validation<T> = { ok: true; value: T } | { ok: false; error: string };

/** A passing result. */
export function ok<T>(value: T): Validation<T> {
  return { ok: true, value };
}

/** A failing result carrying the message shown to the user. */
export function fail<T = never>(error: string): Validation<T> {
  return { ok: false, error };
}
