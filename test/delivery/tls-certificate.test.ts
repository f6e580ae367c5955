/**
 * The SMTP submission port's self-signed certificate (src/features/notify/submission/tls-certificate.ts):
 * whatever its random serial, OpenSSL takes the certificate with its key, and reads back the
 * serial, the host name and the validity it was made with. A serial whose first byte is zero
 * (one in 256 random ones) was once written with that byte, which DER forbids; OpenSSL refused
 * it ("illegal padding") and `postwire start` exited at start.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import tls from 'node:tls';
import { describe, it } from 'node:test';
import { selfSignedCertificate } from '../../src/features/notify/submission/tls-certificate.js';

const serials: [string, Buffer][] = [
  ['a leading zero byte', Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex')],
  ['a leading zero before a byte with its top bit set', Buffer.from('00f102030405060708090a0b0c0d0e0f', 'hex')],
  ['several leading zero bytes', Buffer.from('00000000000000000000000000000a0b', 'hex')],
  ['a first byte with its top bit set', Buffer.from('f1020304050607080900a0b0c0d0e0ff', 'hex')],
  ['an ordinary first byte', Buffer.from('5a020304050607080900a0b0c0d0e0ff', 'hex')],
];

describe('self-signed certificate of SMTP submission', () => {
  for (const [what, serial] of serials) {
    it(`with a serial of ${what}: OpenSSL takes it and reads back what it was made with`, () => {
      const now = new Date('2026-11-23T12:00:00Z');
      const { cert, key } = selfSignedCertificate('mail.example.test', now, serial);
      assert.doesNotThrow(() => tls.createSecureContext({ cert, key }), 'a TLS context accepts the pair');
      const x509 = new crypto.X509Certificate(cert);
      assert.equal(BigInt(`0x${x509.serialNumber}`), BigInt(`0x${serial.toString('hex')}`));
      assert.equal(x509.subject, 'CN=mail.example.test');
      assert.equal(new Date(x509.validFrom).toISOString(), now.toISOString());
      assert.ok(x509.checkPrivateKey(crypto.createPrivateKey(key)), 'the key is the certificate’s');
      assert.ok(x509.verify(x509.publicKey), 'signed by its own key');
      assert.equal(x509.publicKey.asymmetricKeyType, 'ec');
      assert.equal(x509.publicKey.asymmetricKeyDetails?.namedCurve, 'prime256v1', 'a P-256 key');
    });
  }
});
