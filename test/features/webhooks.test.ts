/**
 * Webhooks as a client sees them: registering, reading, changing and deleting them
 * (POST/GET/PATCH/DELETE /notify/v1/webhooks), and what arrives at a real HTTP receiver
 * on 127.0.0.1 when the account sends: every event of the account, signed with the
 * webhook's secret (verified here with node:crypto alone), filtered by type, retried
 * when the receiver fails or is down, replayable, and never another account's.
 */
import { propertyOf } from '../helpers/openapi.js';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../../src/db/database.js';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';
import { outcomeOf, sendMessage, type Sent } from '../helpers/delivery-api.js';

const ID = /^[0-9a-f]{24}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const WEBHOOK_KEYS = [
  'createTime',
  'createUserId',
  'customerId',
  'description',
  'enabled',
  'events',
  'id',
  'isDeleted',
  'secretPreview',
  'updateTime',
  'updateUserId',
  'url',
];
const PAYLOAD_KEYS = ['createdAt', 'details', 'email', 'id', 'messageId', 'recipientId', 'type', 'webhookId'];
const MAX_ATTEMPTS = 4;
const TIMEOUT_MS = 1500;

interface Call {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: any;
}

/** A webhook receiver: records every call and answers with what `respond` says (200 by default; 0: never answers). */
class Receiver {
  readonly calls: Call[] = [];
  respond: (call: Call) => number = () => 200;
  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<Receiver> {
    const server = http.createServer();
    const receiver = new Receiver(server);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const call = { headers: request.headers, raw, body: JSON.parse(raw) };
        receiver.calls.push(call);
        const status = receiver.respond(call);
        if (status === 0) return;
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : `no thanks (${status})`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Calls carrying events of this message. */
  callsFor(messageId: string): Call[] {
    return this.calls.filter((c) => c.body.messageId === messageId);
  }

  /** Waits until this message's events of the given types have each arrived (answered or not). */
  async waitFor(messageId: string, types: string[]): Promise<Call[]> {
    return eventually(
      async () => {
        const calls = this.callsFor(messageId);
        return types.every((t) => calls.some((c) => c.body.type === t)) ? calls : undefined;
      },
      15_000,
      `${types.join('+')} events of ${messageId} at ${this.url}`,
    );
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A URL on which nothing listens: a port the system gave out and took back. */
async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/hook`;
}

function expectFieldError(response: TestResponse, field: string): void {
  const body = expectEnvelope(response, 400);
  const errors = body.resultObject?.errors as { field: string; message: string }[] | undefined;
  assert.ok(Array.isArray(errors), `expected resultObject.errors, got ${response.text}`);
  assert.ok(
    errors.some((e) => e.field === field && e.message.length > 0),
    `expected an error on ${field}, got ${JSON.stringify(errors)}`,
  );
}

/** What a receiver does: recompute the signature from the raw body and the timestamp header. */
function verifySignature(call: Call, secret: string): boolean {
  const timestamp = String(call.headers['x-postwire-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${call.raw}`).digest('hex')}`;
  return call.headers['x-postwire-signature'] === expected;
}

for (const dialect of DIALECTS) {
  describe(`webhooks [${dialect}]`, () => {
    let app: TestApp;
    let db: Db;
    const receivers: Receiver[] = [];

    const url = (id = '', tail = '') => `/notify/v1/webhooks${id ? `/${id}` : ''}${tail}`;
    const create = (account: TestAccount, body: unknown) => app.request({ method: 'POST', url: url(), token: account.token, body });
    const get = (account: TestAccount, id: string) => app.request({ method: 'GET', url: url(id), token: account.token });
    const patch = (account: TestAccount, id: string, body: unknown) => app.request({ method: 'PATCH', url: url(id), token: account.token, body });
    const remove = (account: TestAccount, id: string) => app.request({ method: 'DELETE', url: url(id), token: account.token });
    const replay = (account: TestAccount, id: string, body: unknown) => app.request({ method: 'POST', url: url(id, '/replay'), token: account.token, body });
    const list = async (account: TestAccount) => expectEnvelope(await app.request({ method: 'GET', url: url(), token: account.token }), 200).resultObject;
    const deliveries = async (account: TestAccount, id: string, query = '') =>
      expectEnvelope(await app.request({ method: 'GET', url: url(id, `/deliveries${query}`), token: account.token }), 200).resultObject;

    /** The webhook's first listed (newest) delivery, once it has reached `status`. */
    const newestDeliveryOnce = (account: TestAccount, id: string, status: string, timeoutMs = 15_000) =>
      eventually(
        async () => {
          const [d] = (await deliveries(account, id)).items;
          return d?.status === status ? d : undefined;
        },
        timeoutMs,
        `the delivery to be ${status}`,
      );

    async function receiver(): Promise<Receiver> {
      const r = await Receiver.start();
      receivers.push(r);
      return r;
    }

    async function hook(account: TestAccount, body: Record<string, unknown>): Promise<{ id: string; secret: string; [field: string]: any }> {
      return expectEnvelope(await create(account, body), 201).resultObject;
    }

    /** Sends one message to one address and waits until it has been handed to the capture inbox. */
    async function sendOne(account: TestAccount, to = 'reader@example.net'): Promise<Sent> {
      const sent = await sendMessage(app, account, [to]);
      assert.equal((await outcomeOf(app, account, sent, to)).state, 'sent');
      return sent;
    }

    before(async () => {
      // The receivers listen on loopback, which webhooks may reach only when the operator allows it.
      app = await startTestApp(dialect, {
        worker: true,
        config: { webhookRetryFirstDelayMs: 50, webhookMaxAttempts: MAX_ATTEMPTS, webhookTimeoutMs: TIMEOUT_MS, outboundAllow: ['127.0.0.1'] },
      });
      db = app.runtime.services.handle.db;
    });
    after(async () => {
      await app.close();
      for (const r of receivers) await r.close();
    });

    it('requires a Bearer token on every operation', async () => {
      const someId = '0193a5b2c4d1e2f3a4b5c6d7';
      expectEnvelope(await app.request({ method: 'GET', url: url() }), 401);
      expectEnvelope(await app.request({ method: 'POST', url: url(), body: { url: 'https://example.com/' } }), 401);
      expectEnvelope(await app.request({ method: 'GET', url: url(someId) }), 401);
      expectEnvelope(await app.request({ method: 'PATCH', url: url(someId), body: { description: 'x' } }), 401);
      expectEnvelope(await app.request({ method: 'DELETE', url: url(someId) }), 401);
      expectEnvelope(await app.request({ method: 'GET', url: url(someId, '/deliveries') }), 401);
      expectEnvelope(await app.request({ method: 'POST', url: url(someId, '/replay'), body: { eventIds: [someId] } }), 401);
      expectEnvelope(await app.request({ method: 'POST', url: url(someId, '/rotate-secret') }), 401);
    });

    it('is described in the OpenAPI document', async () => {
      const doc = (await app.request({ method: 'GET', url: '/docs/json' })).json;
      const paths = doc.paths as Record<string, Record<string, any>>;
      for (const [path, methods] of [
        ['/notify/v1/webhooks', ['get', 'post']],
        ['/notify/v1/webhooks/{id}', ['get', 'patch', 'delete']],
        ['/notify/v1/webhooks/{id}/deliveries', ['get']],
        ['/notify/v1/webhooks/{id}/replay', ['post']],
        ['/notify/v1/webhooks/{id}/rotate-secret', ['post']],
      ] as const) {
        for (const method of methods) assert.ok(paths[path]?.[method]?.summary, `${method.toUpperCase()} ${path} is documented`);
      }
      const created = propertyOf(doc, paths['/notify/v1/webhooks']!.post.responses['201'].content['application/json'].schema, 'resultObject');
      assert.ok(propertyOf(doc, created, 'secret').description, 'the secret is described');
    });

    it('POST registers a webhook (201) and shows its secret once; GET and the list show only a preview', async () => {
      const account = await app.signUp();
      assert.deepEqual(await list(account), { displayCount: 0, totalCount: 0, items: [] });
      const created = expectEnvelope(
        await create(account, { url: 'https://hooks.example.com/postwire', description: 'CRM', events: ['bounced', 'delivered'] }),
        201,
      ).resultObject;
      assert.deepEqual(Object.keys(created).sort(), [...WEBHOOK_KEYS, 'secret'].sort());
      assert.match(created.id, ID);
      assert.match(created.createTime, ISO_MS);
      assert.equal(created.createUserId, account.userId);
      assert.equal(created.customerId, account.accountId);
      assert.equal(created.url, 'https://hooks.example.com/postwire');
      assert.equal(created.description, 'CRM');
      assert.deepEqual(created.events, ['bounced', 'delivered']);
      assert.equal(created.enabled, true);
      assert.equal(created.isDeleted, false);
      assert.match(created.secret, /^whsec_[0-9a-f]{48}$/);
      assert.equal(created.secretPreview, `whsec_…${created.secret.slice(-4)}`);

      const { secret, ...shown } = created;
      const read = expectEnvelope(await get(account, created.id), 200).resultObject;
      assert.deepEqual(Object.keys(read).sort(), WEBHOOK_KEYS);
      assert.deepEqual(read, shown);
      assert.ok(!JSON.stringify(await list(account)).includes(secret), 'the list never shows the secret');
      assert.deepEqual((await list(account)).items, [shown]);

      const everything = expectEnvelope(await create(account, { url: 'http://127.0.0.1:9/all' }), 201).resultObject;
      assert.deepEqual(everything.events, [], 'no events given: every type');
      assert.equal(everything.description, '');
      assert.notEqual(everything.secret, secret, 'each webhook has its own secret');
      assert.deepEqual(
        (await list(account)).items.map((w: any) => w.id),
        [everything.id, created.id],
        'newest first',
      );
    });

    it('refuses a bad URL or an unknown event type with 400 naming the field', async () => {
      const account = await app.signUp();
      expectFieldError(await create(account, {}), 'url');
      expectFieldError(await create(account, { url: '' }), 'url');
      expectFieldError(await create(account, { url: 'not a url' }), 'url');
      expectFieldError(await create(account, { url: 'ftp://example.com/hook' }), 'url');
      expectFieldError(await create(account, { url: 'javascript:alert(1)' }), 'url');
      expectFieldError(await create(account, { url: 42 }), 'url');
      expectFieldError(await create(account, { url: 'https://example.com/', events: ['delivered', 'exploded'] }), 'events[1]');
      expectFieldError(await create(account, { url: 'https://example.com/', events: 'delivered' }), 'events');
      expectFieldError(await create(account, { url: 'https://example.com/', enabled: 'yes' }), 'enabled');
      assert.equal((await list(account)).totalCount, 0, 'nothing was created');

      const { id } = await hook(account, { url: 'https://example.com/' });
      expectFieldError(await patch(account, id, { url: 'mailto:ops@example.com' }), 'url');
      expectFieldError(await patch(account, id, { events: ['opened', 'teleported'] }), 'events[1]');
      expectFieldError(await replay(account, id, {}), 'eventIds');
      expectFieldError(await replay(account, id, { eventIds: ['nope'] }), 'eventIds[0]');
      expectFieldError(await replay(account, id, { from: 'yesterday' }), 'from');
      expectFieldError(await replay(account, id, { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' }), 'to');
      expectEnvelope(await get(account, 'not-an-id'), 404);
      expectEnvelope(await get(account, '0193a5b2c4d1e2f3a4b5c6d7'), 404);
    });

    it("takes event types as the original service's ids (0-7), mixed with names, and answers names; an unknown id is a 400 naming it", async () => {
      const account = await app.signUp();
      const created = await hook(account, { url: 'https://example.com/hooks', events: [0, 1, 2, 3, 4, 'delivered', 5, 6, 7, 'sent'] });
      assert.deepEqual(created.events, ['bounced', 'deferred', 'complained', 'suppressed', 'delivered', 'opened', 'unique_opened', 'clicked', 'sent']);
      assert.deepEqual(expectEnvelope(await get(account, created.id), 200).resultObject.events, created.events);
      expectEnvelope(await patch(account, created.id, { events: [7] }), 200);
      assert.deepEqual(expectEnvelope(await get(account, created.id), 200).resultObject.events, ['clicked']);

      for (const [events, field] of [
        [[8], 'events[0]'],
        [['sent', -1], 'events[1]'],
        [[4, 'delivered', 1.5], 'events[2]'],
      ] as const) {
        const response = await create(account, { url: 'https://example.com/hooks', events });
        expectFieldError(response, field);
        expectFieldError(await patch(account, created.id, { events }), field);
      }
      const [unknown] = expectEnvelope(await create(account, { url: 'https://example.com/hooks', events: [8] }), 400).resultObject.errors;
      assert.match(unknown.message, /0 to 7/);
      assert.equal((await list(account)).totalCount, 1, 'nothing more was created');
      assert.deepEqual(expectEnvelope(await get(account, created.id), 200).resultObject.events, ['clicked'], 'nothing was changed');
    });

    it('PATCH changes the URL, description, event types and enabled state; DELETE removes it', async () => {
      const account = await app.signUp();
      const created = await hook(account, { url: 'https://example.com/one', events: ['sent'] });
      assert.equal(
        expectEnvelope(await patch(account, created.id, { url: 'https://example.com/two', description: 'Two', events: [], enabled: false }), 200).resultObject,
        true,
      );
      const changed = expectEnvelope(await get(account, created.id), 200).resultObject;
      assert.equal(changed.url, 'https://example.com/two');
      assert.equal(changed.description, 'Two');
      assert.deepEqual(changed.events, []);
      assert.equal(changed.enabled, false);
      assert.equal(changed.createTime, created.createTime, 'a change keeps the creation time');
      assert.ok(changed.updateTime >= created.updateTime);
      expectEnvelope(await patch(account, created.id, { enabled: true }), 200);
      assert.equal(expectEnvelope(await get(account, created.id), 200).resultObject.enabled, true);

      assert.equal(expectEnvelope(await remove(account, created.id), 200).resultObject, true);
      expectEnvelope(await get(account, created.id), 404);
      expectEnvelope(await remove(account, created.id), 404);
      expectEnvelope(await patch(account, created.id, { description: 'again' }), 404);
      assert.equal((await list(account)).totalCount, 0);
    });

    it('a send reaches the webhook as signed accepted and sent calls, one per event', async () => {
      const account = await app.signUp();
      const r = await receiver();
      const { id: webhookId, secret } = await hook(account, { url: r.url });
      const sent = await sendOne(account);
      const calls = await r.waitFor(sent.id, ['accepted', 'sent']);

      const events = expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/events?messageId=${sent.id}`, token: account.token }), 200).resultObject
        .items;
      assert.deepEqual(calls.map((c) => c.body.id).sort(), events.map((e: any) => e.id).sort(), 'one call per event of the message');
      for (const call of calls) {
        const event = events.find((e: any) => e.id === call.body.id);
        assert.deepEqual(Object.keys(call.body).sort(), PAYLOAD_KEYS);
        assert.deepEqual(call.body, {
          id: event.id,
          type: event.type,
          createdAt: event.createTime,
          messageId: sent.id,
          recipientId: sent.recipients[0]!.id,
          email: 'reader@example.net',
          details: event.details,
          webhookId,
        });
        assert.equal(call.headers['content-type'], 'application/json');
        assert.equal(call.headers['user-agent'], 'Postwire-Webhooks/1');
        assert.equal(call.headers['x-postwire-event-id'], event.id);
        assert.match(String(call.headers['x-postwire-delivery-id']), ID);
        assert.match(String(call.headers['x-postwire-timestamp']), /^\d{10}$/);
        assert.ok(verifySignature(call, secret), `signature of ${call.body.type} verifies with the secret`);
        assert.ok(!verifySignature(call, `${secret}x`), 'and not with another');
      }

      const listed = await eventually(
        async () => {
          const page = await deliveries(account, webhookId);
          return page.items.every((d: any) => d.status === 'delivered') && page.totalCount === 2 ? page : undefined;
        },
        10_000,
        'both deliveries recorded',
      );
      for (const d of listed.items) {
        assert.equal(d.webhookId, webhookId);
        assert.equal(d.attempts, 1);
        assert.equal(d.lastStatus, 200);
        assert.equal(d.lastError, null);
        assert.match(d.deliveredTime, ISO_MS);
        assert.equal(d.nextAttemptTime, null);
        assert.equal(d.failedTime, null);
      }
      assert.deepEqual(listed.items.map((d: any) => d.eventType).sort(), ['accepted', 'sent']);
    });

    it("carries the send's tags and metadata into every call's details", async () => {
      const account = await app.signUp();
      const r = await receiver();
      await hook(account, { url: r.url });
      const response = await app.request({
        method: 'POST',
        url: '/notify/v1/send',
        token: account.token,
        body: {
          from: { email: account.email },
          to: [{ email: 'tagged@example.net' }],
          subject: 'Tagged',
          htmlContent: '<p>Hi</p>',
          tags: ['welcome', 'onboarding'],
          metadata: { userId: 'u-42', plan: 'pro', trial: true },
        },
      });
      const sent = expectEnvelope(response, 200).resultObject as Sent;
      const calls = await r.waitFor(sent.id, ['accepted', 'sent']);
      for (const call of calls) {
        assert.deepEqual(call.body.details.tags, ['welcome', 'onboarding'], `${call.body.type} carries the tags`);
        assert.deepEqual(call.body.details.metadata, { userId: 'u-42', plan: 'pro', trial: true }, `${call.body.type} carries the metadata`);
      }
    });

    it('sends only the event types a webhook asks for, and nothing to a paused webhook', async () => {
      const account = await app.signUp();
      const all = await receiver();
      const sentOnly = await receiver();
      const paused = await receiver();
      await hook(account, { url: all.url });
      const filtered = await hook(account, { url: sentOnly.url, events: ['sent'] });
      const off = await hook(account, { url: paused.url, enabled: false });
      const sent = await sendOne(account);
      await all.waitFor(sent.id, ['accepted', 'sent']);
      await sentOnly.waitFor(sent.id, ['sent']);
      // Deliveries are written with their events, so by now every one that exists is listed.
      assert.deepEqual(
        (await deliveries(account, filtered.id)).items.map((d: any) => d.eventType),
        ['sent'],
      );
      assert.deepEqual(
        sentOnly.calls.map((c) => c.body.type),
        ['sent'],
      );
      assert.equal((await deliveries(account, off.id)).totalCount, 0);
      assert.equal(paused.calls.length, 0);
    });

    it('retries a receiver that answers 500, until it answers 200', async () => {
      const account = await app.signUp();
      const r = await receiver();
      const failedOnce = new Set<string>();
      r.respond = (call) => {
        if (failedOnce.has(call.body.id)) return 200;
        failedOnce.add(call.body.id);
        return 500;
      };
      const { id } = await hook(account, { url: r.url, events: ['accepted'] });
      const sent = await sendOne(account);
      const delivery = await newestDeliveryOnce(account, id, 'delivered', 10_000);
      assert.equal(delivery.attempts, 2);
      assert.equal(delivery.lastStatus, 200);
      assert.equal(delivery.lastError, null);
      const calls = r.callsFor(sent.id);
      assert.equal(calls.length, 2);
      assert.equal(calls[0]!.body.id, calls[1]!.body.id, 'the same event both times');
      assert.equal(calls[0]!.headers['x-postwire-delivery-id'], calls[1]!.headers['x-postwire-delivery-id']);
    });

    it("shows one delivery: the JSON its calls sent and the start of the receiver's last answer; 404 for anyone else's", async () => {
      const account = await app.signUp();
      const r = await receiver();
      r.respond = () => 500;
      const { id } = await hook(account, { url: r.url, events: ['accepted'] });
      const sent = await sendOne(account);
      const [call] = await r.waitFor(sent.id, ['accepted']);
      const first = await eventually(
        async () => {
          const [d] = (await deliveries(account, id)).items;
          return d?.lastStatus === 500 ? d : undefined;
        },
        10_000,
        'the first answer recorded',
      );
      const detail = async (deliveryId: string, who = account, webhookId = id) =>
        app.request({ method: 'GET', url: url(webhookId, `/deliveries/${deliveryId}`), token: who.token });
      const refused = expectEnvelope(await detail(first.id), 200).resultObject;
      assert.deepEqual(refused.payload, call!.body, 'the JSON the receiver got');
      assert.equal(refused.lastResponse, 'no thanks (500)');
      assert.equal(refused.id, first.id);
      assert.equal(refused.eventType, 'accepted');

      r.respond = () => 200;
      await newestDeliveryOnce(account, id, 'delivered', 15_000);
      assert.equal(expectEnvelope(await detail(first.id), 200).resultObject.lastResponse, 'ok');

      const other = await app.signUp();
      const theirs = await hook(other, { url: r.url, events: ['accepted'] });
      expectEnvelope(await detail(first.id, other), 404);
      expectEnvelope(await detail(first.id, other, theirs.id), 404);
      expectEnvelope(await detail('0123456789abcdef01234567'), 404);
      expectEnvelope(await detail('not-an-id'), 404);
    });

    it('retries a receiver that is down, then marks the delivery failed; a replay sends it again', async () => {
      const account = await app.signUp();
      const { id, secret } = await hook(account, { url: await deadUrl(), events: ['accepted'] });
      const sent = await sendOne(account);
      const failed = await newestDeliveryOnce(account, id, 'failed');
      assert.equal(failed.attempts, MAX_ATTEMPTS);
      assert.equal(failed.lastStatus, null);
      assert.match(failed.lastError, /ECONNREFUSED/);
      assert.match(failed.failedTime, ISO_MS);
      assert.equal(failed.nextAttemptTime, null);
      assert.equal(failed.deliveredTime, null);
      assert.deepEqual((await deliveries(account, id, '?status=failed')).items, [failed]);
      assert.equal((await deliveries(account, id, '?status=pending')).totalCount, 0);

      // The receiver is back (at a new address): replaying the event delivers it as a new delivery.
      const r = await receiver();
      expectEnvelope(await patch(account, id, { url: r.url }), 200);
      assert.deepEqual(expectEnvelope(await replay(account, id, { eventIds: [failed.eventId] }), 200).resultObject, { queued: 1 });
      const [call] = await r.waitFor(sent.id, ['accepted']);
      assert.equal(call!.body.id, failed.eventId);
      assert.ok(verifySignature(call!, secret));
      const after = await eventually(
        async () => {
          const page = await deliveries(account, id);
          return page.items.some((d: any) => d.status === 'delivered') ? page : undefined;
        },
        10_000,
        'the replayed delivery',
      );
      assert.equal(after.totalCount, 2);
      assert.deepEqual(
        after.items.map((d: any) => d.status),
        ['delivered', 'failed'],
        'a new delivery, newest first; the failed one stays',
      );
    });

    it('replays a time range: every matching event again, as new deliveries', async () => {
      const account = await app.signUp();
      const r = await receiver();
      const { id } = await hook(account, { url: r.url });
      const from = new Date().toISOString();
      const first = await sendOne(account, 'one@example.net');
      const second = await sendOne(account, 'two@example.net');
      await r.waitFor(first.id, ['accepted', 'sent']);
      await r.waitFor(second.id, ['accepted', 'sent']);
      const to = new Date(Date.now() + 1).toISOString();
      assert.equal(r.calls.length, 4);

      assert.deepEqual(expectEnvelope(await replay(account, id, { from, to }), 200).resultObject, { queued: 4 });
      await eventually(async () => (r.calls.length === 8 ? true : undefined), 10_000, 'four more calls');
      const ids = (calls: Call[]) => calls.map((c) => c.body.id).sort();
      assert.deepEqual(ids(r.calls.slice(4)), ids(r.calls.slice(0, 4)), 'the same events');
      assert.equal(new Set(r.calls.map((c) => c.headers['x-postwire-delivery-id'])).size, 8, 'each a new delivery');

      // Both filters given: an event must match both.
      const onlyFirstAccepted = r.callsFor(first.id).find((c) => c.body.type === 'accepted')!.body.id;
      assert.deepEqual(
        expectEnvelope(await replay(account, id, { eventIds: [onlyFirstAccepted], from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' }), 200)
          .resultObject,
        { queued: 0 },
      );
    });

    it('retries a receiver that does not answer within WEBHOOK_TIMEOUT_MS, then marks the delivery failed', async () => {
      const account = await app.signUp();
      const r = await receiver();
      r.respond = () => 0;
      const { id } = await hook(account, { url: r.url, events: ['accepted'] });
      const sent = await sendOne(account);
      const failed = await newestDeliveryOnce(account, id, 'failed', 30_000);
      assert.equal(failed.attempts, MAX_ATTEMPTS);
      assert.equal(failed.lastStatus, null);
      assert.equal(failed.lastError, `no answer within ${TIMEOUT_MS} ms (WEBHOOK_TIMEOUT_MS)`);
      assert.equal(r.callsFor(sent.id).length, MAX_ATTEMPTS, 'every attempt reached the receiver');
    });

    it('sends a user name and password in the URL as Basic authentication', async () => {
      const account = await app.signUp();
      const r = await receiver();
      const withCredentials = r.url.replace('http://', 'http://hook%20user:s3cr%3At@');
      const { id } = await hook(account, { url: withCredentials, events: ['accepted'] });
      assert.equal(expectEnvelope(await get(account, id), 200).resultObject.url, withCredentials);
      const sent = await sendOne(account);
      const [call] = await r.waitFor(sent.id, ['accepted']);
      assert.equal(call!.headers.authorization, `Basic ${Buffer.from('hook user:s3cr:t').toString('base64')}`);
    });

    it('rotating the secret shows the new one once and signs the next calls with it', async () => {
      const account = await app.signUp();
      const r = await receiver();
      const created = await hook(account, { url: r.url, events: ['accepted'] });
      const rotated = expectEnvelope(await app.request({ method: 'POST', url: url(created.id, '/rotate-secret'), token: account.token }), 200).resultObject;
      assert.match(rotated.secret, /^whsec_[0-9a-f]{48}$/);
      assert.notEqual(rotated.secret, created.secret);
      assert.equal(rotated.secretPreview, `whsec_…${rotated.secret.slice(-4)}`);
      assert.equal(expectEnvelope(await get(account, created.id), 200).resultObject.secretPreview, rotated.secretPreview);
      const sent = await sendOne(account);
      const [call] = await r.waitFor(sent.id, ['accepted']);
      assert.ok(verifySignature(call!, rotated.secret));
      assert.ok(!verifySignature(call!, created.secret));
    });

    it('deleting a webhook stops its calls, retries included', async () => {
      const account = await app.signUp();
      const doomed = await receiver();
      const control = await receiver();
      doomed.respond = () => 503;
      const { id } = await hook(account, { url: doomed.url, events: ['accepted'] });
      await hook(account, { url: control.url, events: ['sent'] });
      const before = await sendOne(account);
      await doomed.waitFor(before.id, ['accepted']);
      expectEnvelope(await remove(account, id), 200);

      const pending = await db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('webhook_id', '=', id)
        .where('delivered_at', 'is', null)
        .where('failed_at', 'is', null)
        .execute();
      assert.deepEqual(pending, [], 'no retry is left to make');
      expectEnvelope(await app.request({ method: 'GET', url: url(id, '/deliveries'), token: account.token }), 404);

      const later = await sendOne(account);
      await control.waitFor(later.id, ['sent']);
      const callsAfterDelete = doomed.calls.length;
      const last = await sendOne(account);
      await control.waitFor(last.id, ['sent']);
      assert.equal(doomed.calls.length, callsAfterDelete, 'no more calls');
      assert.equal(doomed.callsFor(later.id).length + doomed.callsFor(last.id).length, 0, 'events after the deletion never go to it');
    });

    it('another account cannot see, change, delete or replay my webhook, and never receives my events', async () => {
      const a = await app.signUp();
      const b = await app.signUp();
      const mine = await receiver();
      const theirs = await receiver();
      const { id } = await hook(a, { url: mine.url });
      const other = await hook(b, { url: theirs.url });

      expectEnvelope(await get(b, id), 404);
      expectEnvelope(await patch(b, id, { url: theirs.url }), 404);
      expectEnvelope(await remove(b, id), 404);
      expectEnvelope(await replay(b, id, { from: '2020-01-01T00:00:00Z' }), 404);
      expectEnvelope(await app.request({ method: 'GET', url: url(id, '/deliveries'), token: b.token }), 404);
      expectEnvelope(await app.request({ method: 'POST', url: url(id, '/rotate-secret'), token: b.token }), 404);
      assert.deepEqual(
        (await list(b)).items.map((w: any) => w.id),
        [other.id],
      );

      const sentByA = await sendOne(a);
      const callsOfA = await mine.waitFor(sentByA.id, ['accepted', 'sent']);
      // B replaying A's events through its own webhook selects nothing: they are not B's.
      assert.deepEqual(expectEnvelope(await replay(b, other.id, { eventIds: callsOfA.map((c) => c.body.id) }), 200).resultObject, { queued: 0 });
      const sentByB = await sendOne(b);
      await theirs.waitFor(sentByB.id, ['accepted', 'sent']);
      assert.deepEqual([...new Set(theirs.calls.map((c) => c.body.messageId))], [sentByB.id], 'B receives only its own events');
      assert.deepEqual([...new Set(mine.calls.map((c) => c.body.messageId))], [sentByA.id]);
      expectEnvelope(await get(a, id), 200);
    });
  });
}
