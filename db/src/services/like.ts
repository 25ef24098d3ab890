import type { Knex } from 'knex';

/**
 * The escape character of every LIKE pattern. Not the backslash: under MariaDB's NO_BACKSLASH_ESCAPES sql_mode the
 * backslash escapes nothing in LIKE, so a pattern written for it (`\%`) would treat the wildcard as a wildcard; a
 * character named in an ESCAPE clause works the same in every mode.
 */
const LIKE_ESCAPE = '!';

/** `text` with LIKE's wildcards (`%`, `_`) and the escape character itself taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`);
}

/** A LIKE pattern for "contains `text`" (case-insensitive through the column's collation). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern for "starts with `text`". */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

/**
 * `column LIKE pattern ESCAPE '!'` as a condition for where / orWhere / orderBy, for a pattern made by
 * containsPattern or prefixPattern. `column` is a column name, or a raw expression such as a CONCAT.
 */
export function like(knex: Knex, column: string | Knex.Raw, pattern: string): Knex.Raw {
  const target = typeof column === 'string' ? '??' : '?';
  return knex.raw(`${target} LIKE ? ESCAPE '${LIKE_ESCAPE}'`, [column, pattern]);
}
