/**
 * The one CSV writer (RFC 4180) every export goes through: one record per line,
 * CRLF-terminated, a field quoted only when it holds a comma, quote or line break, its
 * quotes doubled; and every field, header names included, made spreadsheet-safe first.
 * Exports write rows of plain cells and never format a line themselves, so none can
 * forget the guard.
 */

/** One CSV record, line end included. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map((f) => quoted(spreadsheetSafe(f))).join(',')}\r\n`;
}

/** The records of rows of cells, one string per row: what a CSV download streams. */
export async function* csvLines(rows: AsyncIterable<readonly string[]>): AsyncGenerator<string> {
  for await (const row of rows) yield csvRecord(row);
}

function quoted(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/**
 * A value as a spreadsheet should show it, not run it: one starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return is read as a formula by Excel, LibreOffice and Google
 * Sheets (CSV injection: `=HYPERLINK(…)` in a bounce response or a contact's field an
 * attacker wrote), so it gets a leading apostrophe, which they take as "text", as OWASP
 * advises. Exports are opened in spreadsheets; such a value is then no longer byte for
 * byte the stored one.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
