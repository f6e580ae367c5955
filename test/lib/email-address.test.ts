import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  emailAddressProblem,
  isEmailAddress,
  isRecipientAddress,
  MAX_EMAIL_LENGTH,
  needsSmtpUtf8,
  normalizeEmail,
  recipientAddressProblem,
} from '../../src/lib/email-address.js';

describe('emailAddressProblem', () => {
  const valid = [
    'a@example.com',
    'first.last@example.co.uk',
    'user+tag@sub.example.org',
    "o'brien@example.ie",
    'x_y-z@ex-ample.com',
    'UPPER@EXAMPLE.COM',
    'a@xn--bcher-kva.example',
    "!#$%&'*+/=?^_`{|}~-@example.com",
    '1@2.example',
    'admin@postwire.local',
    'anna@bücher.example',
    'info@Müller.Example',
    'a@例え.テスト',
  ];
  for (const address of valid) {
    it(`accepts ${address}`, () => {
      assert.equal(emailAddressProblem(address), undefined);
      assert.equal(isEmailAddress(address), true);
    });
  }

  const invalid: [string, RegExp][] = [
    ['', /email address/],
    ['plainaddress', /email address/],
    ['@example.com', /email address/],
    ['user@', /email address/],
    ['user@localhost', /two labels/],
    ['user@example', /two labels/],
    ['a@b@example.com', /before @/],
    ['.a@example.com', /before @/],
    ['a.@example.com', /before @/],
    ['a..b@example.com', /before @/],
    ['a b@example.com', /before @/],
    ['"quoted"@example.com', /before @/],
    ['(comment)a@example.com', /before @/],
    ['a@[127.0.0.1]', /domain/],
    ['a@-example.com', /domain/],
    ['a@example-.com', /domain/],
    ['a@exa_mple.com', /domain/],
    ['a@example..com', /domain/],
    ['a@example.com.', /domain/],
    ['a@.example.com', /domain/],
    ['a@example.123', /number/],
    ['a@1.2.3.4', /number/],
    ['ünï@example.com', /before @ has non-ASCII characters, which every relay on the way would have to carry \(SMTPUTF8\); only recipient addresses/],
    ['a@bü cher.example', /domain is not a valid internationalised host name/],
    ['a@bü_cher.example', /domain/],
    [' a@example.com', /before @/],
    ['a@example.com ', /domain/],
  ];
  for (const [address, why] of invalid) {
    it(`rejects ${JSON.stringify(address)}`, () => {
      const problem = emailAddressProblem(address);
      assert.ok(problem, 'expected a problem');
      assert.match(problem, why);
      assert.equal(isEmailAddress(address), false);
    });
  }

  it('rejects CR and LF anywhere (header injection)', () => {
    for (const address of ['a@example.com\r\nBcc: x@evil.com', 'a\n@example.com', 'a@exa\rmple.com', '\na@example.com', 'a@example.com\n']) {
      assert.equal(emailAddressProblem(address), 'must not contain line breaks', JSON.stringify(address));
    }
  });

  it('rejects other control characters', () => {
    for (const address of ['a\t@example.com', 'a\0@example.com', 'a@exam\u0007ple.com']) assert.ok(emailAddressProblem(address), JSON.stringify(address));
  });

  it('limits the whole address to 254 characters', () => {
    const label = 'a'.repeat(63);
    const domain = `${label}.${label}.${label}.com`; // 196 characters
    const fits = `${'b'.repeat(MAX_EMAIL_LENGTH - domain.length - 1)}@${domain}`;
    assert.equal(fits.length, 254);
    assert.equal(emailAddressProblem(fits), undefined);
    const tooLong = `${'b'.repeat(MAX_EMAIL_LENGTH - domain.length)}@${domain}`;
    assert.equal(tooLong.length, 255);
    assert.match(emailAddressProblem(tooLong)!, /at most 254/);
  });

  it('limits the local part to 64 characters', () => {
    assert.equal(emailAddressProblem(`${'a'.repeat(64)}@example.com`), undefined);
    assert.match(emailAddressProblem(`${'a'.repeat(65)}@example.com`)!, /at most 64/);
  });

  it('limits a domain label to 63 characters', () => {
    assert.equal(emailAddressProblem(`a@${'b'.repeat(63)}.com`), undefined);
    assert.match(emailAddressProblem(`a@${'b'.repeat(64)}.com`)!, /domain/);
  });

  it('returns a sentence fragment a person can act on', () => {
    assert.equal(emailAddressProblem('nope'), 'must be an email address like name@example.com');
  });
});

describe('normalizeEmail', () => {
  it('trims and lowercases', () => {
    assert.equal(normalizeEmail('  Someone@Example.COM '), 'someone@example.com');
  });

  it('turns an internationalised domain into its ASCII form, so both spellings are one address', () => {
    assert.equal(normalizeEmail('Anna@Bücher.example'), 'anna@xn--bcher-kva.example');
    assert.equal(normalizeEmail('anna@xn--bcher-kva.example'), 'anna@xn--bcher-kva.example');
  });

  describe('recipients (SMTPUTF8, RFC 6531)', () => {
    it('accept a non-ASCII part before @, and need SMTPUTF8 for it', () => {
      for (const address of ['jürgen@example.net', 'ünï.çødé@bücher.example', '用户@例子.广告', 'δοκιμή@example.com']) {
        assert.equal(recipientAddressProblem(address), undefined, address);
        assert.equal(isRecipientAddress(address), true, address);
        assert.equal(needsSmtpUtf8(address), true, address);
      }
      assert.equal(needsSmtpUtf8('anna@bücher.example'), false, 'a Unicode domain goes as punycode');
      assert.equal(needsSmtpUtf8('ann@example.net'), false);
    });

    it('still refuse what no address may have, in any script', () => {
      for (const address of [
        'jü rgen@example.net',
        'jü..rgen@example.net',
        'jürgen\u0000@example.net',
        'jü\u2028rgen@example.net',
        `${'ü'.repeat(33)}@example.net`,
      ]) {
        assert.ok(recipientAddressProblem(address), JSON.stringify(address));
      }
      assert.match(recipientAddressProblem(`${'ü'.repeat(33)}@example.net`)!, /at most 64 characters \(bytes in UTF-8\)/);
    });

    it('are one address however ü is typed (NFC)', () => {
      assert.equal(normalizeEmail('j\u0075\u0308rgen@Example.net'), normalizeEmail('J\u00fcrgen@example.net'));
    });
  });
});
