/**
 * The spamd client against Debian's real spamd on 127.0.0.1 (test/helpers/spamd.ts): GTUBE
 * scores as spam with its rule named, an ordinary message does not, REPORT answers the text
 * report, and a spamd that is not there or too slow is an error within the timeout.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { checkWithSpamd, parseSpamdReply, SpamdError } from '../../../src/features/notify/inbound/spamc.js';
import { GTUBE, requireSpamd, SPAMD } from '../../helpers/spamd.js';

const options = { ...SPAMD, timeoutMs: 30_000 };
const message = (body: string) =>
  Buffer.from(
    [
      'From: Ann <ann@example.net>',
      'To: support@in.example.test',
      'Subject: About my order',
      'Date: Tue, 03 Mar 2026 10:00:00 +0000',
      'Message-ID: <a1@example.net>',
      '',
      body,
      '',
    ].join('\r\n'),
  );

describe('spamd client', () => {
  let silent: Server;
  let silentPort: number;

  before(async () => {
    await requireSpamd();
    // Accepts and never answers.
    silent = createServer((socket) => socket.on('error', () => {}));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  after(() => {
    silent?.close();
  });

  it('scores a GTUBE message as spam and names the GTUBE rule', async () => {
    const verdict = await checkWithSpamd(message(`Buy now!\r\n${GTUBE}`), options);
    assert.equal(verdict.isSpam, true);
    assert.ok(verdict.score >= 1000, `score ${verdict.score}`);
    assert.ok(verdict.symbols.includes('GTUBE'), verdict.symbols.join(','));
    assert.equal(verdict.threshold, 5);
  });

  it('does not score an ordinary message as spam', async () => {
    const verdict = await checkWithSpamd(message('Hello, the parcel has not arrived yet. Could you check? Thanks, Ann'), options);
    assert.equal(verdict.isSpam, false);
    assert.ok(verdict.score < 5, `score ${verdict.score}`);
  });

  it('answers the text report for REPORT', async () => {
    const verdict = await checkWithSpamd(message(GTUBE), options, 'REPORT');
    assert.equal(verdict.isSpam, true);
    assert.match(verdict.report, /GTUBE/);
    assert.deepEqual(verdict.symbols, []);
  });

  it('fails within the timeout when spamd does not answer, and at once when nothing listens', async () => {
    await assert.rejects(checkWithSpamd(message('x'), { host: '127.0.0.1', port: silentPort, timeoutMs: 300 }), (error: unknown) => {
      assert.ok(error instanceof SpamdError);
      assert.match(error.message, /did not answer within 300 ms/);
      return true;
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await assert.rejects(checkWithSpamd(message('x'), { host: '127.0.0.1', port, timeoutMs: 5_000 }), SpamdError);
  });

  it('refuses replies that are not a SPAMD verdict', () => {
    assert.throws(() => parseSpamdReply(Buffer.from('HTTP/1.1 200 OK\r\n\r\n'), 'SYMBOLS'), /not a SPAMD reply/);
    assert.throws(() => parseSpamdReply(Buffer.from('SPAMD/1.0 76 Bad header line: x\r\n\r\n'), 'SYMBOLS'), /refused the check/);
    assert.throws(() => parseSpamdReply(Buffer.from('SPAMD/1.1 0 EX_OK\r\nContent-length: 0\r\n\r\n'), 'SYMBOLS'), /without a Spam header/);
    assert.deepEqual(parseSpamdReply(Buffer.from('SPAMD/1.1 0 EX_OK\r\nSpam: False ; -0.5 / 5.0\r\n\r\nALL_TRUSTED,BAYES_00\r\n'), 'SYMBOLS'), {
      isSpam: false,
      score: -0.5,
      threshold: 5,
      symbols: ['ALL_TRUSTED', 'BAYES_00'],
      report: '',
    });
  });
});
