/** HTTP for sign-up forms (M41 of the compatibility reference, plus create, change, GET one) and their public pages. */
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypedApp } from '../../../http/typed-app.js';
import { EnvelopeSchema, ListSchema, success } from '../../../http/envelope.js';
import { PageQuery, toPage } from '../../../http/pagination.js';
import type { IpLimit } from '../../../http/rate-limit.js';
import { IdParams } from '../../../http/resource.js';
import { ANY_CREDENTIAL } from '../../../http/scopes.js';
import { formPagePolicy, messagePage, signupPage } from './forms.page.js';
import { ConfirmQuery, Consent, Form, FormBody, PatchFormBody, SignupBody } from './forms.schemas.js';
import type { FormsService } from './forms.service.js';

const tags = ['Marketing: forms'];
const security = ANY_CREDENTIAL;

export function registerFormRoutes(app: TypedApp, forms: FormsService): void {
  app.get(
    '/inbox/v1/forms',
    { schema: { tags, security, summary: 'List sign-up forms, newest first', querystring: PageQuery, response: { 200: EnvelopeSchema(ListSchema(Form)) } } },
    async (request) => success(await forms.list(request.principal, toPage(request.query))),
  );
  app.post(
    '/inbox/v1/forms',
    { schema: { tags, security, summary: 'Create a sign-up form', body: FormBody, response: { 201: EnvelopeSchema(Form) } } },
    async (request, reply) => reply.status(201).send(success(await forms.create(request.principal, request.body), 201, 'Created')),
  );
  app.get(
    '/inbox/v1/forms/:id',
    { schema: { tags, security, summary: 'A sign-up form', params: IdParams, response: { 200: EnvelopeSchema(Form) } } },
    async (request) => success(await forms.get(request.principal, request.params.id)),
  );
  app.patch(
    '/inbox/v1/forms/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a sign-up form (what is given)',
        params: IdParams,
        body: PatchFormBody,
        response: { 200: EnvelopeSchema(Form) },
      },
    },
    async (request) => success(await forms.update(request.principal, request.params.id, request.body)),
  );
  app.get(
    '/inbox/v1/contacts/:id/consents',
    {
      schema: {
        tags,
        security,
        summary: "A contact's recorded consents (confirmed form sign-ups)",
        params: IdParams,
        response: { 200: EnvelopeSchema(Type.Array(Consent)) },
      },
    },
    async (request) => success(await forms.consents(request.principal, request.params.id)),
  );
}

const FormPageParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/**
 * The pages people see: no credential, HTML, framable by FORM_FRAME_ANCESTORS.
 *
 * What a visitor sees after posting an address never depends on what is known about that
 * address: a new one, one already subscribed, one whose confirmation is pending (the
 * second submission sends nothing), one a limit of the form or of the address holds back,
 * all get the same "check your inbox" page, 200. A 429 there would tell anyone who types
 * an address that it was signed up lately. A visitor who posts too often is told, with a
 * 429 page and Retry-After: that answer is about the visitor's own IP address, the same
 * for every address it posts.
 */
export function registerFormPublicRoutes(
  app: TypedApp,
  forms: FormsService,
  options: { frameAncestors: string[]; submissionsPerIp: IpLimit | undefined },
): void {
  const policy = formPagePolicy(options.frameAncestors);
  const limit = options.submissionsPerIp;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', policy)
      .header('cache-control', 'no-store')
      .send(body);
  const notFound = (reply: FastifyReply) =>
    html(reply, 404, messagePage('Not found', 'This form does not exist', 'The link may be old, or the form was removed.'));
  const hide = { hide: true };

  app.get('/inbox/forms/:id', { schema: { ...hide, params: FormPageParams } }, async (request, reply) => {
    const page = await forms.page(request.params.id);
    return page ? html(reply, 200, signupPage(page)) : notFound(reply);
  });

  // Before the body is read: a flood costs a counter, not a parse.
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const retryAfter = limit && (await limit(request));
    if (retryAfter === undefined) return;
    const wait = `${retryAfter} second${retryAfter === 1 ? '' : 's'}`;
    return html(
      reply.header('retry-after', String(retryAfter)),
      429,
      messagePage('Too many sign-ups', 'Please wait a moment', `Too many sign-ups came from your network. Try again in ${wait}.`),
    );
  };

  app.post('/inbox/forms/:id', { onRequest, schema: { ...hide, params: FormPageParams, body: SignupBody } }, async (request, reply) => {
    const outcome = await forms.submit(request.params.id, request.body, request.ip);
    if (outcome.kind === 'not-found') return notFound(reply);
    if (outcome.kind === 'cannot-send') {
      // The form's own fault (its sender went away, its account has no credits): the same for every address.
      request.log.warn({ form: request.params.id, reason: outcome.reason }, 'a sign-up form could not send its confirmation mail');
      return html(reply, 503, messagePage(outcome.title!, 'Sign-ups are paused', 'This form cannot take sign-ups at the moment. Please try again later.'));
    }
    if (outcome.kind === 'check-inbox' && outcome.limited)
      request.log.info({ form: request.params.id, limit: outcome.limited }, 'a sign-up form held a confirmation mail back');
    if (outcome.kind === 'again')
      return html(reply, outcome.status, signupPage({ title: outcome.title!, token: outcome.token, note: outcome.note, email: outcome.email }));
    return html(reply, 200, messagePage(outcome.title!, 'Check your inbox', 'We sent you a link: follow it to confirm your subscription.'));
  });

  app.get('/inbox/forms/:id/confirm', { schema: { ...hide, params: FormPageParams, querystring: ConfirmQuery } }, async (request, reply) => {
    const { s, sig } = request.query;
    const outcome = await forms.confirm(request.params.id, s, sig);
    if (outcome.kind === 'invalid') return html(reply, 404, messagePage('Not found', 'This link does not work', 'Check that it was copied whole.'));
    return html(
      reply,
      200,
      messagePage(outcome.title, outcome.kind === 'subscribed' ? 'You are subscribed' : 'Already confirmed', 'Thank you: your subscription is confirmed.'),
    );
  });
}
