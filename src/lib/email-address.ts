/**
 * What Postwire accepts as an email address: the dot-atom form of RFC 5322 that every
 * mail system delivers to, with the RFC 5321 length limits. Quoted local parts, IP
 * literals and comments are refused: no API client needs them and they are a common
 * vehicle for header and command injection.
 *
 * Internationalised domains (`anna@bücher.example`) are accepted and converted to their
 * ASCII form (`xn--bcher-kva.example`) with the platform's IDNA (url.domainToASCII), so
 * DNS, relays and look-ups all see one spelling. A non-ASCII local part needs SMTPUTF8 all
 * the way to the mailbox, which delivery does not negotiate yet: refused, saying so.
 */
import { domainToASCII } from 'node:url';

const NON_ASCII = /[^\x00-\x7f]/;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^(xn--)?[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const MAX_EMAIL_LENGTH = 254;

/** Returns why `value` is not an acceptable address, or undefined when it is. */
export function emailAddressProblem(value: string): string | undefined {
  if (/[\r\n]/.test(value)) return 'must not contain line breaks';
  if (value.length > MAX_EMAIL_LENGTH) return `must be at most ${MAX_EMAIL_LENGTH} characters`;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return 'must be an email address like name@example.com';
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64) return 'the part before @ must be at most 64 characters';
  if (NON_ASCII.test(local)) return 'the part before @ has non-ASCII characters, which need SMTPUTF8; Postwire does not deliver to such addresses yet';
  if (!LOCAL_PART.test(local)) return 'the part before @ has characters an address cannot have';
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

/** The address with an internationalised domain in its ASCII (punycode) form; others unchanged. */
export function withAsciiDomain(value: string): string {
  const at = value.lastIndexOf('@');
  if (at === -1 || !NON_ASCII.test(value.slice(at + 1))) return value;
  return `${value.slice(0, at)}@${domainToASCII(value.slice(at + 1)) || value.slice(at + 1)}`;
}

/** The form used for uniqueness and look-ups: domains are case-insensitive, and so in practice are local parts. */
export function normalizeEmail(value: string): string {
  return withAsciiDomain(value.trim()).toLowerCase();
}
