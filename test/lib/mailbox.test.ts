/** The string form of an address (lib/mailbox.ts): what it reads, and what it refuses, with which words. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_NAME_LENGTH, mailboxProblem, parseMailbox } from '../../src/lib/mailbox.js';

describe('parseMailbox', () => {
  it('reads "Name <address>", a quoted name, an empty name and the address alone', () => {
    assert.deepEqual(parseMailbox('Ann Example <ann@example.net>', 'sender'), { email: 'ann@example.net', name: 'Ann Example' });
    assert.deepEqual(parseMailbox('  "Doe, Jane" <jane@example.net> ', 'sender'), { email: 'jane@example.net', name: 'Doe, Jane' });
    assert.deepEqual(parseMailbox('"Say \\"hi\\"" <hi@example.net>', 'sender'), { email: 'hi@example.net', name: 'Say "hi"' });
    assert.deepEqual(parseMailbox('<bare@example.net>', 'sender'), { email: 'bare@example.net' });
    assert.deepEqual(parseMailbox('bob@example.net', 'sender'), { email: 'bob@example.net' });
  });

  it('takes a non-ASCII part before @ for a recipient only', () => {
    assert.deepEqual(parseMailbox('Jürgen <jürgen@example.net>', 'recipient'), { email: 'jürgen@example.net', name: 'Jürgen' });
    assert.match(mailboxProblem('jürgen@example.net', 'sender')!, /non-ASCII/);
  });

  it('refuses what is no address, unpaired brackets, a name that would inject a header, an over-long name', () => {
    for (const text of ['', '   ', 'not an address', 'Ann <ann>', 'Ann <ann@example.net', 'ann@example.net>', 'Ann <a b@example.net>']) {
      assert.match(mailboxProblem(text, 'recipient') ?? '', /^must be an email address or "Name <address>"/, text);
    }
    assert.match(mailboxProblem('Ann\r\nBcc: victim@example.org <ann@example.net>', 'recipient')!, /line breaks/);
    assert.match(mailboxProblem('Ann\u0000 <ann@example.net>', 'recipient')!, /control characters/);
    assert.equal(mailboxProblem(`${'n'.repeat(MAX_NAME_LENGTH)} <ann@example.net>`, 'recipient'), undefined);
    assert.match(mailboxProblem(`${'n'.repeat(MAX_NAME_LENGTH + 1)} <ann@example.net>`, 'recipient')!, /at most 200/);
  });
});
