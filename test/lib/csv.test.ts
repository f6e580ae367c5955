import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { csvLines, csvRecord, spreadsheetSafe } from '../../src/lib/csv.js';

describe('csvRecord', () => {
  it('quotes only fields with a comma, quote or line break, doubling quotes; ends with CRLF', () => {
    assert.equal(csvRecord(['a', 'b c', '']), 'a,b c,\r\n');
    assert.equal(csvRecord(['x,y', 'say "hi"', 'two\nlines', 'cr\r']), '"x,y","say ""hi""","two\nlines","cr\r"\r\n');
  });

  it('defuses every field a spreadsheet would run as a formula, quoting it where it needs quotes', () => {
    assert.equal(csvRecord(['=1+2', '+1', '-1', '@SUM(A1)', 'ok']), "'=1+2,'+1,'-1,'@SUM(A1),ok\r\n");
    assert.equal(csvRecord(['=HYPERLINK("http://x.example","a,b")']), '"\'=HYPERLINK(""http://x.example"",""a,b"")"\r\n');
    assert.equal(csvRecord(['\tx', '\rx']), '\'\tx,"\'\rx"\r\n');
  });

  it('reads back, with a CSV parser, as the values with an apostrophe before each formula', () => {
    const values = ['=cmd|"/c calc"!A0', 'Berlin, Mitte', 'say "hi"', '-', 'a=b', '', 'two\r\nlines'];
    assert.deepEqual(parse(csvRecord(values)), [values.map(spreadsheetSafe)]);
  });
});

describe('csvLines', () => {
  it('writes each row of cells as one record, header included, through the same guard', async () => {
    async function* rows() {
      yield ['email', '=Name'];
      yield ['+ann@example.net', 'Ann'];
    }
    const lines: string[] = [];
    for await (const line of csvLines(rows())) lines.push(line);
    assert.deepEqual(lines, ["email,'=Name\r\n", "'+ann@example.net,Ann\r\n"]);
  });
});

describe('spreadsheetSafe', () => {
  it('puts an apostrophe before a value a spreadsheet would read as a formula', () => {
    for (const value of ['=SUM(A1)', '+1', '-1', '@cmd', '\tx', '\rx']) assert.equal(spreadsheetSafe(value), `'${value}`);
  });
  it('leaves every other value as it is', () => {
    for (const value of ['', 'a=b', 'ann@example.net', ' =x', "'quoted", '1-2']) assert.equal(spreadsheetSafe(value), value);
  });
});
