import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { CsvReader, CsvSyntaxError } from '../../src/lib/csv-reader.js';

/** Every row of the text, given to the reader in the pieces named by the cut positions. */
function read(text: string, cuts: number[] = [], maxRowChars?: number): string[][] {
  const reader = new CsvReader(maxRowChars);
  const rows: string[][] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    rows.push(...reader.push(text.slice(from, cut)));
    from = cut;
  }
  rows.push(...reader.end());
  return rows;
}

function syntaxError(text: string, maxRowChars?: number): CsvSyntaxError {
  try {
    read(text, [], maxRowChars);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return error;
    throw error;
  }
  assert.fail(`no error for ${JSON.stringify(text)}`);
}

const WELL_FORMED = [
  'email,city\r\nann@example.net,"Berlin, Mitte"\r\nbob@example.net,\r\n',
  'a,b\nc,d',
  'a\r\rb\r',
  'a\n   \n\t\nb\n\n',
  'a, "b" ,c\n',
  'a,b"c,d\n',
  '""\n,\n',
  ' " x " ,y\n',
  'a,\tb\t\n',
  'x, a "b" c\n',
  'a,"say ""hi""","two\r\nlines\nand\rmore"\r\nb,c,d,e\r\n',
  'é,€,"ü\r\nö"\n',
  '\ufeffemail,"\ufeff"\nx\n',
];

describe('CsvReader', () => {
  it('reads well-formed files as csv-parse does (with the import’s options), whatever the pieces', () => {
    for (const text of WELL_FORMED) {
      const expected = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true });
      assert.deepEqual(read(text), expected, JSON.stringify(text));
      for (let cut = 0; cut <= text.length; cut++) assert.deepEqual(read(text, [cut]), expected, `${JSON.stringify(text)} cut at ${cut}`);
    }
  });

  it('names the line of a quote never closed, counting line breaks inside quoted cells', () => {
    const error = syntaxError('email,city\r\nann@example.net,"two\r\nlines"\r\n\r\nbob@example.net,"Berlin\r\ncy@example.net,x\r\n');
    assert.equal(error.line, 5);
    assert.equal(error.message, 'line 5: a quoted cell opens on this line and its closing quote never comes');
    assert.equal(syntaxError('a\nb,c\n\n"x').line, 4);
  });

  it('names the line of text after a closing quote', () => {
    const error = syntaxError('email,city\nann@example.net,"two\nlines"\n\nbob@example.net,"Ber"lin"\n');
    assert.equal(error.line, 5);
    assert.match(error.message, /^line 5: a quoted cell is followed by other characters .*two quotes: ""\)$/);
    assert.equal(syntaxError('"a"b').line, 1);
  });

  it('stops a row longer than its bound, naming the open quote that made it so', () => {
    const open = syntaxError(`email\nann@example.net\n"${'x\r\n'.repeat(50)}`, 64);
    assert.equal(open.message, 'line 3: a quoted cell opens on this line and has no closing quote within 64 characters');
    const long = syntaxError(`email\n\n${'y'.repeat(100)}\n`, 64);
    assert.equal(long.message, 'line 3: the row is longer than 64 characters');
    assert.deepEqual(read(`${'z'.repeat(64)}\n${'z'.repeat(64)}`, [], 64).length, 2, 'the bound is per row');
  });
});
