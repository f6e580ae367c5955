/** Request bodies in the specification's other two content types, and reading validation failures. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';

type Fields = Record<string, string> | [string, string][];

function pairsOf(fields: Fields): [string, string][] {
  return Array.isArray(fields) ? fields : Object.entries(fields);
}

export function formBody(fields: Fields): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(pairsOf(fields)).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export function multipartBody(fields: Fields): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----postwire${randomBytes(8).toString('hex')}`;
  let text = '';
  for (const [name, value] of pairsOf(fields)) {
    text += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  text += `--${boundary}--\r\n`;
  return { payload: Buffer.from(text, 'utf8'), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The field names of a validation failure's resultObject. */
export function errorFields(body: any): string[] {
  assert.ok(body.resultObject && Array.isArray(body.resultObject.errors), `expected resultObject.errors, got ${JSON.stringify(body.resultObject)}`);
  return body.resultObject.errors.map((e: { field: string }) => e.field);
}
