/**
 * CSV for operators' spreadsheets (RFC 4180), shared by the admin console's downloads and the CLI's exports so both
 * write the same text.
 */

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-`, `@`, tab or carriage
 * return is prefixed with `'` so a spreadsheet does not run a player's name as a formula (CSV injection). `null` and
 * `undefined` are empty.
 */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV: the column names as the header, then one line per row in column order, CRLF line ends. */
export function toCsv<Row>(columns: readonly (keyof Row & string)[], rows: readonly Row[]): string {
  const lines = [columns.join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
