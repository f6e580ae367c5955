/**
 * Reading CSV (RFC 4180, as spreadsheets and databases write it) from text that arrives
 * in pieces: records of cells, a line break (CRLF, LF or CR) outside quotes ending a
 * record. Lenient where a file from the wild is harmless to read: rows of different
 * lengths, blank lines skipped, spaces and tabs around a cell dropped (kept inside
 * quotes), a quote inside a cell that does not start with one kept as it is. Strict where
 * guessing would put wrong values into fields: a quote never closed, or text after a
 * closing quote, is a CsvSyntaxError naming the line (from 1, counting every line break,
 * those inside quoted cells too). A row is bounded in length, so a quote never closed in
 * a large file fails within that bound rather than reading the rest of the file into one
 * cell. A byte order mark (U+FEFF) at the start of the text is dropped.
 */

export class CsvSyntaxError extends Error {
  /** What the error is, to tell it by, as Node's own errors carry one. */
  readonly code = 'CSV_SYNTAX';

  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
  }
}

/** The default bound of a row, in characters: far beyond any real row of contacts. */
export const MAX_ROW_CHARS = 1 << 20;

const COMMA = 0x2c;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

enum State {
  /** Before a cell's first character (spaces and tabs skipped). */
  CellStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted cell: the end of the cell, or the first of two (an escaped quote). */
  QuoteInQuoted,
  /** After a quoted cell's closing quote: only spaces and tabs before the comma or line end. */
  AfterQuoted,
}

export class CsvReader {
  private state = State.CellStart;
  private cell = '';
  private cellQuoted = false;
  private lastCellQuoted = false;
  private row: string[] = [];
  private rowChars = 0;
  /** The line being read, the line the row began on, the line its open quote is on. */
  private line = 1;
  private rowLine = 1;
  private quoteLine = 1;
  /** The last character was a CR: a LF next is the same line break. */
  private afterCr = false;
  private started = false;

  constructor(private readonly maxRowChars = MAX_ROW_CHARS) {}

  /** The rows this piece of text completes, each as soon as it is read: a row after a syntax error is never reached. */
  *push(text: string): Generator<string[]> {
    // A character is looked at twice when the state it ends hands it to the next one: its line break counts once.
    let counted = -1;
    let i = 0;
    if (!this.started && text.length > 0) {
      this.started = true;
      // A byte order mark is not part of the first cell.
      if (text.charCodeAt(0) === 0xfeff) i = 1;
    }
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === LF && this.afterCr) {
        // The LF of a CRLF: the line (and, outside quotes, the row) ended at the CR.
        this.afterCr = false;
        if (this.state === State.Quoted) this.take(text, i, i + 1);
        i++;
        continue;
      }
      // Inside a cell, a run of plain characters at once.
      const plain = this.state === State.Unquoted ? isUnquotedEnd : this.state === State.Quoted ? isQuotedEnd : undefined;
      const end = plain ? this.takeUntil(text, i, plain) : i;
      if (end > i) {
        i = end;
        continue;
      }
      this.afterCr = c === CR;
      if ((c === CR || c === LF) && counted !== i) {
        this.line++;
        counted = i;
      }
      switch (this.state) {
        case State.CellStart:
          if (c === SPACE || c === TAB) this.count(1);
          else if (c === QUOTE) {
            this.count(1);
            this.state = State.Quoted;
            this.cellQuoted = true;
            this.quoteLine = this.line;
          } else if (c === COMMA) this.endCell();
          else if (c === CR || c === LF) yield* this.endRow();
          else {
            this.state = State.Unquoted;
            continue;
          }
          i++;
          break;
        case State.Unquoted:
          if (c === COMMA) this.endCell();
          else yield* this.endRow();
          i++;
          break;
        case State.Quoted:
          if (c === QUOTE) {
            this.count(1);
            this.state = State.QuoteInQuoted;
          } else this.take(text, i, i + 1);
          i++;
          break;
        case State.QuoteInQuoted:
          if (c === QUOTE) {
            this.take(text, i, i + 1);
            this.state = State.Quoted;
            i++;
            break;
          }
          this.state = State.AfterQuoted;
          continue;
        case State.AfterQuoted:
          if (c === SPACE || c === TAB) this.count(1);
          else if (c === COMMA) this.endCell();
          else if (c === CR || c === LF) yield* this.endRow();
          else
            throw new CsvSyntaxError(
              this.line,
              'a quoted cell is followed by other characters before the next comma (a quote inside a quoted cell is written as two quotes: "")',
            );
          i++;
          break;
      }
    }
  }

  /** The last row, when the text does not end with a line break; throws if a quote is left open. */
  *end(): Generator<string[]> {
    if (this.state === State.Quoted) throw new CsvSyntaxError(this.quoteLine, 'a quoted cell opens on this line and its closing quote never comes');
    if (this.state !== State.CellStart || this.row.length > 0) yield* this.endRow();
  }

  /** Takes the plain characters from `from` into the cell: the index of the first that `stop` accepts. */
  private takeUntil(text: string, from: number, stop: (c: number) => boolean): number {
    let end = from;
    while (end < text.length && !stop(text.charCodeAt(end))) end++;
    if (end > from) {
      this.take(text, from, end);
      this.afterCr = false;
    }
    return end;
  }

  private take(text: string, from: number, to: number): void {
    this.count(to - from);
    this.cell += text.slice(from, to);
  }

  private count(chars: number): void {
    this.rowChars += chars;
    if (this.rowChars <= this.maxRowChars) return;
    if (this.state === State.Quoted)
      throw new CsvSyntaxError(this.quoteLine, `a quoted cell opens on this line and has no closing quote within ${this.maxRowChars} characters`);
    throw new CsvSyntaxError(this.rowLine, `the row is longer than ${this.maxRowChars} characters`);
  }

  private endCell(): void {
    this.row.push(this.cellQuoted ? this.cell : this.cell.replace(/[ \t]+$/, ''));
    this.cell = '';
    this.lastCellQuoted = this.cellQuoted;
    this.cellQuoted = false;
    this.state = State.CellStart;
  }

  /** The row just ended, unless it is blank: a line with nothing on it, or only spaces and tabs. */
  private *endRow(): Generator<string[]> {
    this.endCell();
    const row = this.row;
    this.row = [];
    this.rowChars = 0;
    this.rowLine = this.line;
    if (!(row.length === 1 && row[0] === '' && !this.lastCellQuoted)) yield row;
  }
}

function isUnquotedEnd(c: number): boolean {
  return c === COMMA || c === CR || c === LF;
}

function isQuotedEnd(c: number): boolean {
  return c === QUOTE || c === CR || c === LF;
}
