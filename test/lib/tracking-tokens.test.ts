import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deriveTrackingKey, TrackingTokens } from '../../src/lib/tracking-tokens.js';

const tokens = new TrackingTokens(deriveTrackingKey('an installation secret of enough length, 32+'));
const other = new TrackingTokens(deriveTrackingKey('another installation secret, also long enough'));
const RECIPIENT = '0193a5b2c4d1e2f3a4b5c6d7';

describe('tracking tokens', () => {
  it('carry the kind, the recipient and a click link index, and read back', () => {
    assert.deepEqual(tokens.verify(tokens.sign({ kind: 'open', recipientId: RECIPIENT })), { kind: 'open', recipientId: RECIPIENT });
    assert.deepEqual(tokens.verify(tokens.sign({ kind: 'unsubscribe', recipientId: RECIPIENT })), { kind: 'unsubscribe', recipientId: RECIPIENT });
    for (const linkIndex of [0, 1, 7, 65535]) {
      assert.deepEqual(tokens.verify(tokens.sign({ kind: 'click', recipientId: RECIPIENT, linkIndex })), { kind: 'click', recipientId: RECIPIENT, linkIndex });
    }
  });

  it('are compact and URL-safe, and the same claim always gives the same token (deterministic composition)', () => {
    const open = tokens.sign({ kind: 'open', recipientId: RECIPIENT });
    assert.equal(open.length, 39);
    assert.equal(tokens.sign({ kind: 'click', recipientId: RECIPIENT, linkIndex: 3 }).length, 42);
    assert.match(open, /^[A-Za-z0-9_-]+$/);
    assert.equal(tokens.sign({ kind: 'open', recipientId: RECIPIENT }), open);
    assert.notEqual(tokens.sign({ kind: 'open', recipientId: '0193a5b2c4d1e2f3a4b5c6d8' }), open);
  });

  it('refuses every altered byte, another key, other lengths and junk', () => {
    const token = tokens.sign({ kind: 'click', recipientId: RECIPIENT, linkIndex: 2 });
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const altered = Buffer.from(bytes);
      altered[i] = altered[i]! ^ 0x01;
      assert.equal(tokens.verify(altered.toString('base64url')), undefined, `byte ${i} altered`);
    }
    assert.equal(other.verify(token), undefined);
    assert.equal(tokens.verify(token.slice(0, -1)), undefined);
    assert.equal(tokens.verify(`${token}A`), undefined);
    for (const junk of ['', 'x', '!!!!', 'a'.repeat(65), 'b2s', `${token}=`]) assert.equal(tokens.verify(junk), undefined, junk);
  });

  it('refuses to sign what is not a recipient id or a link index', () => {
    assert.throws(() => tokens.sign({ kind: 'open', recipientId: 'not-an-id' }));
    assert.throws(() => tokens.sign({ kind: 'click', recipientId: RECIPIENT, linkIndex: 65536 }));
  });
});
