/**
 * The one error type of Postwire. Services throw `AppError` with a code from the
 * catalogue below; the single error handler in `http/error-handler.ts` turns it into
 * the response envelope. Nothing else decides a failure's HTTP status.
 */

export const ERROR_CATALOGUE = {
  validation_failed: 400,
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface FieldError {
  /** Path of the offending field in the request, e.g. `to[0].email`. */
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options: { fieldErrors?: FieldError[]; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code];
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }

  static validation(fieldErrors: FieldError[]): AppError {
    const first = fieldErrors[0];
    const summary =
      fieldErrors.length === 1 && first ? `${first.field}: ${first.message}` : `${fieldErrors.length} fields are invalid; see resultObject.errors`;
    return new AppError('validation_failed', `The request is not valid. ${summary}`, { fieldErrors });
  }

  static field(field: string, message: string): AppError {
    return AppError.validation([{ field, message }]);
  }

  static notFound(what: string): AppError {
    return new AppError('not_found', `${what} was not found.`);
  }

  /** The resource existed and was removed on purpose (a message body cleared by retention): 410, not a 404 that would say it never was. */
  static gone(message: string): AppError {
    return new AppError('gone', message);
  }

  static unauthorized(message = 'A valid Bearer token is required.'): AppError {
    return new AppError('unauthorized', message, { headers: { 'www-authenticate': 'Bearer' } });
  }
}
