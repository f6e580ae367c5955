/**
 * Reading feedback reports without I/O: the field blocks of message/delivery-status
 * (RFC 3464) and message/feedback-report (RFC 5965), what counts as malformed, and
 * what a report means for its recipient (bounced, deferred, complained or nothing).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { simpleParser } from 'mailparser';
import {
  feedbackFrom,
  parseDeliveryStatus,
  parseFeedbackReport,
  parseFieldBlocks,
  readReport,
  type DeliveryStatus,
} from '../../src/features/notify/feedback/feedback-reports.js';
import { arfMessage, dsnMessage } from '../helpers/feedback-reports.js';

const VERP = 'bounces+0123456789abcdef01234567@bounces.example.com';

function dsn(report: DeliveryStatus) {
  return { kind: 'dsn' as const, report };
}

function parsedStatus(text: string): DeliveryStatus {
  const parsed = parseDeliveryStatus(text);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.problem);
  return parsed.value;
}

/** The delivery-status body of a generated DSN, cut out of the MIME. */
function statusBodyOf(raw: string): string {
  const start = raw.indexOf('Content-Type: message/delivery-status\r\n\r\n') + 'Content-Type: message/delivery-status\r\n\r\n'.length;
  return raw.slice(start, raw.indexOf('--4XyZ', start));
}

describe('parseFieldBlocks', () => {
  it('splits at blank lines, lower-cases names and unfolds continuation lines', () => {
    const blocks = parseFieldBlocks(
      'Reporting-MTA: dns; mx.example.net\r\n\r\nAction: failed\r\nDiagnostic-Code: smtp; 550 5.1.1\r\n    User unknown\r\n\tin table\r\n',
    );
    assert.equal(blocks.length, 2);
    assert.deepEqual([...blocks[0]!], [['reporting-mta', 'dns; mx.example.net']]);
    assert.deepEqual(
      [...blocks[1]!],
      [
        ['action', 'failed'],
        ['diagnostic-code', 'smtp; 550 5.1.1 User unknown in table'],
      ],
    );
  });

  it('takes bare LF line ends and blank lines made of spaces', () => {
    const blocks = parseFieldBlocks('A: 1\n   \nB: 2\nC: 3\n');
    assert.deepEqual(
      blocks.map((b) => [...b.keys()]),
      [['a'], ['b', 'c']],
    );
  });

  it('keeps the first of a repeated field and skips lines that are not fields', () => {
    const [block] = parseFieldBlocks('  orphan continuation\nStatus: 5.1.1\nStatus: 2.0.0\nno colon here\n: no name\nX Bad Name: 1\nAction: failed\n');
    assert.deepEqual(
      [...block!],
      [
        ['status', '5.1.1'],
        ['action', 'failed'],
      ],
    );
  });

  it('caps very long values', () => {
    const [block] = parseFieldBlocks(`Diagnostic-Code: smtp; ${'x'.repeat(5000)}\n`);
    assert.equal(block!.get('diagnostic-code')!.length, 1000);
  });

  it('answers nothing for empty input or garbage', () => {
    assert.deepEqual(parseFieldBlocks(''), []);
    assert.deepEqual(parseFieldBlocks('\u0000\u0001 binary \r\n\r\n'), []);
  });
});

describe('parseDeliveryStatus', () => {
  it('reads the per-message and per-recipient fields of a Postfix DSN', () => {
    const status = parsedStatus(statusBodyOf(dsnMessage({ to: VERP })));
    assert.equal(status.reportingMta, 'mx1.example.net');
    assert.equal(status.arrivalDate, 'Sun, 22 Nov 2026 08:00:00 +0000 (UTC)');
    assert.deepEqual(status.recipients, [
      {
        action: 'failed',
        status: '5.1.1',
        finalRecipient: 'bob@example.net',
        originalRecipient: 'bob@example.net',
        diagnosticCode: '550 5.1.1 <bob@example.net>: Recipient address rejected: User unknown in virtual mailbox table',
        remoteMta: 'mail.example.net',
      },
    ]);
  });

  it('reads a delay notice with its retry deadline', () => {
    const status = parsedStatus(
      statusBodyOf(
        dsnMessage({
          to: VERP,
          action: 'delayed',
          status: '4.4.1',
          diagnosticCode: 'X-Postfix; connect to mail.example.net[192.0.2.7]:25: Connection timed out',
        }),
      ),
    );
    assert.equal(status.recipients[0]!.action, 'delayed');
    assert.equal(status.recipients[0]!.status, '4.4.1');
    assert.equal(status.recipients[0]!.willRetryUntil, 'Wed, 25 Nov 2026 08:00:00 +0000 (UTC)');
    assert.equal(status.recipients[0]!.diagnosticCode, 'connect to mail.example.net[192.0.2.7]:25: Connection timed out');
  });

  it('accepts field names in any case and a comment after the status code', () => {
    const status = parsedStatus(
      'REPORTING-MTA: dns;mx.example.net\n\nfinal-recipient: RFC822; Bob@Example.net\nACTION: Failed\nstatus: 5.2.2 (mailbox full)\n',
    );
    assert.deepEqual(status.recipients, [{ action: 'failed', status: '5.2.2', finalRecipient: 'Bob@Example.net' }]);
  });

  it('reads every recipient block', () => {
    const status = parsedStatus('Reporting-MTA: dns; a\n\nAction: delayed\nStatus: 4.2.2\n\nAction: failed\nStatus: 5.1.1\n');
    assert.deepEqual(
      status.recipients.map((r) => r.action),
      ['delayed', 'failed'],
    );
  });

  it('refuses a part without per-recipient fields, a missing or unknown Action, or a bad Status, and says which', () => {
    const cases: [string, RegExp][] = [
      ['', /empty/],
      ['Reporting-MTA: dns; mx.example.net\n', /no per-recipient fields/],
      ['Reporting-MTA: dns; a\n\nStatus: 5.1.1\n', /Action must be one of .*got none/],
      ['Reporting-MTA: dns; a\n\nAction: exploded\nStatus: 5.1.1\n', /Action must be one of .*got "exploded"/],
      ['Reporting-MTA: dns; a\n\nAction: failed\n', /Status must be .*got none/],
      ['Reporting-MTA: dns; a\n\nAction: failed\nStatus: 550\n', /Status must be .*got "550"/],
      ['Reporting-MTA: dns; a\n\nAction: failed\nStatus: 6.1.1\n', /Status must be/],
      ['Reporting-MTA: dns; a\n\nAction: failed\nStatus: 5.1.1\n\nAction: failed\n', /Status must be/],
    ];
    for (const [text, problem] of cases) {
      const parsed = parseDeliveryStatus(text);
      assert.equal(parsed.ok, false, JSON.stringify(text));
      if (!parsed.ok) assert.match(parsed.problem, problem);
    }
  });
});

describe('parseFeedbackReport', () => {
  it('reads the fields of an ARF report', () => {
    const raw = arfMessage({ to: VERP });
    const body = raw.slice(raw.indexOf('Feedback-Type'), raw.indexOf('--part1', raw.indexOf('Feedback-Type')));
    const parsed = parseFeedbackReport(body);
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.value, {
      feedbackType: 'abuse',
      userAgent: 'ExampleISP-FBL/2.1',
      version: '1',
      sourceIp: '192.0.2.25',
      arrivalDate: 'Sun, 22 Nov 2026 07:58:00 +0000',
      reportingMta: 'fbl.example-isp.net',
      originalMailFrom: `<${VERP}>`,
      originalRcptTo: '<bob@example.net>',
      reportedDomain: 'example.com',
    });
  });

  it('keeps any Feedback-Type, lower-cased', () => {
    for (const type of ['fraud', 'Not-Spam', 'virus', 'other', 'x-custom.1']) {
      const parsed = parseFeedbackReport(`Feedback-Type: ${type}\n`);
      assert.ok(parsed.ok);
      assert.equal(parsed.value.feedbackType, type.toLowerCase());
    }
  });

  it('refuses a report without a usable Feedback-Type', () => {
    for (const text of ['', 'User-Agent: x\nVersion: 1\n', 'Feedback-Type: \n', 'Feedback-Type: <script>\n']) {
      const parsed = parseFeedbackReport(text);
      assert.equal(parsed.ok, false, JSON.stringify(text));
      if (!parsed.ok) assert.match(parsed.problem, /Feedback-Type/);
    }
  });
});

describe('readReport', () => {
  it('recognises a report by its first report part, whatever else the message holds', () => {
    assert.equal(
      readReport([
        { contentType: 'text/rfc822-headers', text: 'Subject: x\n' },
        { contentType: 'message/delivery-status', text: 'Reporting-MTA: dns; a\n\nAction: failed\nStatus: 5.1.1\n' },
      ]).kind,
      'dsn',
    );
    assert.equal(readReport([{ contentType: 'Message/Global-Delivery-Status', text: 'Reporting-MTA: dns; a\n\nAction: failed\nStatus: 5.1.1\n' }]).kind, 'dsn');
    assert.equal(readReport([{ contentType: 'message/feedback-report', text: 'Feedback-Type: abuse\n' }]).kind, 'arf');
  });

  it('says malformed for a report part that does not parse, and not-a-report for anything else', () => {
    const malformed = readReport([{ contentType: 'message/delivery-status', text: 'Reporting-MTA: dns; a\n' }]);
    assert.equal(malformed.kind, 'malformed');
    assert.equal(readReport([]).kind, 'not-a-report');
    assert.equal(
      readReport([
        { contentType: 'application/pdf', text: '%PDF' },
        { contentType: 'text/rfc822-headers', text: 'Subject: x' },
      ]).kind,
      'not-a-report',
    );
  });

  it('finds the parts as mailparser hands them over from a real DSN and a real ARF report', async () => {
    for (const [raw, kind] of [
      [dsnMessage({ to: VERP }), 'dsn'],
      [arfMessage({ to: VERP }), 'arf'],
    ] as const) {
      const mail = await simpleParser(raw, { keepDeliveryStatus: true });
      const report = readReport(mail.attachments.map((a) => ({ contentType: a.contentType, text: a.content.toString('utf8') })));
      assert.equal(report.kind, kind);
    }
  });
});

describe('feedbackFrom', () => {
  const block = (action: string, status: string, more: Record<string, string> = {}) => ({ action, status, ...more }) as DeliveryStatus['recipients'][number];

  it('a failure with a 5.x.x status is a bounce; the details carry status, remote reply and reporting server', () => {
    const feedback = feedbackFrom(
      dsn({
        reportingMta: 'mx1.example.net',
        recipients: [block('failed', '5.1.1', { diagnosticCode: '550 5.1.1 User unknown', finalRecipient: 'bob@example.net' })],
      }),
    );
    assert.deepEqual(feedback, {
      type: 'bounced',
      details: {
        source: 'dsn',
        action: 'failed',
        status: '5.1.1',
        diagnosticCode: '550 5.1.1 User unknown',
        finalRecipient: 'bob@example.net',
        reportingMta: 'mx1.example.net',
        response: '550 5.1.1 User unknown',
      },
    });
  });

  it('without a Diagnostic-Code the response names action, status and reporter', () => {
    const feedback = feedbackFrom(dsn({ reportingMta: 'mx1.example.net', recipients: [block('failed', '5.2.1')] }));
    assert.equal(feedback!.details.response, 'failed with status 5.2.1 (reported by mx1.example.net)');
  });

  it('a delay, or any 4.x.x status, is a deferral', () => {
    assert.equal(feedbackFrom(dsn({ recipients: [block('delayed', '4.4.1')] }))!.type, 'deferred');
    assert.equal(feedbackFrom(dsn({ recipients: [block('failed', '4.4.7')] }))!.type, 'deferred', 'failed, but temporary by its code');
  });

  it('success reports call for no record', () => {
    for (const action of ['delivered', 'relayed', 'expanded']) assert.equal(feedbackFrom(dsn({ recipients: [block(action, '2.0.0')] })), undefined);
  });

  it('with several recipient blocks the gravest counts', () => {
    const feedback = feedbackFrom(
      dsn({ recipients: [block('delivered', '2.0.0'), block('delayed', '4.2.2'), block('failed', '5.1.1', { finalRecipient: 'b@x' })] }),
    );
    assert.equal(feedback!.type, 'bounced');
    assert.equal(feedback!.details.finalRecipient, 'b@x');
    assert.equal(feedbackFrom(dsn({ recipients: [block('delivered', '2.0.0'), block('delayed', '4.2.2')] }))!.type, 'deferred');
  });

  it('an ARF report is a complaint whatever its Feedback-Type, which the details keep', () => {
    assert.deepEqual(feedbackFrom({ kind: 'arf', report: { feedbackType: 'fraud', userAgent: 'FBL/1' } }), {
      type: 'complained',
      details: { source: 'arf', feedbackType: 'fraud', userAgent: 'FBL/1' },
    });
  });
});
