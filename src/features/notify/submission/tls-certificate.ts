/**
 * The certificate of the SMTP submission port's STARTTLS: the operator's files
 * (SMTP_SUBMISSION_TLS_CERT and _KEY), or on the embedded default a self-signed one,
 * generated on first start and kept in DATA_DIR so clients that pinned it keep trusting it.
 *
 * Node can make keys and sign bytes but has no API that issues a certificate, so the
 * self-signed one is written here in DER: an X.509 v3 TBSCertificate (serial, issuer =
 * subject = CN=<host name>, ten years of validity, the public key as node exports it,
 * a subjectAltName naming the host and localhost) signed with ECDSA on P-256 and SHA-256.
 * Only the few ASN.1 shapes that needs are encoded: SEQUENCE, SET, INTEGER, OID, UTF8String,
 * UTCTime/GeneralizedTime, BIT STRING, explicit tags. Mail clients that verify certificates
 * must be told to trust it (docs/smtp.md); most that submit over STARTTLS to a configured
 * host do not verify at all.
 *
 * ECDSA P-256 rather than RSA: its key is made almost at once, where an RSA key's primes are
 * found at random and took a visible part of every first start; TLS clients have taken ECDSA
 * certificates for over a decade. Pairs made before (RSA) stay in use.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_FILES, secureDataDir, writePrivateFile } from '../../../lib/data-dir.js';

export interface TlsCredentials {
  cert: string;
  key: string;
}

function der(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: Buffer;
  if (length < 0x80) header = Buffer.from([tag, length]);
  else {
    const bytes: number[] = [];
    for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
    header = Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([header, content]);
}

const sequence = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]) => der(0x31, Buffer.concat(parts));
const explicit = (n: number, inner: Buffer) => der(0xa0 + n, inner);
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const bitString = (bytes: Buffer) => der(0x03, Buffer.concat([Buffer.from([0]), bytes]));
const octetString = (bytes: Buffer) => der(0x04, bytes);

/**
 * A positive INTEGER from big-endian bytes, in DER's one encoding: no leading zero byte
 * unless the next byte's top bit is set (then the zero keeps the number positive). A random
 * serial starts with a zero byte once in 256; written as it was, OpenSSL refused the
 * certificate ("illegal padding") and `postwire start` exited at start, about once in 512.
 */
function integer(bytes: Uint8Array): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const minimal = Buffer.from(bytes.subarray(start));
  return der(0x02, minimal[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), minimal]) : minimal);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let n = arc >> 7; n > 0; n >>= 7) chunk.unshift(0x80 | (n & 0x7f));
    bytes.push(...chunk);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050 ? der(0x17, Buffer.from(`${iso.slice(2)}Z`)) : der(0x18, Buffer.from(`${iso}Z`));
}

/** ecdsa-with-SHA256 (RFC 5758 §3.2): the AlgorithmIdentifier has no parameters at all. */
const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));

/** A self-signed certificate and its key, both PEM, for `hostName`. */
export function selfSignedCertificate(hostName: string, now = new Date(), serial: Uint8Array = crypto.randomBytes(16)): TlsCredentials {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8(hostName))));
  const dnsNames = [...new Set([hostName, 'localhost'])].map((n) => der(0x82, Buffer.from(n, 'ascii')));
  const loopback = der(0x87, Buffer.from([127, 0, 0, 1]));
  const subjectAltName = sequence(oid('2.5.29.17'), octetString(sequence(...dnsNames, loopback)));
  const notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(serial),
    ECDSA_WITH_SHA256,
    name,
    sequence(time(now), time(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(subjectAltName)),
  );
  // DER-encoded (r, s), what X.509 carries in the BIT STRING (node's default dsaEncoding).
  const signature = crypto.sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ECDSA_WITH_SHA256, bitString(signature));
  const base64 = certificate.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '');
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/**
 * The operator's certificate files when configured; otherwise DATA_DIR's self-signed
 * pair, generated now if this is the first start (the key file readable by its owner only).
 */
export function loadTlsCredentials(options: { certFile: string | undefined; keyFile: string | undefined; dataDir: string; hostName: string }): TlsCredentials {
  if (options.certFile && options.keyFile) {
    return { cert: fs.readFileSync(options.certFile, 'utf8'), key: fs.readFileSync(options.keyFile, 'utf8') };
  }
  const certFile = path.join(options.dataDir, DATA_FILES.submissionCert);
  const keyFile = path.join(options.dataDir, DATA_FILES.submissionKey);
  if (fs.existsSync(certFile) && fs.existsSync(keyFile)) {
    return { cert: fs.readFileSync(certFile, 'utf8'), key: fs.readFileSync(keyFile, 'utf8') };
  }
  const generated = selfSignedCertificate(options.hostName);
  secureDataDir(options.dataDir);
  // Key first: a crash between the two leaves no certificate without its key.
  writePrivateFile(keyFile, generated.key);
  writePrivateFile(certFile, generated.cert);
  return generated;
}
