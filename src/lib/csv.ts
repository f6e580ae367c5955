/**
 * Writing CSV (RFC 4180) for the exports: one record per line, CRLF-terminated, a field
 * quoted only when it holds a comma, quote or line break, its quotes doubled.
 */

/** One CSV record, line end included. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',')}\r\n`;
}

/**
 * A value as a spreadsheet should show it, not run it: one starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return is read as a formula by Excel, LibreOffice and Google
 * Sheets (CSV injection: `=HYPERLINK(…)` in a bounce response an attacker wrote), so it
 * gets a leading apostrophe, which they take as "text", as OWASP advises. For exports
 * operators open in a spreadsheet; the value is then no longer byte for byte the stored one.
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
