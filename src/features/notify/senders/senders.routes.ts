/** HTTP for senders: schema in, one service call, envelope out. */
import { Type } from 'typebox';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ErrorEnvelopeSchema, ErrorResponse, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import { sendPage, wantsPage } from '../../../http/hosted-page.js';
import { IdParams } from '../../../http/resource.js';
import { AppError } from '../../../errors.js';
import { escapeHtml } from '../../../lib/template-render.js';
import { ConfirmedSender, CreateSenderBody, PatchSenderBody, ReplaceSenderBody, Sender, SenderConfirmationQuery } from './senders.schemas.js';
import type { SendersService } from './senders.service.js';

const tags = ['Senders'];
const DUPLICATE = ErrorResponse('A sender with this address already exists in the account.');
const security = [{ bearerAuth: [] }];

export function registerSenderRoutes(app: TypedApp, senders: SendersService): void {
  app.get(
    '/notify/v1/senders',
    {
      schema: { tags, security, summary: 'List the senders', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(Sender)) } },
    },
    async (request) => success(await senders.list(request.principal, toPage(request.query))),
  );

  app.post(
    '/notify/v1/senders',
    {
      schema: { tags, security, summary: 'Create a sender', body: CreateSenderBody, response: { 201: EnvelopeSchema(Sender), 409: DUPLICATE } },
    },
    async (request, reply) => {
      const sender = await senders.create(request.principal, request.body);
      return reply.status(201).send(success(sender, 201, 'Created'));
    },
  );

  app.get(
    '/notify/v1/senders/:id',
    {
      schema: { tags, security, summary: 'Get a sender', params: IdParams, response: { 200: EnvelopeSchema(Sender) } },
    },
    async (request) => success(await senders.get(request.principal, request.params.id)),
  );

  app.put(
    '/notify/v1/senders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Replace a sender',
        params: IdParams,
        body: ReplaceSenderBody,
        response: { 200: EnvelopeSchema(Type.Boolean()), 409: DUPLICATE },
      },
    },
    async (request) => {
      await senders.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.patch(
    '/notify/v1/senders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change some fields of a sender',
        params: IdParams,
        body: PatchSenderBody,
        response: { 200: EnvelopeSchema(Type.Boolean()), 409: DUPLICATE },
      },
    },
    async (request) => {
      await senders.update(request.principal, request.params.id, request.body);
      return success(true);
    },
  );

  app.post(
    '/notify/v1/senders/:id/confirmation',
    {
      schema: {
        tags,
        security,
        summary: "Send a new confirmation message to a sender's address",
        description:
          'Mails a single-use link (GET /notify/v1/senders/confirm?token=…) to the address; following it confirms the sender. The previous ' +
          'link stops working. A sender already verified (confirmed, or its domain verified) is 409.',
        params: IdParams,
        response: { 200: EnvelopeSchema(Sender), 409: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const sender = await senders.requestConfirmation(request.principal, request.params.id);
      return success(sender, 200, `A confirmation message was queued for ${sender.email}.`);
    },
  );

  app.delete(
    '/notify/v1/senders/:id',
    {
      schema: { tags, security, summary: 'Delete a sender', params: IdParams, response: { 200: EnvelopeSchema(Type.Boolean()) } },
    },
    async (request) => {
      await senders.remove(request.principal, request.params.id);
      return success(true);
    },
  );
}

function confirmedMessage(email: string): string {
  return `${email} is confirmed; it can now be used as the from address.`;
}

/** The confirmation link of the mail sent to a sender's address: public, the token is the credential. */
export function registerSenderConfirmationRoute(app: TypedApp, senders: SendersService): void {
  app.get(
    '/notify/v1/senders/confirm',
    {
      schema: {
        tags,
        summary: "Confirm a sender's address (the link of the confirmation message)",
        description:
          'No authentication: the token from the mailed link is the credential. It works once and until it expires; a used, replaced or expired token is 400. ' +
          'A browser following the link (Accept names text/html, not application/json) gets the same answer as a small HTML page, with the same status.',
        querystring: SenderConfirmationQuery,
        response: { 200: EnvelopeSchema(ConfirmedSender), 400: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (!wantsPage(request)) {
        const confirmed = await senders.confirm(token);
        return success(confirmed, 200, confirmedMessage(confirmed.email));
      }
      // A person clicked the link in the mail: a page, not JSON.
      const page = (status: 200 | 400, title: string, body: string) => sendPage(reply, status, title, body);
      try {
        const confirmed = await senders.confirm(token);
        return page(200, 'Address confirmed', `<h1>Address confirmed</h1><p>${escapeHtml(confirmedMessage(confirmed.email))}</p>`);
      } catch (error) {
        // A link that cannot confirm is a page too; anything else is the API's usual answer.
        if (!(error instanceof AppError) || error.status !== 400) throw error;
        const why = error.fieldErrors?.map((f) => f.message).join(' ') || error.message;
        return page(400, 'Not confirmed', `<h1>This link cannot confirm the address</h1><p>${escapeHtml(why)}</p>`);
      }
    },
  );
}
