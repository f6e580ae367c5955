/**
 * An address written as one string, as other providers' clients write `from` and `to`:
 * `"Name <address>"`, `"\"Doe, Jane\" <address>"` or a bare `"address"`. Pure: the text
 * becomes `{ email, name? }`, or a problem a person can act on. The address is checked as
 * the object form's `email` is (lib/email-address.ts); the name as a display name, which
 * ends up in a header: one line, no control characters, at most MAX_NAME_LENGTH.
 */
import { emailAddressProblem, MAX_EMAIL_LENGTH, recipientAddressProblem } from './email-address.js';

export const MAX_NAME_LENGTH = 200;
/** The longest string form: a quoted name of MAX_NAME_LENGTH (every character escaped), a space, `<address>`. */
export const MAX_MAILBOX_LENGTH = 2 * MAX_NAME_LENGTH + 2 + 1 + MAX_EMAIL_LENGTH + 2;

export type Mailbox = { email: string; name?: string };

/** `recipient`: a message's recipient, whose address may have a non-ASCII local part (SMTPUTF8). */
export function parseMailbox(text: string, kind: 'sender' | 'recipient'): Mailbox | { problem: string } {
  const value = text.trim();
  if (value === '') return { problem: 'must not be empty' };
  let name = '';
  let email = value;
  const open = value.lastIndexOf('<');
  if (value.endsWith('>') && open !== -1) {
    name = value.slice(0, open).trim();
    email = value.slice(open + 1, -1).trim();
    if (name.length >= 2 && name.startsWith('"') && name.endsWith('"')) name = name.slice(1, -1).replace(/\\(.)/g, '$1');
  } else if (/[<>]/.test(value)) {
    return { problem: 'must be "Name <address>" or an address alone; the < and > do not pair up' };
  }
  const addressProblem = kind === 'recipient' ? recipientAddressProblem(email) : emailAddressProblem(email);
  if (addressProblem) return { problem: `the address ${addressProblem}` };
  if (/[\x00-\x08\x0a-\x1f\x7f]/.test(name)) {
    return { problem: /[\r\n]/.test(name) ? 'the name must not contain line breaks (CR or LF)' : 'the name must not contain control characters' };
  }
  if (name.length > MAX_NAME_LENGTH) return { problem: `the name must be at most ${MAX_NAME_LENGTH} characters` };
  return name ? { email, name } : { email };
}

/** What is wrong with a string form, as a field error says it; undefined when it reads as an address. */
export function mailboxProblem(text: string, kind: 'sender' | 'recipient'): string | undefined {
  const parsed = parseMailbox(text, kind);
  return 'problem' in parsed ? `must be an email address or "Name <address>": ${parsed.problem}` : undefined;
}
