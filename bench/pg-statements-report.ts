/**
 * The report of bench/pg-statements.mjs (a preload that counts the statements a Postwire
 * process sends to PostgreSQL, by SQL shape, and how long each waited for its answer):
 * read from the JSON file it writes at exit, heaviest first, per unit of work (a message).
 */
import fs from 'node:fs';

export function pgStatementsReport(file: string, perUnit: number, what: string): string {
  if (!fs.existsSync(file)) return `  No statement counts were written (${file}).`;
  const stats = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { calls: number; ms: number }>;
  const rows = Object.entries(stats).sort(([, a], [, b]) => b.ms - a.ms);
  const calls = rows.reduce((n, [, v]) => n + v.calls, 0);
  const lines = [
    `PostgreSQL statements of ${what}: ${calls} (${(calls / perUnit).toFixed(2)} per message)`,
    '   calls  per msg  ms waited  ms/call  statement',
  ];
  for (const [sql, v] of rows) {
    lines.push(
      `${String(v.calls).padStart(8)}  ${(v.calls / perUnit).toFixed(3).padStart(7)}  ${v.ms.toFixed(0).padStart(9)}  ${(v.ms / v.calls).toFixed(2).padStart(7)}  ${sql}`,
    );
  }
  return lines.join('\n');
}
