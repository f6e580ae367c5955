/**
 * Batch validation: each item of POST /notify/v1/send/batch is checked on its own with the
 * send route's own schema, key renaming and misspelt-field hints, so one bad message is
 * refused alone, with its field errors, while the others are accepted.
 */
import type { ErrorObject } from 'ajv';
import { AppError } from '../../../errors.js';
import { nearMissFields } from '../../../http/near-miss-fields.js';
import { toFieldErrors, withRequiredRule } from '../../../http/validation.js';
import { caseInsensitiveKeys } from '../../../lib/case-insensitive-keys.js';
import { SendBody, type SendRequest } from './messages.schemas.js';
import { missingContentFields } from './messages.send-options.js';

const validateSendBody = withRequiredRule(missingContentFields)({ schema: SendBody, httpPart: 'body', method: 'POST', url: '/notify/v1/send/batch' }) as ((
  data: unknown,
) => boolean) & { errors?: ErrorObject[] | null };
const renameSendBodyKeys = caseInsensitiveKeys(SendBody);
const misspeltSendFields = nearMissFields(SendBody);

/** One batch item as a send body, or its field errors (paths under `body`). */
export function checkBatchItem(item: unknown): SendRequest {
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    throw AppError.field('body', 'must be an object, like the body of POST /notify/v1/send');
  const message = renameSendBodyKeys(item);
  const misspelt = misspeltSendFields(message);
  if (misspelt.length) throw AppError.validation(misspelt);
  if (!validateSendBody(message)) throw AppError.validation(toFieldErrors(validateSendBody.errors ?? [], 'body'));
  return message as SendRequest;
}
