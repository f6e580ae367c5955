/** The shell examples of the docs, as the docs tests run them. */

/** The first line of a block that must not run, with its reason. */
export const NOT_RUN = /^# example only, not run: \S/;

export interface Block {
  line: number;
  code: string;
}

/** The shell blocks of a Markdown text, with the line each starts on. */
export function shellBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(sh|bash)\s*$/.test(lines[i]!)) continue;
    const start = i + 1;
    while (i + 1 < lines.length && !/^```\s*$/.test(lines[i + 1]!)) i++;
    blocks.push({ line: start, code: lines.slice(start, i + 1).join('\n') });
    i++;
  }
  return blocks;
}
