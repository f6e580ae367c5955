/**
 * Composing a tracked copy, without a database: the copy of one recipient carries its
 * own links and the RFC 8058 headers, composing it again gives the same bytes (a retry
 * after a crash sends what was sent), and a DKIM signature covers List-Unsubscribe and
 * List-Unsubscribe-Post (RFC 8058 §4), as an independent verifier (mailauth) confirms.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { authenticate } from 'mailauth';
import { MessageComposer } from '../../src/delivery/compose.js';
import { deriveTrackingKey, TrackingTokens } from '../../src/lib/tracking-tokens.js';

const DOMAIN = 'signed.example.test';
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'der' },
});
const tokens = new TrackingTokens(deriveTrackingKey('a secret for this test, long enough to be one'));
const composer = new MessageComposer({ domain: DOMAIN, selector: 'pw', privateKey }, undefined, undefined, {
  tokens,
  baseUrl: () => 'https://track.example.test',
});

const message = {
  id: '0193a5b2c4d1e2f3a4b5c6d7',
  account_id: '0193a5b2c4d1e2f3a4b5c6d0',
  from_email: `news@${DOMAIN}`,
  from_name: 'News',
  subject: 'Tracked',
  html_content: '<p>Read <a href="https://example.com/a">this</a>.</p>',
  message_id_header: `<0193a5b2c4d1e2f3a4b5c6d7@${DOMAIN}>`,
  created_at: Date.UTC(2026, 10, 23, 9),
  headers: JSON.stringify({ 'List-Unsubscribe': '<mailto:old@example.com>', 'X-Campaign': 'autumn' }),
  track_opens: 1,
  track_clicks: 1,
  list_unsubscribe: 1,
};
const RECIPIENT = '0193a5b2c4d1e2f3a4b5c6d8';

describe('a tracked copy', () => {
  it('carries its recipient’s links and headers, and composes to the same bytes every time', async () => {
    const to = [{ email: 'ann@example.net', name: 'Ann' }];
    const first = await composer.compose(message, to, undefined, RECIPIENT);
    assert.equal(await composer.compose(message, to, undefined, RECIPIENT), first);
    const unfolded = first.replace(/\r\n[ \t]+/g, ' ');
    const unsubscribe = `https://track.example.test/u/${tokens.sign({ kind: 'unsubscribe', recipientId: RECIPIENT })}`;
    assert.ok(unfolded.includes(`List-Unsubscribe: <${unsubscribe}>`), 'ours replaces the one given in headers');
    assert.ok(!unfolded.includes('mailto:old@example.com'));
    assert.ok(unfolded.includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click'));
    assert.ok(unfolded.includes('X-Campaign: autumn'));
    const other = await composer.compose(message, to, undefined, '0193a5b2c4d1e2f3a4b5c6d9');
    assert.notEqual(other, first, 'another recipient, other tokens');
  });

  it('is DKIM-signed over List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const raw = await composer.compose(message, [{ email: 'ann@example.net', name: 'Ann' }], undefined, RECIPIENT);
    const signature = raw.replace(/\r\n[ \t]+/g, ' ').match(/^DKIM-Signature: .*$/m)?.[0] ?? '';
    const signed = (signature.match(/\bh=([^;]+)/)?.[1] ?? '').replace(/\s/g, '').toLowerCase().split(':');
    assert.ok(signed.includes('list-unsubscribe') && signed.includes('list-unsubscribe-post'), signature);
    const { dkim } = await authenticate(Buffer.from(raw), {
      ip: '127.0.0.1',
      helo: 'relay.example.test',
      mta: 'mx.example.test',
      sender: `news@${DOMAIN}`,
      resolver: async (name: string, type: string) => {
        if (type === 'TXT' && name === `pw._domainkey.${DOMAIN}`) return [[`v=DKIM1; k=rsa; p=${publicKey.toString('base64')}`]];
        throw Object.assign(new Error(`no ${type} for ${name}`), { code: 'ENOTFOUND' });
      },
      disableArc: true,
      disableDmarc: true,
      disableBimi: true,
    });
    assert.equal(dkim.results[0]?.status.result, 'pass', JSON.stringify(dkim.results[0]?.status));
  });
});
