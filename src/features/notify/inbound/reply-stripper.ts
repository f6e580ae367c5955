/**
 * The reply a person wrote, without the history their mail program quoted under it and
 * without their signature: what an application shows as "the comment". Plain text in,
 * plain text out. It cuts at the first line that starts quoted history or a signature,
 * in the forms common mail programs write:
 *
 *   - an attribution line: "On Tue, 3 Mar 2026 at 10:00, Ann <ann@example.com> wrote:"
 *     (also wrapped over two lines, and the German, French, Spanish and Dutch forms);
 *   - "-----Original Message-----" and Outlook's header block ("From: …" followed within
 *     a few lines by "Sent: …" or "Date: …");
 *   - a block of `>` quoted lines (lines after it are kept only if they are not at the end:
 *     inline answers between quotes stay as they were written);
 *   - "-- " on its own line (the signature separator), and "__________" rules Outlook puts
 *     above its header block.
 *
 * When the cut would leave nothing (a message that is only quotes), the whole text is
 * returned: the application should not lose what was sent.
 */

const ATTRIBUTION = [
  /^\s*On\b.{0,200}\bwrote:\s*$/i,
  /^\s*Am\b.{0,200}\bschrieb\b.{0,120}:\s*$/i,
  /^\s*Le\b.{0,200}\ba écrit\s*:\s*$/i,
  /^\s*El\b.{0,200}\bescribió:\s*$/i,
  /^\s*Op\b.{0,200}\bschreef\b.{0,120}:\s*$/i,
];
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*(Original Message|Forwarded message|Ursprüngliche Nachricht|Message d'origine)\s*-{2,}\s*$/i;
const OUTLOOK_FROM = /^\s*\*?(From|Von|De)\s*:\*?\s+\S/i;
const OUTLOOK_NEXT = /^\s*\*?(Sent|Date|Gesendet|Envoyé|To|An|À)\s*:\*?\s/i;
const RULE = /^\s*_{10,}\s*$/;
const SIGNATURE = /^-- ?$/;
const QUOTED = /^\s*>/;

function isAttribution(lines: string[], i: number): boolean {
  const line = lines[i]!;
  if (ATTRIBUTION.some((re) => re.test(line))) return true;
  // Mail programs wrap a long attribution line: "On …, Ann <ann@" / "example.com> wrote:".
  const next = lines[i + 1];
  if (next !== undefined && /^\s*(On|Am|Le|El|Op)\s/i.test(line)) {
    const joined = `${line.trimEnd()} ${next.trim()}`;
    return ATTRIBUTION.some((re) => re.test(joined));
  }
  return false;
}

function isOutlookHeader(lines: string[], i: number): boolean {
  if (!OUTLOOK_FROM.test(lines[i]!)) return false;
  for (let j = i + 1; j < Math.min(lines.length, i + 4); j++) if (OUTLOOK_NEXT.test(lines[j]!)) return true;
  return false;
}

/** Index of the first line of a quoted block that runs to the end (blank lines allowed), or -1. */
function trailingQuoteStart(lines: string[], end: number): number {
  let start = -1;
  for (let i = end - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (QUOTED.test(line)) start = i;
    else if (line.trim() !== '') break;
  }
  return start;
}

export function stripReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let cut = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (SIGNATURE.test(line) || ORIGINAL_MESSAGE.test(line) || RULE.test(line) || isAttribution(lines, i) || isOutlookHeader(lines, i)) {
      cut = i;
      break;
    }
  }
  const quoteStart = trailingQuoteStart(lines, cut);
  if (quoteStart >= 0) cut = quoteStart;
  const reply = lines.slice(0, cut).join('\n').trim();
  return reply === '' ? text.trim() : reply;
}
