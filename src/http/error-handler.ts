/**
 * The one place a failure becomes a response: every error, whether an AppError from a
 * service, a validation failure, a framework error (bad JSON, body too large, unknown
 * content type) or a bug, leaves as the envelope with the right status. 5xx responses
 * never show internals; they name the request id that the log line carries.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { StorageHealth } from '../db/storage-health.js';
import { AppError, type ErrorCode } from '../errors.js';
import { failure } from './envelope.js';
import type { MethodsOfPath } from './method-not-allowed.js';
import { toFieldErrors } from './validation.js';

/** Framework errors a client caused, mapped to our codes and sentences. */
function fromFrameworkError(error: FastifyError, bodyLimit: number): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', `The request body is larger than the limit of ${bodyLimit} bytes.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        'unsupported_media_type',
        'This Content-Type is not supported; send application/json, application/x-www-form-urlencoded or multipart/form-data.',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('bad_request', 'The Content-Length header does not match the body.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('bad_request', 'The multipart body is malformed.');
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return AppError.field(
      'body',
      `is not valid JSON (${error.message.replace(/^Body is not valid JSON but content-type is set to 'application\/json'$/, 'parse error')})`,
    );
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code: ErrorCode =
      status === 404
        ? 'not_found'
        : status === 413
          ? 'payload_too_large'
          : status === 415
            ? 'unsupported_media_type'
            : status === 429
              ? 'rate_limited'
              : 'bad_request';
    return new AppError(code, error.message || 'The request was not accepted.');
  }
  return undefined;
}

/**
 * busboy reports a malformed multipart body (no boundary, a body cut short, no closing
 * boundary) as a plain Error without a code; on a multipart request that is the client's fault.
 */
function isMalformedMultipart(error: FastifyError): boolean {
  return !error.code && !error.statusCode && /multipart|boundary/i.test(error.message ?? '');
}

export function registerErrorHandler(app: FastifyInstance, options: { bodyLimit: number; methodsOfPath?: MethodsOfPath; storage?: StorageHealth }): void {
  const { storage } = options;
  if (storage) {
    // A request that changed something and succeeded wrote to the database: there is room again.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 300) storage.written();
    });
  }
  app.setErrorHandler((raw: FastifyError | AppError, request, reply) => {
    let error: AppError | undefined;
    if (raw instanceof AppError) {
      error = raw;
    } else if ((raw as FastifyError).validation) {
      const fe = raw as FastifyError;
      error = AppError.validation(toFieldErrors(fe.validation as any, fe.validationContext));
    } else if (request.isMultipart() && isMalformedMultipart(raw as FastifyError)) {
      error = new AppError('bad_request', 'The multipart body is malformed.');
    } else {
      error = fromFrameworkError(raw as FastifyError, options.bodyLimit) ?? storage?.answerFor(raw);
    }

    if (!error || error.status >= 500) {
      request.log.error({ err: raw, reqId: request.id }, 'request failed');
      const status = error?.status ?? 500;
      const message = status === 503 && error ? error.message : `The server met an unexpected condition. Quote request id ${request.id} when reporting it.`;
      if (error?.headers) reply.headers(error.headers);
      return reply.status(status).header('x-request-id', request.id).send(failure(status, message));
    }
    if (error.headers) reply.headers(error.headers);
    const details = error.fieldErrors ? { errors: error.fieldErrors } : null;
    return reply.status(error.status).send(failure(error.status, error.message, details));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = options.methodsOfPath?.(path) ?? [];
    if (allowed.length) {
      reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send(failure(405, `${request.method} is not allowed on ${path}; it answers ${allowed.join(', ')}.`));
      return;
    }
    reply.status(404).send(failure(404, `No endpoint matches ${request.method} ${path}.`));
  });
}
