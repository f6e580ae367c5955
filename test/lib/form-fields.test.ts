import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unflattenFields } from '../../src/lib/form-fields.js';

const form = (query: string) => unflattenFields(new URLSearchParams(query));
/** Compares as JSON would see it (the result's objects may have no prototype). */
const same = (actual: unknown, expected: unknown) => assert.deepEqual(JSON.parse(JSON.stringify(actual)), expected);

describe('unflattenFields', () => {
  it('keeps flat fields as they are', () => {
    same(form('EmailAddress=a%40example.com&Password=p%20w'), { EmailAddress: 'a@example.com', Password: 'p w' });
  });

  it('nests with brackets and with dots alike', () => {
    same(form('from[email]=a%40x.co&from[name]=Shop'), { from: { email: 'a@x.co', name: 'Shop' } });
    same(form('from.email=a%40x.co&from.name=Shop'), { from: { email: 'a@x.co', name: 'Shop' } });
    same(form('a[b][c]=1&a.b.d=2&a[e].f=3'), { a: { b: { c: '1', d: '2' }, e: { f: '3' } } });
  });

  it('builds arrays from numeric indexes, in either spelling', () => {
    same(form('to[0][email]=a%40x.co&to[1][email]=b%40x.co&to[1][name]=B'), { to: [{ email: 'a@x.co' }, { email: 'b@x.co', name: 'B' }] });
    same(form('to[0].email=a%40x.co&to[1].email=b%40x.co'), { to: [{ email: 'a@x.co' }, { email: 'b@x.co' }] });
    same(form('to.0.email=a%40x.co'), { to: [{ email: 'a@x.co' }] });
  });

  it('orders array items by index and drops holes', () => {
    same(form('to[2][email]=c&to[0][email]=a'), { to: [{ email: 'a' }, { email: 'c' }] });
    same(form('to[5]=x'), { to: ['x'] });
  });

  it('appends with empty brackets', () => {
    same(form('tags[]=a&tags[]=b&tags[]=c'), { tags: ['a', 'b', 'c'] });
  });

  it('turns a repeated plain key into a list', () => {
    same(form('to=a&to=b'), { to: ['a', 'b'] });
    same(form('to=a&to=b&to=c'), { to: ['a', 'b', 'c'] });
    same(form('x[y]=1&x[y]=2'), { x: { y: ['1', '2'] } });
  });

  it('lets the later value of a repeated index win', () => {
    same(form('to[0]=a&to[0]=b'), { to: ['b'] });
  });

  it('drops a named key under an array and an index beyond the limit', () => {
    same(form('to[0]=a&to[x]=b'), { to: ['a'] });
    const big = form('to[]=a&to[99999]=b') as { to: unknown[] };
    assert.deepEqual(big.to, ['a']);
  });

  it('returns plain objects (with the normal prototype)', () => {
    const result = form('from[email]=a&to[0][email]=b') as any;
    assert.equal(Object.getPrototypeOf(result), Object.prototype);
    assert.equal(Object.getPrototypeOf(result.from), Object.prototype);
    assert.ok(Array.isArray(result.to));
  });

  it('never lets __proto__, constructor or prototype reach a prototype chain', () => {
    const result = form(
      '__proto__[polluted]=1&a[__proto__][polluted]=2&constructor[prototype][polluted]=3&b.__proto__.polluted=4&c[constructor][prototype][polluted]=5&ok=yes',
    ) as any;
    assert.equal(({} as any).polluted, undefined);
    assert.equal((Object.prototype as any).polluted, undefined);
    assert.equal(result.polluted, undefined);
    assert.equal(result.ok, 'yes');
    for (const value of Object.values(result)) {
      if (value && typeof value === 'object') assert.equal((value as any).polluted, undefined);
    }
    assert.equal(Object.hasOwn(result, '__proto__'), false);
    assert.equal(Object.getPrototypeOf(result), Object.prototype);
  });

  it('keeps non-string values (multipart files) intact', () => {
    const file = { filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('hello') };
    const result = unflattenFields([
      ['attachments[0]', file],
      ['subject', 'Hi'],
    ]) as any;
    assert.equal(result.subject, 'Hi');
    assert.equal(result.attachments.length, 1);
    assert.equal(result.attachments[0].filename, 'a.txt');
    assert.ok(Buffer.isBuffer(result.attachments[0].content), 'the file content stays a Buffer');
    assert.equal(result.attachments[0].content.toString(), 'hello');
  });

  it('accepts an empty input', () => {
    same(unflattenFields([]), {});
  });
});
