/**
 * The feedback listener as the outside world meets it: messages go out through a real
 * relay (an smtp-server sink) with their VERP return path, a real SMTP client
 * (nodemailer) then sends DSNs and ARF reports to that return path at the listener, and
 * everything is checked the way a user of the API sees it: the recipient's state and
 * timeline, GET /notify/v1/events and the suppression list. Also what is refused (and
 * where in the conversation), and the race of an asynchronous bounce with the worker.
 * Last, the real program: `postwire start` and `postwire inbound` listen on
 * INBOUND_SMTP_PORT, `postwire api` does not.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { childEnv } from '../helpers/process.js';
import { DIALECTS } from '../helpers/db.js';
import { eventually, expectEnvelope, startTestApp, type TestAccount, type TestApp } from '../helpers/app.js';
import { outcomeOf, queueRowOf, recipientsNow, sendMessage, type Sent } from '../helpers/delivery-api.js';
import { arfMessage, dsnMessage, plainMessage } from '../helpers/feedback-reports.js';
import { ROOT } from '../helpers/root.js';
import { messagesTo, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.js';

const BOUNCE_DOMAIN = 'bounces.example.com';
const MAX_BYTES = 64 * 1024;

interface SmtpAnswer {
  accepted: boolean;
  /** The reply code of the refusal, or 250. */
  code: number;
  response: string;
  /** The command the refusal answered: RCPT TO or DATA (nodemailer's error code EENVELOPE / EMESSAGE). */
  stage: 'rcpt' | 'data' | undefined;
}

/** Sends one raw message to the listener with the null sender, as a reporting server does. */
async function sendReport(port: number, to: string, raw: string | Buffer): Promise<SmtpAnswer> {
  const client = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  try {
    const info = await client.sendMail({ envelope: { from: '', to: [to] }, raw });
    return { accepted: true, code: 250, response: info.response, stage: undefined };
  } catch (error) {
    const e = error as { responseCode?: number; response?: string; code?: string; message: string };
    return {
      accepted: false,
      code: e.responseCode ?? 0,
      response: e.response ?? e.message,
      stage: e.code === 'EENVELOPE' ? 'rcpt' : e.code === 'EMESSAGE' ? 'data' : undefined,
    };
  } finally {
    client.close();
  }
}

for (const dialect of DIALECTS) {
  describe(`inbound feedback listener [${dialect}]`, () => {
    let sink: SmtpSink;
    let app: TestApp;
    let port: number;
    let a: TestAccount;
    let b: TestAccount;

    before(async () => {
      sink = await startSmtpSink();
      app = await startTestApp(dialect, {
        worker: true,
        inbound: true,
        config: { transport: 'smtp', smtpUrl: sink.url, smtpTlsRejectUnauthorized: false, bounceDomain: BOUNCE_DOMAIN, inboundSmtpMaxBytes: MAX_BYTES },
      });
      port = app.runtime.inbound!.port!;
      a = await app.signUp();
      b = await app.signUp();
    });
    after(async () => {
      await app.close();
      await sink.close();
    });

    /** Sends a message through the API and waits until the relay has it; returns its return path as the relay saw it. */
    async function deliveredTo(account: TestAccount, email: string): Promise<{ sent: Sent; returnPath: string }> {
      const sent = await sendMessage(app, account, [email]);
      const recipient = await outcomeOf(app, account, sent, email);
      assert.equal(recipient.state, 'delivered', recipient.lastResponse ?? '');
      // The return path as the receiving server saw it: where it sends its reports.
      const copy = messagesTo(sink, email).find((m) => m.mailFrom.includes(recipient.id));
      assert.ok(copy, `the relay got ${email} with its recipient's VERP return path`);
      assert.equal(copy.mailFrom, `bounces+${recipient.id}@${BOUNCE_DOMAIN}`);
      return { sent, returnPath: copy.mailFrom };
    }

    async function recipientView(account: TestAccount, sent: Sent): Promise<any> {
      const [recipient] = await recipientsNow(app, account, sent.id);
      return recipient;
    }

    async function events(account: TestAccount, query: string): Promise<any> {
      return expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/events?${query}`, token: account.token }), 200).resultObject;
    }

    async function suppressions(account: TestAccount, email: string): Promise<any[]> {
      const list = expectEnvelope(
        await app.request({ method: 'GET', url: `/notify/v1/suppressions?email=${encodeURIComponent(email)}`, token: account.token }),
        200,
      ).resultObject;
      return list.items;
    }

    it('listens on a free port when INBOUND_SMTP_PORT is 0, readable from the runtime', () => {
      assert.ok(Number.isInteger(port) && port > 0);
    });

    it('a DSN with Action failed and Status 5.x.x bounces the recipient: state, timeline, events and suppression list', async () => {
      const { sent, returnPath } = await deliveredTo(a, 'gone@example.net');
      const answer = await sendReport(port, returnPath, dsnMessage({ to: returnPath, finalRecipient: 'gone@example.net' }));
      assert.ok(answer.accepted, answer.response);
      assert.match(answer.response, /^250 .*recorded \(bounced\)/);

      const recipient = await recipientView(a, sent);
      assert.equal(recipient.state, 'bounced');
      assert.equal(recipient.lastResponse, '550 5.1.1 <gone@example.net>: Recipient address rejected: User unknown in virtual mailbox table');
      assert.ok(recipient.sentTime, 'when it was handed over stays known');
      assert.deepEqual(
        recipient.events.map((e: any) => e.type),
        ['accepted', 'delivered', 'bounced'],
      );
      const bounce = recipient.events[2];
      assert.equal(bounce.details.source, 'dsn');
      assert.equal(bounce.details.action, 'failed');
      assert.equal(bounce.details.status, '5.1.1');
      assert.equal(bounce.details.diagnosticCode, recipient.lastResponse);
      assert.equal(bounce.details.reportingMta, 'mx1.example.net');
      assert.equal(bounce.details.remoteMta, 'mail.example.net');
      assert.equal(bounce.details.finalRecipient, 'gone@example.net');

      const listed = await events(a, `type=bounced&messageId=${sent.id}`);
      assert.equal(listed.totalCount, 1);
      assert.equal(listed.items[0].id, bounce.id);
      assert.equal(listed.items[0].recipientId, recipient.id);
      assert.equal(listed.items[0].details.status, '5.1.1');

      const [suppression] = await suppressions(a, 'gone@example.net');
      assert.equal(suppression.reason, 'hard_bounce');
      assert.equal(suppression.details.status, '5.1.1');
      assert.equal(suppression.details.recipientId, recipient.id);
      assert.equal(suppression.details.messageId, sent.id);

      // The next message to the address is not attempted.
      const next = await sendMessage(app, a, ['gone@example.net']);
      assert.equal((await outcomeOf(app, a, next, 'gone@example.net')).state, 'suppressed');
    });

    it('a DSN whose fields carry NUL, CR/LF and escape codes is recorded on every dialect, each value one line', async () => {
      const { sent, returnPath } = await deliveredTo(a, 'controls@example.net');
      const report = dsnMessage({
        to: returnPath,
        finalRecipient: 'controls@example.net',
        reportingMta: 'mx\u0000.example.net',
        diagnosticCode: 'smtp; 550 5.1.1 user\u0000unknown \u001b[31mhere\u001b[0m\r\n  (folded)',
      });
      const answer = await sendReport(port, returnPath, report);
      assert.ok(answer.accepted, answer.response);
      assert.match(answer.response, /^250 .*recorded \(bounced\)/);
      const recipient = await recipientView(a, sent);
      assert.equal(recipient.state, 'bounced');
      assert.equal(recipient.lastResponse, '550 5.1.1 user unknown [31mhere [0m (folded)');
      assert.equal(recipient.events[2].details.reportingMta, 'mx .example.net');
    });

    it('the same DSN again (a server that missed our reply) is accepted and records nothing new', async () => {
      const { sent, returnPath } = await deliveredTo(a, 'twice-bounced@example.net');
      const report = dsnMessage({ to: returnPath, finalRecipient: 'twice-bounced@example.net' });
      for (let i = 0; i < 3; i++) assert.ok((await sendReport(port, returnPath, report)).accepted);
      const recipient = await recipientView(a, sent);
      assert.equal(recipient.state, 'bounced');
      assert.deepEqual(
        recipient.events.map((e: any) => e.type),
        ['accepted', 'delivered', 'bounced'],
      );
      assert.equal((await events(a, `messageId=${sent.id}&type=bounced`)).totalCount, 1);
      assert.equal((await suppressions(a, 'twice-bounced@example.net')).length, 1);
      // A delay notice that arrives after the bounce is stale news.
      assert.ok((await sendReport(port, returnPath, dsnMessage({ to: returnPath, action: 'delayed', status: '4.2.2' }))).accepted);
      assert.equal((await events(a, `messageId=${sent.id}&type=deferred`)).totalCount, 0);
    });

    it('a delayed DSN is a `deferred` event only: no state change, no suppression; an identical repeat is not recorded twice', async () => {
      const { sent, returnPath } = await deliveredTo(a, 'slow@example.net');
      const delayed = dsnMessage({
        to: returnPath,
        action: 'delayed',
        status: '4.4.1',
        diagnosticCode: 'X-Postfix; connect to mail.example.net[192.0.2.7]:25: Connection timed out',
        finalRecipient: 'slow@example.net',
      });
      const answer = await sendReport(port, returnPath, delayed);
      assert.match(answer.response, /^250 .*recorded \(deferred\)/);
      assert.ok((await sendReport(port, returnPath, delayed)).accepted, 'the repeat is accepted too');

      const recipient = await recipientView(a, sent);
      assert.equal(recipient.state, 'delivered');
      assert.deepEqual(
        recipient.events.map((e: any) => e.type),
        ['accepted', 'delivered', 'deferred'],
      );
      const deferred = recipient.events[2];
      assert.equal(deferred.details.source, 'dsn');
      assert.equal(deferred.details.action, 'delayed');
      assert.equal(deferred.details.status, '4.4.1');
      assert.equal(deferred.details.willRetryUntil, 'Wed, 25 Nov 2026 08:00:00 +0000 (UTC)');
      assert.equal(deferred.details.response, 'connect to mail.example.net[192.0.2.7]:25: Connection timed out');
      assert.deepEqual(await suppressions(a, 'slow@example.net'), []);

      // A later notice with news in it is a new event.
      assert.ok(
        (await sendReport(port, returnPath, dsnMessage({ to: returnPath, action: 'delayed', status: '4.2.2', diagnosticCode: 'smtp; 452 4.2.2 Mailbox full' })))
          .accepted,
      );
      assert.deepEqual(
        (await recipientView(a, sent)).events.map((e: any) => e.type),
        ['accepted', 'delivered', 'deferred', 'deferred'],
      );
      // A failed DSN with a 4.x.x status gave up for a temporary reason: a deferral too, not a hard bounce.
      assert.ok((await sendReport(port, returnPath, dsnMessage({ to: returnPath, action: 'failed', status: '4.4.7', diagnosticCode: null }))).accepted);
      const after = await recipientView(a, sent);
      assert.equal(after.state, 'delivered');
      assert.equal(after.events.at(-1).type, 'deferred');
      assert.equal(after.events.at(-1).details.status, '4.4.7');
    });

    it('a DSN reporting success is accepted and changes nothing', async () => {
      const { sent, returnPath } = await deliveredTo(a, 'fine@example.net');
      const answer = await sendReport(port, returnPath, dsnMessage({ to: returnPath, action: 'delivered', status: '2.0.0', diagnosticCode: null }));
      assert.ok(answer.accepted, answer.response);
      assert.deepEqual(
        (await recipientView(a, sent)).events.map((e: any) => e.type),
        ['accepted', 'delivered'],
      );
    });

    it('an ARF report is a complaint: `complained` event with the Feedback-Type, the address suppressed, the state kept; once only', async () => {
      const { sent, returnPath } = await deliveredTo(a, 'annoyed@example.net');
      const report = arfMessage({ to: returnPath, feedbackType: 'abuse', reportedRecipient: 'annoyed@example.net' });
      const answer = await sendReport(port, returnPath, report);
      assert.match(answer.response, /^250 .*recorded \(complained\)/);
      assert.ok((await sendReport(port, returnPath, report)).accepted);

      const recipient = await recipientView(a, sent);
      assert.equal(recipient.state, 'delivered', 'a complaint does not change the delivery state');
      assert.deepEqual(
        recipient.events.map((e: any) => e.type),
        ['accepted', 'delivered', 'complained'],
      );
      const complaint = recipient.events[2];
      assert.equal(complaint.details.source, 'arf');
      assert.equal(complaint.details.feedbackType, 'abuse');
      assert.equal(complaint.details.userAgent, 'ExampleISP-FBL/2.1');
      assert.equal(complaint.details.sourceIp, '192.0.2.25');
      assert.equal(complaint.details.originalRcptTo, '<annoyed@example.net>');

      const listed = await events(a, 'type=complained&email=annoyed%40example.net');
      assert.deepEqual(
        listed.items.map((e: any) => e.id),
        [complaint.id],
      );
      const [suppression] = await suppressions(a, 'annoyed@example.net');
      assert.equal(suppression.reason, 'complaint');
      assert.equal(suppression.details.feedbackType, 'abuse');
    });

    it("another account's recipient of the same address is never touched", async () => {
      const mine = await deliveredTo(a, 'shared@example.net');
      const theirs = await deliveredTo(b, 'shared@example.net');
      assert.ok((await sendReport(port, mine.returnPath, dsnMessage({ to: mine.returnPath, finalRecipient: 'shared@example.net' }))).accepted);
      assert.ok((await sendReport(port, mine.returnPath, arfMessage({ to: mine.returnPath }))).accepted);

      assert.equal((await recipientView(a, mine.sent)).state, 'bounced');
      const other = await recipientView(b, theirs.sent);
      assert.equal(other.state, 'delivered');
      assert.deepEqual(
        other.events.map((e: any) => e.type),
        ['accepted', 'delivered'],
      );
      assert.deepEqual(await suppressions(b, 'shared@example.net'), []);
      assert.equal((await events(b, 'type=bounced')).totalCount, 0);
      assert.equal((await events(b, 'type=complained')).totalCount, 0);
      // And b cannot see a's message either.
      expectEnvelope(await app.request({ method: 'GET', url: `/notify/v1/messages/${mine.sent.id}`, token: b.token }), 404);
    });

    it('refuses at RCPT TO an unknown VERP id and any address that is not a VERP return path', async () => {
      const { sent, returnPath } = await deliveredTo(a, 'rcpt-check@example.net');
      const recipientId = returnPath.slice('bounces+'.length, returnPath.indexOf('@'));
      const refused = [
        `bounces+ffffffffffffffffffffffff@${BOUNCE_DOMAIN}`, // well formed, no such recipient
        `bounces+${recipientId}@elsewhere.example.org`, // ours, but another domain
        `bounces+not-an-id@${BOUNCE_DOMAIN}`,
        `postmaster@${BOUNCE_DOMAIN}`,
        'rcpt-check@example.net',
      ];
      for (const to of refused) {
        const answer = await sendReport(port, to, dsnMessage({ to }));
        assert.equal(answer.accepted, false, to);
        assert.equal(answer.stage, 'rcpt', `${to}: refused at RCPT TO, not after the data (${answer.response})`);
        assert.equal(answer.code, 550, answer.response);
      }
      assert.deepEqual(
        (await recipientView(a, sent)).events.map((e: any) => e.type),
        ['accepted', 'delivered'],
      );
    });

    it('refuses plain mail, malformed reports and broken MIME after DATA with 5xx, recording nothing and staying up', async () => {
      const { sent, returnPath } = await deliveredTo(a, 'robust@example.net');
      const malformedDsn = dsnMessage({
        to: returnPath,
        deliveryStatus: 'Reporting-MTA: dns; mx1.example.net\r\n\r\nFinal-Recipient: rfc822; robust@example.net\r\nStatus: 5.1.1\r\n',
      });
      const badStatus = dsnMessage({ to: returnPath, status: 'five-one-one' });
      const malformedArf = arfMessage({ to: returnPath, feedbackReport: 'User-Agent: FBL/1\r\nVersion: 1\r\n' });
      const brokenMime = Buffer.concat([
        Buffer.from(
          'Content-Type: multipart/report; report-type=delivery-status; boundary="x"\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\nContent-Transfer-Encoding: base64\r\n\r\n',
        ),
        Buffer.from([0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x2e, 0x2e, 0x80, 0x81]),
        Buffer.from('\r\n--x'),
      ]);
      const cases: [string, string | Buffer, RegExp][] = [
        ['plain mail', plainMessage(returnPath), /^550 5\.6\.0 Not a delivery status notification/],
        ['a DSN without Action', malformedDsn, /^550 5\.6\.0 Malformed report: Action must be one of/],
        ['a DSN with a bad Status', badStatus, /^550 5\.6\.0 Malformed report: Status must be/],
        ['an ARF report without Feedback-Type', malformedArf, /^550 5\.6\.0 Malformed report: .*Feedback-Type/],
        ['broken MIME', brokenMime, /^5\d\d /],
        ['no headers at all', '\r\n\r\n\r\n', /^550 5\.6\.0/],
      ];
      for (const [what, raw, reply] of cases) {
        const answer = await sendReport(port, returnPath, raw);
        assert.equal(answer.accepted, false, what);
        assert.equal(answer.stage, 'data', what);
        assert.match(answer.response, reply, what);
      }
      const recipient = await recipientView(a, sent);
      assert.equal(recipient.state, 'delivered');
      assert.deepEqual(
        recipient.events.map((e: any) => e.type),
        ['accepted', 'delivered'],
      );
      assert.deepEqual(await suppressions(a, 'robust@example.net'), []);
      // Still up and working.
      assert.ok((await sendReport(port, returnPath, dsnMessage({ to: returnPath }))).accepted);
      assert.equal((await recipientView(a, sent)).state, 'bounced');
    });

    it('refuses a message over INBOUND_SMTP_MAX_BYTES with 552', async () => {
      const { sent, returnPath } = await deliveredTo(a, 'big@example.net');
      const padded = dsnMessage({ to: returnPath }).replace('This is the mail system', `${'padding '.repeat(MAX_BYTES / 8)}\r\nThis is the mail system`);
      const answer = await sendReport(port, returnPath, padded);
      assert.equal(answer.accepted, false);
      assert.equal(answer.code, 552, answer.response);
      assert.equal((await recipientView(a, sent)).state, 'delivered');
    });

    it('a bounce that arrives while the worker is still handing the message over wins: the worker does not overwrite it with `delivered`', async () => {
      // The relay holds its 250 for hold+… addresses until released: the DSN arrives in between.
      const sent = await sendMessage(app, a, ['hold+race@example.net']);
      await eventually(async () => (sink.held() > 0 ? true : undefined), 10_000, 'the relay to hold the message');
      const returnPath = `bounces+${sent.recipients[0]!.id}@${BOUNCE_DOMAIN}`;
      assert.ok((await sendReport(port, returnPath, dsnMessage({ to: returnPath, finalRecipient: 'hold+race@example.net' }))).accepted);
      sink.releaseHeld();
      await eventually(async () => ((await queueRowOf(app, sent.recipients[0]!.id)) === undefined ? true : undefined), 10_000, 'the worker to finish');
      await eventually(async () => (messagesTo(sink, 'hold+race@example.net').length > 0 ? true : undefined), 10_000, 'the relay to record it');

      const recipient = await recipientView(a, sent);
      assert.equal(recipient.state, 'bounced');
      assert.match(recipient.lastResponse, /5\.1\.1/);
      assert.deepEqual(
        recipient.events.map((e: any) => e.type),
        ['accepted', 'bounced'],
      );
      assert.equal((await suppressions(a, 'hold+race@example.net'))[0].reason, 'hard_bounce');
    });
  });
}

describe('postwire start / inbound / api and INBOUND_SMTP_PORT (the real program)', () => {
  const children = new Set<ChildProcess>();
  const dirs: string[] = [];
  after(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as net.AddressInfo;
    return { port, release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  /**
   * Runs `postwire <command>` with INBOUND_SMTP_PORT on a port that was free a moment before.
   * Another process of the suite may bind it in between: then the start fails on EADDRINUSE and
   * is tried again on another port.
   */
  async function runOnFreePort(command: string, env: Record<string, string> = {}): Promise<Awaited<ReturnType<typeof run>> & { port: number }> {
    for (let attempt = 1; ; attempt++) {
      const held = await holdPort();
      await held.release();
      try {
        return { ...(await run(command, { ...env, INBOUND_SMTP_PORT: String(held.port) })), port: held.port };
      } catch (error) {
        if (attempt === 3 || !/EADDRINUSE/.test(String(error))) throw error;
      }
    }
  }

  /** Runs `postwire <command>` on a fresh SQLite directory until its banner is out; returns the banner. */
  async function run(command: string, env: Record<string, string>): Promise<{ child: ChildProcess; banner: string; output: () => string }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postwire-inbound-'));
    dirs.push(dataDir);
    const child = spawn(process.execPath, ['bin/postwire.mjs', command], {
      cwd: ROOT,
      env: childEnv({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      out += chunk;
    });
    const banner = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: string) => {
        out += chunk;
        if (/\n\n$/.test(out) && /running/.test(out)) resolve(out);
      });
      child.on('exit', (code) => reject(new Error(`postwire ${command} exited with ${code}:\n${out}`)));
    });
    return { child, banner, output: () => out };
  }

  async function stop(child: ChildProcess): Promise<number | string | null> {
    const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
    child.kill('SIGTERM');
    const code = await exited;
    children.delete(child);
    return code;
  }

  it('--help lists the inbound command', async () => {
    const child = spawn(process.execPath, ['bin/postwire.mjs', '--help'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
    });
    await new Promise((resolve) => child.once('exit', resolve));
    assert.match(out, /^ {2}inbound +Run only the SMTP listener for bounces/m);
    assert.match(out, /^ {2}start +Run everything in one process: HTTP API, delivery worker,/m);
  });

  it('`postwire start` answers SMTP on INBOUND_SMTP_PORT and stops cleanly', async () => {
    const { child, banner, port } = await runOnFreePort('start', { BOUNCE_DOMAIN });
    assert.match(banner, new RegExp(`^ {2}Bounces: smtp://127\\.0\\.0\\.1:${port} `, 'm'));
    // Our listener, not just an open port: it refuses what is not a return path at RCPT TO.
    const answer = await sendReport(port, `postmaster@${BOUNCE_DOMAIN}`, plainMessage(`postmaster@${BOUNCE_DOMAIN}`));
    assert.equal(answer.stage, 'rcpt');
    assert.match(answer.response, /^550 5\.1\.1 .*not a Postwire return path/);
    assert.equal(await stop(child), 0);
  });

  it('`postwire inbound` runs the listener alone; `postwire api` does not open it', async () => {
    const inbound = await runOnFreePort('inbound');
    assert.match(inbound.banner, /feedback listener is running/);
    assert.doesNotMatch(inbound.banner, /API:/);
    assert.equal((await sendReport(inbound.port, 'someone@example.org', plainMessage('someone@example.org'))).stage, 'rcpt');
    assert.equal(await stop(inbound.child), 0, inbound.output());

    // The API role is given a port this test holds: had it tried to listen there, it would have
    // logged the listener as not started (an error, so printed at the children's log level).
    const held = await holdPort();
    try {
      const api = await run('api', { INBOUND_SMTP_PORT: String(held.port) });
      assert.doesNotMatch(api.banner, /Bounces:/);
      const apiUrl = /^ {2}API: +(http:\/\/\S+)$/m.exec(api.banner)![1]!;
      assert.equal((await fetch(`${apiUrl}/readyz`)).status, 200, 'the API itself is up');
      assert.doesNotMatch(api.output(), /inbound SMTP listener/);
      assert.equal(await stop(api.child), 0, api.output());
    } finally {
      await held.release();
    }
  });
});
