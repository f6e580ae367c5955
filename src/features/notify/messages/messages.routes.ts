/** HTTP for sending and for the message log. */
import type { FastifyRequest } from 'fastify';
import type { TypedApp } from '../../../http/typed-app.js';
import { Type } from 'typebox';
import { AttachmentParams, DOWNLOAD_ANSWER, DOWNLOAD_PRODUCES, sendDownload } from '../../../http/download.js';
import { EnvelopeSchema, ErrorResponse, ListSchema, success } from '../../../http/envelope.js';
import { IdParams } from '../../../http/resource.js';
import { withRequiredRule } from '../../../http/validation.js';
import { BatchBody, BatchResult, Message, MessageDetail, MessagesQuery, ScheduleCancelResult, SendBody, SendResult } from './messages.schemas.js';
import type { MessagesService } from './messages.service.js';
import { missingContentFields } from './messages.send-options.js';

const security = [{ bearerAuth: [] }];
const OUT_OF_CREDITS = ErrorResponse('BILLING=credits and the balance is smaller than the credits the send needs (one per recipient); nothing was sent.');

const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description:
        'Makes retrying safe: the first answer is stored for 24 hours and replayed (with `Idempotent-Replayed: true`) for a repeat with the same body; the same key with another body is a 409.',
    }),
  ),
});

const RawQuery = Type.Object({
  recipientId: Type.Optional(Type.String({ description: 'The recipient whose copy to show (GET /notify/v1/messages/{id} lists their ids).' })),
});

/**
 * Multipart requests carry attachments as file parts (named `attachments`, or
 * `attachments[0]`…), which arrive as `{ filename, contentType, content: Buffer }`; the
 * schema takes JSON's base64 text, so the bytes are encoded here, before validation.
 */
async function attachmentFilesToBase64(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!request.isMultipart() || body === null || typeof body !== 'object' || !('attachments' in body) || body.attachments === undefined) return;
  const files: unknown[] = Array.isArray(body.attachments) ? body.attachments : [body.attachments];
  body.attachments = files.map((file) =>
    file !== null && typeof file === 'object' && 'content' in file && Buffer.isBuffer(file.content)
      ? { ...file, content: file.content.toString('base64') }
      : file,
  );
}

export function registerMessageRoutes(app: TypedApp, messages: MessagesService): void {
  app.post(
    '/notify/v1/send',
    {
      schema: {
        tags: ['Send'],
        security,
        summary: 'Send a transactional email',
        description:
          'Answers 200 only once the message and one queue row per recipient are durably stored; delivery happens in the background. ' +
          'Beyond the specified from/to/subject/htmlContent: cc, bcc, replyTo, textContent, headers, tags, metadata, attachments (JSON base64, or file parts ' +
          'named `attachments` in a multipart request), scheduledAt, templateId with params, customFields. See docs/sending.md.',
        headers: IdempotencyHeaders,
        body: SendBody,
        response: { 200: EnvelopeSchema(SendResult), 402: OUT_OF_CREDITS },
      },
      preValidation: attachmentFilesToBase64,
      validatorCompiler: withRequiredRule(missingContentFields),
    },
    async (request, reply) => {
      const { result, replayed } = await messages.send(request.principal, request.body, request.headers['idempotency-key']);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return success(result, 200, 'The message was accepted for delivery.');
    },
  );

  app.post(
    '/notify/v1/send/batch',
    {
      schema: {
        tags: ['Send'],
        security,
        summary: 'Send up to 500 messages in one request',
        description:
          'Each message is validated on its own and answered in `results` at its index: accepted (with the same result as POST /notify/v1/send) ' +
          'or rejected (with its field errors). All accepted messages are committed together, in one transaction, before the answer.',
        headers: IdempotencyHeaders,
        body: BatchBody,
        response: { 200: EnvelopeSchema(BatchResult), 402: OUT_OF_CREDITS },
      },
    },
    async (request, reply) => {
      const { result, replayed } = await messages.sendBatch(request.principal, request.body, request.headers['idempotency-key']);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return success(result, 200, `${result.acceptedCount} of ${result.acceptedCount + result.rejectedCount} messages were accepted for delivery.`);
    },
  );

  app.delete(
    '/notify/v1/messages/:id/schedule',
    {
      schema: {
        tags: ['Messages'],
        security,
        summary: 'Cancel a scheduled message before delivery starts',
        description:
          'Every recipient ends `cancelled`, with a `cancelled` event. 409 when the message was not scheduled, was already cancelled, or delivery has started.',
        params: IdParams,
        response: {
          200: EnvelopeSchema(ScheduleCancelResult),
          409: ErrorResponse('The message was not scheduled, was already cancelled, or its delivery has started.'),
        },
      },
    },
    async (request) => success(await messages.cancelSchedule(request.principal, request.params.id), 200, 'The scheduled message was cancelled.'),
  );

  app.get(
    '/notify/v1/messages',
    {
      schema: {
        tags: ['Messages'],
        security,
        summary: 'List accepted messages, newest first',
        description: 'Filters narrow the list: recipient, subject (contains), tag, state (of any recipient) and the time accepted (since, until).',
        querystring: MessagesQuery,
        response: { 200: EnvelopeSchema(ListSchema(Message)) },
      },
    },
    async (request) => success(await messages.list(request.principal, request.query)),
  );

  app.get(
    '/notify/v1/messages/:id',
    {
      schema: {
        tags: ['Messages'],
        security,
        summary: "A message with each recipient's state",
        params: IdParams,
        response: { 200: EnvelopeSchema(MessageDetail) },
      },
    },
    async (request) => success(await messages.get(request.principal, request.params.id)),
  );

  app.get(
    '/notify/v1/messages/:id/raw',
    {
      schema: {
        tags: ['Messages'],
        security,
        summary: 'The message as MIME (RFC 5322), exactly as handed to the transport',
        description:
          'A personalised send (`to[i].params`) or a tracked one (`trackOpens`, `trackClicks`, `listUnsubscribe`) gives each recipient its own copy: ' +
          "`recipientId` picks one (default: the first recipient's).",
        params: IdParams,
        querystring: RawQuery,
        produces: ['message/rfc822'],
        response: {
          200: {
            type: 'string',
            description: 'The raw message.',
            examples: [
              'From: Shop <shop@example.com>\r\nTo: ann@example.net\r\nSubject: Welcome\r\nMessage-ID: ' +
                '<0193a5b2c4d1e2f3a4b5c6d7@example.com>\r\nDate: Sun, 22 Nov 2026 09:00:00 +0000\r\nMIME-Version: 1.0\r\nContent-Type: ' +
                'multipart/alternative; …',
            ],
          },
        },
      },
    },
    async (request, reply) => {
      const mime = await messages.raw(request.principal, request.params.id, request.query.recipientId);
      return reply.type('message/rfc822').send(mime);
    },
  );

  app.get(
    '/notify/v1/messages/:id/attachments/:index',
    {
      schema: {
        tags: ['Messages'],
        security,
        summary: 'Download an attachment of a message, as it was sent',
        description:
          "`index` is the attachment's position in GET /notify/v1/messages/{id}'s `attachments` (from 0). A message submitted over SMTP keeps " +
          'its attachments inside its MIME (GET …/raw), not as a list: 404 here.',
        params: AttachmentParams,
        produces: DOWNLOAD_PRODUCES,
        response: { 200: DOWNLOAD_ANSWER },
      },
    },
    async (request, reply) => {
      const { id, index } = request.params;
      return sendDownload(reply, await messages.attachment(request.principal, id, index));
    },
  );
}
