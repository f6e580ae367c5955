/**
 * GET /metrics as Prometheus sees it: after sends and deliveries through the capture
 * inbox and a real SMTP relay (accepting, deferring, refusing and holding), the scraped
 * text shows the counts, the queue gauges and the histograms; the text is valid exposition
 * format; METRICS_TOKEN protects it; and a worker without an API serves the same on
 * METRICS_PORT, with its own counters and the installation's queue.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { PURGE_TASK } from '../../src/features/system/retention/retention.service.js';
import { enqueueJob } from '../../src/queue/jobs.js';
import type { Dialect } from '../../src/db/database.js';
import { createLogger, createRuntime, type Runtime } from '../../src/runtime.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp, type TestResponse } from '../helpers/app.js';
import { DIALECTS } from '../helpers/db.js';
import { outcomeOf, sendMessage } from '../helpers/delivery-api.js';
import { parseExposition, type Exposition } from '../helpers/prometheus.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const OUTCOMES = ['sent', 'delivered', 'deferred', 'bounced', 'suppressed'] as const;

/** A scrape of the API: by default with the app's METRICS_TOKEN, as Prometheus would send it; `null`: no Authorization header. */
async function getMetrics(app: TestApp, given?: string | null): Promise<TestResponse> {
  const token = app.runtime.config.metricsToken;
  const authorization = given === undefined ? (token ? `Bearer ${token}` : undefined) : (given ?? undefined);
  return app.request({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
}

async function scrape(app: TestApp, authorization?: string): Promise<Exposition> {
  const response = await getMetrics(app, authorization);
  assert.equal(response.status, 200, response.text.slice(0, 500));
  return parseExposition(response.text);
}

/** Scrapes until `ready` holds (outcomes are counted once committed, the gauges read the database). */
function scrapeUntil(read: () => Promise<Exposition>, ready: (m: Exposition) => boolean, what: string): Promise<Exposition> {
  return eventually(
    async () => {
      const m = await read();
      return ready(m) ? m : undefined;
    },
    20_000,
    what,
  );
}

/** An app and an account on it for one describe block, closed after it; `options` is read when it starts. */
function appPerSuite(dialect: Dialect, options: () => Parameters<typeof startTestApp>[1] = () => ({})) {
  const ctx = {} as { app: TestApp; account: TestAccount };
  before(async () => {
    ctx.app = await startTestApp(dialect, options());
    ctx.account = await ctx.app.signUp();
  });
  after(() => ctx.app.close());
  return ctx;
}

const deliveries = (m: Exposition, outcome: string) => m.value('postwire_deliveries_total', { outcome });
const recorded = (m: Exposition) => OUTCOMES.reduce((n, outcome) => n + (deliveries(m, outcome) ?? 0), 0);

describe('the exposition-format check used below', () => {
  const valid = '# HELP x_total Things.\n# TYPE x_total counter\nx_total{kind="a"} 3\n';
  it('reads a valid exposition', () => {
    assert.equal(parseExposition(valid).value('x_total', { kind: 'a' }), 3);
  });
  it('rejects what a Prometheus scrape would reject', () => {
    for (const broken of [
      valid.slice(0, -1), // no final line feed
      valid.replace('{kind="a"}', '{kind=a}'), // unquoted label value
      valid.replace('x_total{', 'y_total{'), // a sample of an undeclared family
      valid.replace(' 3\n', ' three\n'), // not a number
      valid.replace('# TYPE x_total counter', '# TYPE x_total countr'), // unknown type
      '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n', // buckets not cumulative
      '# TYPE h histogram\nh_bucket{le="1"} 1\nh_sum 1\nh_count 1\n', // no +Inf bucket
    ])
      assert.throws(() => parseExposition(broken), Error, JSON.stringify(broken));
  });
});

for (const dialect of DIALECTS) {
  describe(`GET /metrics [${dialect}]`, () => {
    describe('with the capture transport', () => {
      const ctx = appPerSuite(dialect, () => ({ worker: true, config: { metricsToken: METRICS_TOKEN } }));

      it('counts accepted messages and recipients, every outcome and its latency, and the queue drains to 0', async () => {
        const { app, account } = ctx;
        const blocked = await app.request({ method: 'POST', url: '/notify/v1/suppressions', token: account.token, body: { email: 'blocked@example.net' } });
        expectEnvelope(blocked, 201);
        // blocked@ ends `suppressed` at acceptance, without a queue row: counted by the send path.
        const first = await sendMessage(app, account, ['one@example.net', 'two@example.net', 'blocked@example.net']);
        const second = await sendMessage(app, account, ['three@example.net']);
        for (const email of ['one@example.net', 'two@example.net']) assert.equal((await outcomeOf(app, account, first, email)).state, 'sent');
        assert.equal((await outcomeOf(app, account, first, 'blocked@example.net')).state, 'suppressed');
        assert.equal((await outcomeOf(app, account, second, 'three@example.net')).state, 'sent');

        const m = await scrapeUntil(
          () => scrape(app),
          (m) => recorded(m) === 4 && m.value('postwire_queue_jobs') === 0,
          'four recorded outcomes and an empty queue',
        );
        assert.equal(m.value('postwire_messages_accepted_total'), 2);
        assert.equal(m.value('postwire_recipients_accepted_total'), 4);
        assert.deepEqual(Object.fromEntries(OUTCOMES.map((o) => [o, deliveries(m, o)])), { sent: 3, delivered: 0, deferred: 0, bounced: 0, suppressed: 1 });
        assert.equal(m.value('postwire_deliveries_expired_total'), 0);
        assert.equal(m.value('postwire_delivery_latency_seconds_count', { outcome: 'sent' }), 3);
        assert.equal(m.value('postwire_delivery_latency_seconds_count', { outcome: 'suppressed' }), 1);
        assert.equal(m.value('postwire_delivery_latency_seconds_count', { outcome: 'delivered' }), 0);
        // The suppressed address was never handed to the transport.
        assert.equal(m.value('postwire_transport_attempt_duration_seconds_count', { transport: 'capture', result: 'sent' }), 3);
        assert.equal(m.value('postwire_queue_due_jobs'), 0);
        assert.equal(m.value('postwire_queue_leased_jobs'), 0);
        assert.equal(m.value('postwire_queue_oldest_due_age_seconds'), 0);
      });

      it('is Prometheus text format 0.0.4 outside the envelope, with the process series', async () => {
        const { app } = ctx;
        const response = await getMetrics(app);
        assert.equal(response.status, 200);
        assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4; charset=utf-8$/);
        assert.equal(response.json, undefined, 'not a JSON envelope');
        const m = parseExposition(response.text);
        assert.equal(m.types.get('postwire_deliveries_total'), 'counter');
        assert.equal(m.types.get('postwire_queue_jobs'), 'gauge');
        assert.equal(m.types.get('postwire_delivery_latency_seconds'), 'histogram');
        assert.equal(m.types.get('postwire_transport_attempt_duration_seconds'), 'histogram');
        for (const family of m.types.keys()) assert.match(response.text, new RegExp(`^# HELP ${family} \\S`, 'm'), `${family} has a HELP line`);
        assert.ok((m.value('process_resident_memory_bytes') ?? 0) > 0, 'process memory is reported');
      });

      it('is in the OpenAPI document', async () => {
        const { app } = ctx;
        const doc = (await app.request({ method: 'GET', url: '/docs/json' })).json;
        const operation = doc.paths['/metrics'].get;
        assert.match(operation.description, /METRICS_TOKEN/);
        assert.ok(operation.responses['200'], 'documents the 200');
      });
    });

    describe('an API and a worker in one process (postwire start), giving way from 1 message a second', () => {
      const ctx = appPerSuite(dialect, () => ({ worker: true, config: { metricsToken: METRICS_TOKEN, workerGiveWayRate: 1 } }));

      it('postwire_worker_giving_way is 1 while sends keep coming, 0 once they stop; every message is delivered', async () => {
        const { app, account } = ctx;
        const givingWay = (m: Exposition) => m.value('postwire_worker_giving_way');
        assert.equal(givingWay(await scrape(app)), 0, 'nothing accepted yet');
        assert.equal((await scrape(app)).types.get('postwire_worker_giving_way'), 'gauge');
        const sent: Awaited<ReturnType<typeof sendMessage>>[] = [];
        // Several sends between scrapes: any window of 100 ms or more then holds at least one.
        await scrapeUntil(
          async () => {
            for (let i = 0; i < 5; i++) sent.push(await sendMessage(app, account, [`p${sent.length}@example.net`]));
            return scrape(app);
          },
          (m) => givingWay(m) === 1,
          'giving way while sends keep coming',
        );
        await scrapeUntil(
          () => scrape(app),
          (m) => givingWay(m) === 0,
          'no longer giving way once the sends stopped',
        );
        for (const [i, message] of sent.entries()) assert.equal((await outcomeOf(app, account, message, `p${i}@example.net`)).state, 'sent');
      });
    });

    describe('with an SMTP relay that accepts, defers, refuses and holds', () => {
      let sink: SmtpSink;
      before(async () => {
        sink = await startSmtpSink();
      });
      // Registered after the sink's hooks: the app starts after the sink and closes before it.
      // The deferred recipient's retry is an hour away: it stays queued and not due for the whole suite.
      const ctx = appPerSuite(dialect, () => ({
        worker: true,
        config: { metricsToken: METRICS_TOKEN, transport: 'smtp', smtpUrl: sink.url, smtpTlsRejectUnauthorized: false, retryFirstDelayMs: 3_600_000 },
      }));
      after(() => sink.close());

      it('counts delivered, deferred and bounced; the deferred recipient stays queued but is not due', async () => {
        const { app, account } = ctx;
        const sent = await sendMessage(app, account, ['ok@example.net', 'tempfail@example.net', 'reject@example.net']);
        assert.equal((await outcomeOf(app, account, sent, 'ok@example.net')).state, 'delivered');
        assert.equal((await outcomeOf(app, account, sent, 'tempfail@example.net')).state, 'deferred');
        assert.equal((await outcomeOf(app, account, sent, 'reject@example.net')).state, 'bounced');
        assert.equal(messagesTo(sink, 'ok@example.net').length, 1);

        const m = await scrapeUntil(
          () => scrape(app),
          (m) => recorded(m) === 3,
          'three recorded outcomes',
        );
        assert.deepEqual(Object.fromEntries(OUTCOMES.map((o) => [o, deliveries(m, o)])), { sent: 0, delivered: 1, deferred: 1, bounced: 1, suppressed: 0 });
        for (const result of ['delivered', 'deferred', 'bounced']) {
          assert.equal(m.value('postwire_transport_attempt_duration_seconds_count', { transport: 'smtp', result }), 1, `one ${result} attempt`);
        }
        // A deferral is not an end: it has no latency yet.
        assert.equal(m.value('postwire_delivery_latency_seconds_count', { outcome: 'delivered' }), 1);
        assert.equal(m.value('postwire_delivery_latency_seconds_count', { outcome: 'bounced' }), 1);
        assert.equal(m.value('postwire_delivery_latency_seconds_count', { outcome: 'deferred' }), undefined);
        assert.equal(m.value('postwire_queue_jobs'), 1, 'the deferred recipient waits for its retry');
        assert.equal(m.value('postwire_queue_due_jobs'), 0, 'its retry is not due yet');
        assert.equal(m.value('postwire_queue_leased_jobs'), 0);
        assert.equal(m.value('postwire_queue_oldest_due_age_seconds'), 0);
      });

      it('a delivery in flight is a leased job; once the relay answers it is delivered and gone from the queue', async () => {
        const { app, account } = ctx;
        const sent = await sendMessage(app, account, ['hold@example.net']);
        await eventually(async () => (sink.held() === 1 ? true : undefined), 20_000, 'the relay to hold the message');
        const during = await scrape(app);
        assert.equal(during.value('postwire_queue_leased_jobs'), 1);
        assert.equal(during.value('postwire_queue_jobs'), 2, 'the held one and the deferred one');
        assert.equal(during.value('postwire_queue_due_jobs'), 0);

        sink.releaseHeld();
        assert.equal((await outcomeOf(app, account, sent, 'hold@example.net')).state, 'delivered');
        const m = await scrapeUntil(
          () => scrape(app),
          (m) => deliveries(m, 'delivered') === 2 && m.value('postwire_queue_leased_jobs') === 0,
          'the held delivery recorded',
        );
        assert.equal(m.value('postwire_queue_jobs'), 1);
        assert.equal(m.value('postwire_delivery_latency_seconds_count', { outcome: 'delivered' }), 2);
        assert.equal(m.value('postwire_messages_accepted_total'), 2);
        assert.equal(m.value('postwire_recipients_accepted_total'), 4);
      });
    });

    describe("the retention purge, run by the server's job runner", () => {
      // One captured copy kept: the purge deletes the rest, whatever the clock says.
      const ctx = appPerSuite(dialect, () => ({ worker: true, config: { metricsToken: METRICS_TOKEN, captureInboxMaxRows: 1 } }));

      it('counts its runs, what it removed and how long each of its transactions held the database', async () => {
        const { app, account } = ctx;
        const before = await scrape(app);
        assert.equal(before.value('postwire_purge_runs_total', { complete: 'true' }), 0);
        assert.equal(before.value('postwire_purge_longest_hold_seconds'), 0);
        for (const email of ['one@example.net', 'two@example.net', 'three@example.net']) {
          const id = await sendMessage(app, account, [email]);
          assert.equal((await outcomeOf(app, account, id, email)).state, 'sent');
        }

        await enqueueJob(app.runtime.services.handle.db, { task: PURGE_TASK, payload: null, key: 'now' });
        app.runtime.jobRunner!.start();
        const m = await scrapeUntil(
          () => scrape(app),
          (m) => m.value('postwire_purge_runs_total', { complete: 'true' }) === 1,
          'one finished purge run',
        );
        assert.equal(m.value('postwire_purge_runs_total', { complete: 'false' }), 0);
        assert.equal(m.value('postwire_purge_removed_total', { what: 'captured' }), 2);
        assert.equal(m.value('postwire_purge_removed_total', { what: 'bodies' }), undefined, 'no body is past its retention');
        const held = m.value('postwire_purge_hold_seconds_count', { step: 'captured' }) ?? 0;
        assert.ok(held >= 1, `${held} captured batches timed`);
        const longest = m.value('postwire_purge_longest_hold_seconds') ?? 0;
        assert.ok(longest > 0 && longest < 60, `longest hold ${longest} s`);
        assert.ok((m.value('postwire_purge_hold_seconds_bucket', { step: 'captured', le: '+Inf' }) ?? 0) >= 1);
      });
    });

    describe('queue gauges with no worker running', () => {
      const ctx = appPerSuite(dialect, () => ({ config: { metricsToken: METRICS_TOKEN } }));

      it('counts due jobs and how long the oldest has waited; a job due later is queued, not due', async () => {
        const { app, account } = ctx;
        const first = await sendMessage(app, account, ['a@example.net', 'b@example.net']);
        await sendMessage(app, account, ['c@example.net']);
        const db = app.runtime.services.handle.db;
        // As if the first recipient had waited 90 s, and the second's retry were due in an hour.
        await db
          .updateTable('delivery_jobs')
          .set({ run_at: Date.now() - 90_000 })
          .where('recipient_id', '=', first.recipients[0]!.id)
          .execute();
        await db
          .updateTable('delivery_jobs')
          .set({ run_at: Date.now() + 3_600_000 })
          .where('recipient_id', '=', first.recipients[1]!.id)
          .execute();

        const m = await scrape(app);
        assert.equal(m.value('postwire_queue_jobs'), 3);
        assert.equal(m.value('postwire_queue_due_jobs'), 2);
        assert.equal(m.value('postwire_queue_leased_jobs'), 0);
        const age = m.value('postwire_queue_oldest_due_age_seconds')!;
        assert.ok(age >= 90 && age < 3600, `oldest due age ${age} s`);
        assert.equal(m.value('postwire_recipients_accepted_total'), 3);
        assert.equal(recorded(m), 0, 'nothing delivered: there is no worker');
      });
    });

    describe('METRICS_TOKEN not set', () => {
      const ctx = appPerSuite(dialect);

      it('the API answers 401 to every scrape and says what to configure; no credential opens it', async () => {
        const { app, account } = ctx;
        for (const authorization of [null, `Bearer ${account.token}`, 'Bearer anything']) {
          const body = expectEnvelope(await getMetrics(app, authorization), 401);
          assert.match(body.resultMessage, /needs METRICS_TOKEN to be configured/);
          assert.match(body.resultMessage, /METRICS_PORT/);
        }
      });
    });

    describe('METRICS_TOKEN set', () => {
      const ctx = appPerSuite(dialect, () => ({ config: { metricsToken: METRICS_TOKEN } }));

      it("refuses a scrape without the token, with another token or with a user's access token: 401 envelope", async () => {
        const { app, account } = ctx;
        for (const authorization of [null, 'Bearer wrong-token', `Bearer ${account.token}`, METRICS_TOKEN, `Basic ${METRICS_TOKEN}`]) {
          const body = expectEnvelope(await getMetrics(app, authorization), 401);
          assert.match(body.resultMessage, /METRICS_TOKEN/);
        }
      });

      it('serves the metrics with Authorization: Bearer <METRICS_TOKEN>', async () => {
        const { app } = ctx;
        const m = await scrape(app, `Bearer ${METRICS_TOKEN}`);
        assert.equal(m.value('postwire_queue_jobs'), 0);
      });
    });

    describe('a worker without the API, on METRICS_PORT', () => {
      let api: TestApp;
      let account: TestAccount;
      let worker: Runtime;
      before(async () => {
        api = await startTestApp(dialect, { config: { metricsToken: METRICS_TOKEN } });
        account = await api.signUp();
        const config = loadConfig(
          { LOG_LEVEL: 'silent', WORKER_POLL_MS: '50', PASSWORD_HASH_COST: '4' },
          {
            dataDir: api.database.dataDir,
            databaseUrl: api.database.databaseUrl,
            metricsPort: 0,
            metricsToken: METRICS_TOKEN,
          },
        );
        worker = await createRuntime(config, { api: false, worker: true }, createLogger(config));
        await worker.listen();
      });
      after(async () => {
        await worker.close();
        await api.close();
      });

      const fetchMetrics = (path: string, authorization?: string) => fetch(`${worker.metricsUrl}${path}`, { headers: authorization ? { authorization } : {} });

      it("serves its own counters and the installation's queue; the API process serves its own", async () => {
        const sent = await sendMessage(api, account, ['x@example.net', 'y@example.net']);
        for (const email of ['x@example.net', 'y@example.net']) assert.equal((await outcomeOf(api, account, sent, email)).state, 'sent');

        const read = async () => {
          const response = await fetchMetrics('/metrics', `Bearer ${METRICS_TOKEN}`);
          assert.equal(response.status, 200);
          assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
          return parseExposition(await response.text());
        };
        const m = await scrapeUntil(read, (m) => deliveries(m, 'sent') === 2 && m.value('postwire_queue_jobs') === 0, "the worker's two deliveries");
        assert.equal(m.value('postwire_messages_accepted_total'), 0, 'the worker accepted nothing: the API process did');
        const fromApi = await scrape(api);
        assert.equal(fromApi.value('postwire_messages_accepted_total'), 1);
        assert.equal(fromApi.value('postwire_recipients_accepted_total'), 2);
        assert.equal(deliveries(fromApi, 'sent'), 0, 'the API process delivered nothing');
        assert.equal(fromApi.value('postwire_queue_jobs'), 0, 'the queue gauges are the same everywhere');
        assert.equal(m.value('postwire_worker_giving_way'), undefined, 'a worker without an API has nothing to give way to');
        assert.equal(fromApi.value('postwire_worker_giving_way'), undefined, 'nor has an API without a worker');
      });

      it('answers a scrape without the token with a 401 envelope, and any other path with a 404 envelope', async () => {
        const refused = await fetchMetrics('/metrics');
        const asResponse = async (r: Response): Promise<TestResponse> => {
          const text = await r.text();
          return { status: r.status, headers: Object.fromEntries(r.headers), json: JSON.parse(text), text };
        };
        assert.match(expectEnvelope(await asResponse(refused), 401).resultMessage, /METRICS_TOKEN/);
        expectEnvelope(await asResponse(await fetchMetrics('/healthz', `Bearer ${METRICS_TOKEN}`)), 404);
      });
    });
  });
}
