import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from 'typebox';
import { caseInsensitiveKeys } from '../../src/lib/case-insensitive-keys.js';

const TokenRequest = Type.Object({ EmailAddress: Type.String(), Password: Type.String() });
const SendBody = Type.Object({
  from: Type.Object({ email: Type.String(), name: Type.Optional(Type.String()) }),
  to: Type.Array(Type.Object({ email: Type.String(), name: Type.Optional(Type.String()) })),
  subject: Type.String(),
  htmlContent: Type.String(),
  replyTo: Type.Optional(Type.Union([Type.Object({ email: Type.String() }), Type.Null()])),
});

describe('caseInsensitiveKeys', () => {
  const token = caseInsensitiveKeys(TokenRequest as any);
  const send = caseInsensitiveKeys(SendBody as any);

  it('renames keys to the spelling of the schema', () => {
    assert.deepEqual(token({ emailaddress: 'a@x.co', PASSWORD: 'p' }), { EmailAddress: 'a@x.co', Password: 'p' });
    assert.deepEqual(token({ emailAddress: 'a@x.co', password: 'p' }), { EmailAddress: 'a@x.co', Password: 'p' });
  });

  it('leaves correctly spelled keys and unknown keys alone', () => {
    assert.deepEqual(token({ EmailAddress: 'a', Password: 'p', Extra: 1 }), { EmailAddress: 'a', Password: 'p', Extra: 1 });
  });

  it('lets an exact-case key win over a differently cased duplicate, in any order', () => {
    assert.deepEqual(token({ emailaddress: 'lower', EmailAddress: 'exact', Password: 'p' }), { EmailAddress: 'exact', Password: 'p' });
    assert.deepEqual(token({ EmailAddress: 'exact', EMAILADDRESS: 'upper', Password: 'p' }), { EmailAddress: 'exact', Password: 'p' });
  });

  it('recurses into nested objects and array items', () => {
    const body = { FROM: { EMAIL: 'a@x.co', Name: 'A' }, To: [{ Email: 'b@x.co' }, { eMaIl: 'c@x.co', NAME: 'C' }], Subject: 's', htmlcontent: '<p>' };
    assert.deepEqual(send(body), {
      from: { email: 'a@x.co', name: 'A' },
      to: [{ email: 'b@x.co' }, { email: 'c@x.co', name: 'C' }],
      subject: 's',
      htmlContent: '<p>',
    });
  });

  it('follows an anyOf with an object branch (nullable objects)', () => {
    assert.deepEqual(send({ replyto: { EMAIL: 'r@x.co' } }), { replyTo: { email: 'r@x.co' } });
    assert.deepEqual(send({ REPLYTO: null }), { replyTo: null });
  });

  it('passes through values that are not objects', () => {
    assert.equal(token('text'), 'text');
    assert.equal(token(null), null);
    assert.equal(token(42), 42);
    assert.deepEqual(send({ to: 'not an array' }), { to: 'not an array' });
    assert.deepEqual(send({ from: ['x'] }), { from: ['x'] });
  });

  it('does not mutate its input', () => {
    const body = { emailaddress: 'a', password: 'p' };
    token(body);
    assert.deepEqual(body, { emailaddress: 'a', password: 'p' });
  });

  it('never lets a __proto__ key give the result a prototype with fields', () => {
    const body = JSON.parse('{"__proto__": {"Password": "inherited", "polluted": true}, "emailAddress": "a"}');
    const result = token(body) as any;
    assert.equal(result.EmailAddress, 'a');
    assert.equal(result.Password, undefined, 'an inherited Password would pass a required check');
    assert.equal(result.polluted, undefined);
    assert.equal(Object.getPrototypeOf(result), Object.prototype);
    assert.equal(({} as any).polluted, undefined);
  });

  it('treats keys named like Object.prototype members as ordinary keys', () => {
    assert.deepEqual(token({ constructor: { EmailAddress: 'x' }, toString: 'y', Password: 'p' }), {
      constructor: { EmailAddress: 'x' },
      toString: 'y',
      Password: 'p',
    });
  });
});
