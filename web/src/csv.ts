/**
 * CSV made in the browser (RFC 4180, CRLF line ends), as the API writes its exports. A value
 * a spreadsheet would run as a formula gets a leading apostrophe: a bounce reply or a link
 * comes from outside the account.
 */
export function csvLine(cells: (string | number)[]): string {
  return cells
    .map((cell) => {
      const text = typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : String(cell);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',');
}

export const csvBlob = (lines: string[]) => new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' });
