/**
 * The string forms of a send's addresses, as other providers' clients write them:
 * `from`, `replyTo`, and each of `to`, `cc` and `bcc` may be `"Name <address>"` or a bare
 * `"address"` instead of `{ email, name }`, and `to` may be one such string instead of an
 * array. The schema's `mailbox` formats have already refused strings that are not
 * addresses (with the same words, naming `from`, `to`, `to[1]`, `cc[0]`); this turns the
 * rest into objects, and says the same for a string that reaches it unchecked.
 */
import { AppError, type FieldError } from '../../../errors.js';
import { mailboxProblem, parseMailbox, type Mailbox } from '../../../lib/mailbox.js';
import type { SendBody, SendRequest } from './messages.schemas.js';

function mailbox(value: string, kind: 'sender' | 'recipient', field: string, errors: FieldError[]): Mailbox {
  const parsed = parseMailbox(value, kind);
  if ('problem' in parsed) {
    errors.push({ field, message: mailboxProblem(value, kind)! });
    return { email: value };
  }
  return parsed;
}

function each<T extends object>(list: readonly (T | string)[] | undefined, field: string, errors: FieldError[]): (T | Mailbox)[] | undefined {
  return list?.map((item, i) => (typeof item === 'string' ? mailbox(item, 'recipient', `${field}[${i}]`, errors) : item));
}

/** The body with every address as an object; throws the field errors of strings that are not addresses. */
export function addressObjects(body: SendRequest): SendBody {
  const { from, to, cc, bcc, replyTo } = body;
  // The usual body (objects only) is handed on as it is: nothing to copy on the send path.
  if (typeof from !== 'string' && Array.isArray(to) && !to.some(isString) && !cc?.some(isString) && !bcc?.some(isString) && typeof replyTo !== 'string')
    return body as SendBody;
  const errors: FieldError[] = [];
  const addressed = {
    ...body,
    from: typeof from === 'string' ? mailbox(from, 'sender', 'from', errors) : from,
    to: typeof to === 'string' ? [mailbox(to, 'recipient', 'to', errors)] : each(to, 'to', errors),
    ...(cc ? { cc: each(cc, 'cc', errors) } : {}),
    ...(bcc ? { bcc: each(bcc, 'bcc', errors) } : {}),
    ...(replyTo !== undefined ? { replyTo: typeof replyTo === 'string' ? mailbox(replyTo, 'sender', 'replyTo', errors) : replyTo } : {}),
  };
  if (errors.length) throw AppError.validation(errors);
  return addressed as SendBody;
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** Where a field of the object form was in the request: `from.email` of a string `from` is `from`, `to[0].email` of a string `to` is `to`. */
function requestField(field: string, request: SendRequest): string {
  const single = /^(from|replyTo)\.(email|name)$/.exec(field);
  if (single) return typeof request[single[1] as 'from' | 'replyTo'] === 'string' ? single[1]! : field;
  const listed = /^(to|cc|bcc)\[(\d+)\]\.(email|name)$/.exec(field);
  if (!listed) return field;
  const list = request[listed[1] as 'to' | 'cc' | 'bcc'];
  if (typeof list === 'string') return listed[1]!;
  return typeof list?.[Number(listed[2])] === 'string' ? `${listed[1]}[${listed[2]}]` : field;
}

/**
 * A field error found after the string forms became objects (the From address is not a
 * sender of the account…), named as the request wrote the field; any other error as it is.
 */
export function inRequestTerms(error: unknown, request: SendRequest): unknown {
  if (!(error instanceof AppError) || error.code !== 'validation_failed' || !error.fieldErrors) return error;
  const fieldErrors = error.fieldErrors.map((e) => ({ ...e, field: requestField(e.field, request) }));
  return fieldErrors.every((e, i) => e.field === error.fieldErrors![i]!.field) ? error : AppError.validation(fieldErrors);
}
