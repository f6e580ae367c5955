/**
 * What Postwire accepts as an email address: the dot-atom form of RFC 5322 that every
 * mail system delivers to, with the RFC 5321 length limits. Quoted local parts, IP
 * literals and comments are refused: no API client needs them and they are a common
 * vehicle for header and command injection.
 *
 * Internationalised domains (`anna@bücher.example`) are accepted and converted to their
 * ASCII form (`xn--bcher-kva.example`) with the platform's IDNA (url.domainToASCII), so
 * DNS, relays and look-ups all see one spelling.
 *
 * A non-ASCII local part (`jürgen@example.net`, RFC 6531) is accepted only where it can be
 * delivered: as a recipient (`recipientAddressProblem`), whose delivery goes only through a
 * server that announces SMTPUTF8 and otherwise fails with that reason (transports/smtp.ts).
 * A From or Reply-To address with one would put UTF-8 in the headers of every copy, which
 * no relay without SMTPUTF8 may carry: refused, saying so.
 */
import { domainToASCII } from 'node:url';

const NON_ASCII = /[^\x00-\x7f]/;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** RFC 6531: the dot-atom of RFC 5322 with any non-ASCII character as atext too (no controls, no spaces). */
const UTF8_LOCAL_PART = /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|[^\x00-\x7f\p{C}\p{Z}])+(?:\.(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|[^\x00-\x7f\p{C}\p{Z}])+)*$/u;
const DOMAIN_LABEL = /^(xn--)?[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const MAX_EMAIL_LENGTH = 254;

/** Returns why `value` is not an acceptable address, or undefined when it is. */
export function emailAddressProblem(value: string): string | undefined {
  return addressProblem(value, false);
}

/**
 * Like `emailAddressProblem`, for a message's recipients: a non-ASCII local part is
 * accepted (it is delivered only through a server that announces SMTPUTF8).
 */
export function recipientAddressProblem(value: string): string | undefined {
  return addressProblem(value, true);
}

function addressProblem(value: string, utf8LocalPart: boolean): string | undefined {
  if (/[\r\n]/.test(value)) return 'must not contain line breaks';
  if (value.length > MAX_EMAIL_LENGTH) return `must be at most ${MAX_EMAIL_LENGTH} characters`;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return 'must be an email address like name@example.com';
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  // RFC 5321 counts octets: a non-ASCII character is two to four of them in UTF-8.
  if (Buffer.byteLength(local) > 64) return 'the part before @ must be at most 64 characters (bytes in UTF-8)';
  if (NON_ASCII.test(local)) {
    if (!utf8LocalPart) {
      return 'the part before @ has non-ASCII characters, which every relay on the way would have to carry (SMTPUTF8); only recipient addresses may have them';
    }
    if (!UTF8_LOCAL_PART.test(local)) return 'the part before @ has characters an address cannot have';
  } else if (!LOCAL_PART.test(local)) return 'the part before @ has characters an address cannot have';
  const ascii = NON_ASCII.test(domain) ? domainToASCII(domain) : domain;
  if (!ascii) return 'the domain is not a valid internationalised host name';
  const labels = ascii.split('.');
  if (labels.length < 2) return 'the domain must have at least two labels, like example.com';
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return 'the domain is not a valid host name';
  if (/^\d+$/.test(labels[labels.length - 1]!)) return 'the domain must not end in a number';
  return undefined;
}

export function isEmailAddress(value: string): boolean {
  return emailAddressProblem(value) === undefined;
}

export function isRecipientAddress(value: string): boolean {
  return recipientAddressProblem(value) === undefined;
}

/** Whether the address needs SMTPUTF8 to be carried: its local part is not ASCII. */
export function needsSmtpUtf8(address: string): boolean {
  const at = address.lastIndexOf('@');
  return NON_ASCII.test(at === -1 ? address : address.slice(0, at));
}

/** The address with an internationalised domain in its ASCII (punycode) form; others unchanged. */
export function withAsciiDomain(value: string): string {
  const at = value.lastIndexOf('@');
  if (at === -1 || !NON_ASCII.test(value.slice(at + 1))) return value;
  return `${value.slice(0, at)}@${domainToASCII(value.slice(at + 1)) || value.slice(at + 1)}`;
}

/** The form used for uniqueness and look-ups: domains are case-insensitive, and so in practice are local parts. */
export function normalizeEmail(value: string): string {
  // NFC: `ü` typed as one character or as u + combining diaeresis is one address.
  return withAsciiDomain(value.trim().normalize('NFC')).toLowerCase();
}
