import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvRecord, spreadsheetSafe } from '../../src/lib/csv.js';

describe('csvRecord', () => {
  it('quotes only fields with a comma, quote or line break, doubling quotes; ends with CRLF', () => {
    assert.equal(csvRecord(['a', 'b c', '']), 'a,b c,\r\n');
    assert.equal(csvRecord(['x,y', 'say "hi"', 'two\nlines', 'cr\r']), '"x,y","say ""hi""","two\nlines","cr\r"\r\n');
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
