/**
 * Editing an inbound route through PATCH /notify/v1/inbound/routes/{id}, on both dialects:
 * the changed pattern, action and target are what the SMTP listener answers at RCPT from
 * then on; bad input is refused with every field named and leaves the route as it was; a
 * pattern another route on the domain has is 409; another account's route is 404.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DIALECTS } from '../../helpers/db.js';
import { expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../../helpers/app.js';
import { errorFields } from '../../helpers/bodies.js';
import type { InboundService } from '../../../src/features/notify/inbound/inbound.service.js';

function expectFields(response: TestResponse, fields: string[]): { field: string; message: string }[] {
  const body = expectEnvelope(response, 400);
  assert.deepEqual(errorFields(body).sort(), [...fields].sort(), response.text);
  return body.resultObject.errors;
}

for (const dialect of DIALECTS) {
  describe(`inbound route edit [${dialect}]`, () => {
    let app: TestApp;
    let a: TestAccount;
    let b: TestAccount;
    let inbound: InboundService;
    let domain: { id: string; name: string };
    let otherDomain: { id: string; name: string };
    let support: string;
    let sales: string;
    let bRoute: string;

    const url = (path: string) => `/notify/v1/inbound/${path}`;
    const post = (account: TestAccount, path: string, body: unknown) => app.request({ method: 'POST', url: url(path), token: account.token, body });
    const patch = (account: TestAccount, id: string, body: unknown) => app.request({ method: 'PATCH', url: url(`routes/${id}`), token: account.token, body });
    const route = async (account: TestAccount, id: string) =>
      expectEnvelope(await app.request({ method: 'GET', url: url(`routes/${id}`), token: account.token }), 200).resultObject;
    const edited = async (id: string, body: unknown) => expectEnvelope(await patch(a, id, body), 200).resultObject;
    const rcpt = (local: string) => inbound.resolveRecipient(`${local}@${domain.name}`);

    before(async () => {
      app = await startTestApp(dialect, { config: { inboundMxHost: 'mx.postwire.example.test' } });
      inbound = app.runtime.services.inbound;
      a = await app.signUp();
      b = await app.signUp();
      domain = expectEnvelope(await post(a, 'domains', { name: 'in.edit-a.example.test' }), 201).resultObject;
      otherDomain = expectEnvelope(await post(b, 'domains', { name: 'in.edit-b.example.test' }), 201).resultObject;
      const add = async (account: TestAccount, body: object) => expectEnvelope(await post(account, 'routes', body), 201).resultObject.id as string;
      support = await add(a, { domainId: domain.id, pattern: 'support', action: 'webhook', webhookUrl: 'https://hooks.example.com/inbound' });
      sales = await add(a, { domainId: domain.id, pattern: 'sales', action: 'store' });
      bRoute = await add(b, { domainId: otherDomain.id, pattern: 'help', action: 'store' });
    });
    after(async () => {
      await app?.close();
    });

    it('requires a Bearer token', async () => {
      expectEnvelope(await app.request({ method: 'PATCH', url: url(`routes/${support}`), body: { pattern: 'x' } }), 401);
    });

    it('changes the webhook URL alone: the action and the rest stay', async () => {
      const changed = await edited(support, { webhookUrl: 'https://hooks.example.com/v2/inbound' });
      assert.deepEqual(
        { pattern: changed.pattern, action: changed.action, webhookUrl: changed.webhookUrl, domain: changed.domain },
        { pattern: 'support', action: 'webhook', webhookUrl: 'https://hooks.example.com/v2/inbound', domain: domain.name },
      );
      assert.equal((await route(a, support)).webhookUrl, 'https://hooks.example.com/v2/inbound');
    });

    it('changes the pattern: the listener routes the new address and refuses the old one', async () => {
      const changed = await edited(support, { pattern: ' Help ' });
      assert.equal(changed.pattern, 'help');
      assert.deepEqual(await rcpt('help'), { kind: 'accept', accountId: a.accountId, domainId: domain.id, routeId: support });
      assert.deepEqual(await rcpt('support'), { kind: 'reject', code: 550, message: '5.1.1 No such recipient here' });
      // Its own pattern again is not a conflict with itself.
      assert.equal((await edited(support, { pattern: 'help', description: 'Helpdesk' })).description, 'Helpdesk');
      assert.equal((await edited(support, { description: '' })).description, null);
    });

    it('changes the action: the new target replaces the old one', async () => {
      const forwarding = await edited(support, { action: 'forward', forwardTo: 'Desk@Elsewhere.example' });
      assert.deepEqual(
        [forwarding.action, forwarding.forwardTo, forwarding.webhookUrl, forwarding.pattern],
        ['forward', 'desk@elsewhere.example', null, 'help'],
      );
      const rejecting = await edited(support, { action: 'reject' });
      assert.deepEqual(
        [rejecting.action, rejecting.forwardTo, rejecting.rejectCode, rejecting.rejectMessage],
        ['reject', null, 550, 'Mail to this address is not accepted'],
      );
      assert.deepEqual(await rcpt('help'), { kind: 'reject', code: 550, message: 'Mail to this address is not accepted' });
      // Same action: only the given target field changes.
      await edited(support, { rejectCode: 450, rejectMessage: '4.2.1 Try again tomorrow' });
      assert.deepEqual(await rcpt('help'), { kind: 'reject', code: 450, message: '4.2.1 Try again tomorrow' });
      await edited(support, { rejectMessage: '4.2.1 Closed for the holidays' });
      assert.deepEqual(await rcpt('help'), { kind: 'reject', code: 450, message: '4.2.1 Closed for the holidays' });

      const back = await edited(support, { action: 'webhook', webhookUrl: 'https://hooks.example.com/inbound' });
      assert.deepEqual([back.action, back.webhookUrl, back.rejectCode, back.rejectMessage], ['webhook', 'https://hooks.example.com/inbound', null, null]);
      assert.equal((await rcpt('help')).kind, 'accept');
    });

    it('refuses bad input as create does, naming every field, and leaves the route as it was', async () => {
      const before = await route(a, support);
      const errors = expectFields(await patch(a, support, { pattern: 'a@b', webhookUrl: 'http://127.0.0.1:3000/x' }), ['pattern', 'webhookUrl']);
      assert.match(errors.find((e) => e.field === 'webhookUrl')?.message ?? '', /public address/);
      for (const internal of ['http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://localhost/', 'http://0x7f000001/', 'ftp://example.com/']) {
        expectFields(await patch(a, support, { webhookUrl: internal }), ['webhookUrl']);
      }
      expectFields(await patch(a, sales, { action: 'webhook' }), ['webhookUrl']);
      expectFields(await patch(a, sales, { action: 'forward' }), ['forwardTo']);
      expectFields(await patch(a, sales, { action: 'forward', forwardTo: `x@${otherDomain.name}` }), ['forwardTo']);
      expectFields(await patch(a, support, { forwardTo: 'someone@elsewhere.example' }), ['forwardTo']);
      expectFields(await patch(a, support, { action: 'reject', rejectCode: 470, webhookUrl: 'https://hooks.example.com/x' }), ['rejectCode', 'webhookUrl']);
      expectFields(await patch(a, sales, { action: 'reject', rejectMessage: 'a\r\nb' }), ['rejectMessage']);
      expectFields(await patch(a, sales, { action: 'bounce' }), ['action']);
      expectFields(await patch(a, sales, { pattern: 'x'.repeat(65) }), ['pattern']);
      expectFields(await patch(a, sales, { rejectCode: 'soon' }), ['rejectCode']);
      assert.deepEqual(await route(a, support), before);
      assert.equal((await route(a, sales)).action, 'store');
    });

    it('answers 409 for a pattern another route on the domain has, and frees a deleted route’s pattern', async () => {
      const conflict = expectEnvelope(await patch(a, support, { pattern: 'SALES' }), 409);
      assert.match(conflict.resultMessage, /already has a route for sales/);
      assert.equal((await route(a, support)).pattern, 'help');
      assert.equal((await edited(sales, { pattern: 'help-b' })).pattern, 'help-b');
      expectEnvelope(await app.request({ method: 'DELETE', url: url(`routes/${sales}`), token: a.token }), 200);
      assert.equal((await edited(support, { pattern: 'help-b' })).pattern, 'help-b');
      expectEnvelope(await patch(a, sales, { pattern: 'anything' }), 404);
    });

    it('answers 404 for another account’s route or an id that is none, and changes nothing', async () => {
      expectEnvelope(await patch(a, bRoute, { pattern: 'stolen' }), 404);
      expectEnvelope(await patch(b, support, { action: 'store' }), 404);
      expectEnvelope(await patch(a, '0193a5b2c4d1e2f3a4b5c6d7', { pattern: 'x' }), 404);
      expectEnvelope(await patch(a, 'not-an-id', { pattern: 'x' }), 404);
      assert.equal((await route(b, bRoute)).pattern, 'help');
      assert.equal((await route(a, support)).action, 'webhook');
    });
  });
}
