/**
 * Realistic feedback reports as remote servers send them to a VERP return path: a DSN
 * (RFC 3464, multipart/report with message/delivery-status and the returned headers,
 * worded like Postfix) and an ARF complaint (RFC 5965, multipart/report with
 * message/feedback-report and the reported message). Shared by the parser's unit tests
 * and the listener's tests.
 */

export interface DsnOptions {
  /** The VERP address the report is sent to. */
  to: string;
  action?: string;
  status?: string;
  /** The remote server's reply; omitted when null. */
  diagnosticCode?: string | null;
  finalRecipient?: string;
  reportingMta?: string;
  /** Replaces the whole message/delivery-status body. */
  deliveryStatus?: string;
  originalMessageId?: string;
}

const CRLF = '\r\n';

export function dsnMessage(o: DsnOptions): string {
  const recipient = o.finalRecipient ?? 'bob@example.net';
  const reportingMta = o.reportingMta ?? 'mx1.example.net';
  const action = o.action ?? 'failed';
  const status = o.status ?? '5.1.1';
  const diagnostic =
    o.diagnosticCode === undefined
      ? `smtp; 550 5.1.1 <${recipient}>: Recipient address rejected:${CRLF}    User unknown in virtual mailbox table`
      : o.diagnosticCode;
  const deliveryStatus =
    o.deliveryStatus ??
    [
      `Reporting-MTA: dns; ${reportingMta}`,
      'X-Postfix-Queue-ID: 4XyZ1k2Lmnz9vQ',
      'Arrival-Date: Sun, 22 Nov 2026 08:00:00 +0000 (UTC)',
      '',
      `Final-Recipient: rfc822; ${recipient}`,
      `Original-Recipient: rfc822;${recipient}`,
      `Action: ${action}`,
      `Status: ${status}`,
      'Remote-MTA: dns; mail.example.net',
      ...(diagnostic === null ? [] : [`Diagnostic-Code: ${diagnostic}`]),
      ...(action === 'delayed' ? ['Will-Retry-Until: Wed, 25 Nov 2026 08:00:00 +0000 (UTC)'] : []),
      '',
    ].join(CRLF);
  const human =
    action === 'delayed'
      ? 'This is the mail system at host mx1.example.net.\r\n\r\n####################################################################\r\n# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR ' +
        'MESSAGE. #\r\n####################################################################\r\n\r\nYour message could not be delivered for 4.0 hours.\r\nIt will be retried until it is 3.0 days old.'
      : "This is the mail system at host mx1.example.net.\r\n\r\nI'm sorry to have to inform you that your message could not\r\nbe delivered to one or more recipients.";
  return [
    `Return-Path: <>`,
    `From: MAILER-DAEMON@${reportingMta} (Mail Delivery System)`,
    `To: ${o.to}`,
    `Subject: ${action === 'delayed' ? 'Delayed Mail (still being retried)' : 'Undelivered Mail Returned to Sender'}`,
    'Date: Sun, 22 Nov 2026 08:00:05 +0000 (UTC)',
    `Message-Id: <20261122080005.DSN@${reportingMta}>`,
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="4XyZ1k2Lmnz9vQ.1795852805/mx1.example.net"',
    '',
    'This is a MIME-encapsulated message.',
    '',
    '--4XyZ1k2Lmnz9vQ.1795852805/mx1.example.net',
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    human,
    '',
    '--4XyZ1k2Lmnz9vQ.1795852805/mx1.example.net',
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    deliveryStatus,
    '--4XyZ1k2Lmnz9vQ.1795852805/mx1.example.net',
    'Content-Description: Undelivered Message Headers',
    'Content-Type: text/rfc822-headers',
    '',
    `Return-Path: <${o.to}>`,
    'From: Shop <shop@example.com>',
    `To: ${recipient}`,
    'Subject: Your order',
    `Message-ID: ${o.originalMessageId ?? '<original@example.com>'}`,
    '',
    '--4XyZ1k2Lmnz9vQ.1795852805/mx1.example.net--',
    '',
  ].join(CRLF);
}

export interface ArfOptions {
  to: string;
  feedbackType?: string;
  /** Replaces the whole message/feedback-report body. */
  feedbackReport?: string;
  reportedRecipient?: string;
}

export function arfMessage(o: ArfOptions): string {
  const recipient = o.reportedRecipient ?? 'bob@example.net';
  const report =
    o.feedbackReport ??
    [
      `Feedback-Type: ${o.feedbackType ?? 'abuse'}`,
      'User-Agent: ExampleISP-FBL/2.1',
      'Version: 1',
      `Original-Mail-From: <${o.to}>`,
      `Original-Rcpt-To: <${recipient}>`,
      'Arrival-Date: Sun, 22 Nov 2026 07:58:00 +0000',
      'Reporting-MTA: dns; fbl.example-isp.net',
      'Source-IP: 192.0.2.25',
      'Reported-Domain: example.com',
      '',
    ].join(CRLF);
  return [
    'From: <fbl@example-isp.net>',
    `To: <${o.to}>`,
    'Subject: FW: Your order',
    'Date: Sun, 22 Nov 2026 08:01:00 +0000',
    'Message-ID: <fbl-report-1@example-isp.net>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="part1_13d.2e68ed54_boundary"',
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: text/plain; charset="US-ASCII"',
    'Content-Transfer-Encoding: 7bit',
    '',
    'This is an email abuse report for an email message received from IP',
    '192.0.2.25 on Sun, 22 Nov 2026 07:58:00 +0000.',
    'For more information about this format please see http://tools.ietf.org/html/rfc5965.',
    '',
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: message/feedback-report',
    '',
    report,
    '--part1_13d.2e68ed54_boundary',
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    `Return-Path: <${o.to}>`,
    'From: Shop <shop@example.com>',
    `To: ${recipient}`,
    'Subject: Your order',
    'Message-ID: <original@example.com>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain',
    '',
    'Your order has shipped.',
    '',
    '--part1_13d.2e68ed54_boundary--',
    '',
  ].join(CRLF);
}

/** An ordinary message: neither a DSN nor an ARF report. */
export function plainMessage(to: string): string {
  return [
    'From: Someone <someone@example.org>',
    `To: ${to}`,
    'Subject: Re: Your order',
    'Date: Sun, 22 Nov 2026 08:02:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Thanks, but where is my parcel?',
    '',
  ].join(CRLF);
}
