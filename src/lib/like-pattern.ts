/** A LIKE pattern matching `text` anywhere, lower-cased, with `%`, `_` and `\` matching literally (use with `escape '\'`). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
