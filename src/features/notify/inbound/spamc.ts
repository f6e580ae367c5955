/**
 * A client for SpamAssassin's spamd over its own protocol (SPAMC/1.5 on TCP): one
 * connection per check, the message sent with its length, the verdict read from the
 * reply's `Spam:` header and the body (rule names for SYMBOLS, the text report for REPORT).
 * A check that takes longer than the timeout, or a spamd that is down or answers
 * anything but EX_OK, is an error: the caller decides whether mail waits or passes.
 */
import { connect } from 'node:net';

export interface SpamdOptions {
  host: string;
  port: number;
  timeoutMs: number;
  /** The user whose preferences spamd applies; absent: spamd's default. */
  user?: string;
}

export interface SpamVerdict {
  isSpam: boolean;
  score: number;
  /** spamd's own threshold (required_score). */
  threshold: number;
  /** The rules that hit (SYMBOLS); empty for REPORT. */
  symbols: string[];
  /** SpamAssassin's text report (REPORT); empty for SYMBOLS. */
  report: string;
}

export class SpamdError extends Error {
  override readonly name = 'SpamdError';
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** The reply split into status line, headers and body; undefined while incomplete. */
export function parseSpamdReply(data: Buffer, command: 'SYMBOLS' | 'REPORT'): SpamVerdict {
  const end = data.indexOf(HEADER_END);
  const head = (end < 0 ? data : data.subarray(0, end)).toString('latin1');
  const body = end < 0 ? '' : data.subarray(end + HEADER_END.length).toString('utf8');
  const [status = '', ...lines] = head.split('\r\n');
  const statusMatch = /^SPAMD\/\d+\.\d+ (\d+) (\S+)/.exec(status);
  if (!statusMatch) throw new SpamdError(`spamd answered something that is not a SPAMD reply: ${JSON.stringify(status.slice(0, 80))}`);
  if (statusMatch[1] !== '0') throw new SpamdError(`spamd refused the check: ${status.trim()}`);
  const spamLine = lines.find((line) => /^Spam\s*:/i.test(line));
  const verdict = spamLine && /^Spam\s*:\s*(True|False|Yes|No)\s*;\s*(-?[\d.]+)\s*\/\s*(-?[\d.]+)/i.exec(spamLine);
  if (!verdict) throw new SpamdError('spamd answered without a Spam header');
  const isSpam = /^(true|yes)$/i.test(verdict[1]!);
  return {
    isSpam,
    score: Number(verdict[2]),
    threshold: Number(verdict[3]),
    symbols:
      command === 'SYMBOLS'
        ? body
            .trim()
            .split(/[,\s]+/)
            .filter((s) => s !== '')
        : [],
    report: command === 'REPORT' ? body.trim() : '',
  };
}

/** Asks spamd about one message. */
export function checkWithSpamd(message: Buffer, options: SpamdOptions, command: 'SYMBOLS' | 'REPORT' = 'SYMBOLS'): Promise<SpamVerdict> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | undefined, verdict?: SpamVerdict) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(verdict!);
    };
    const socket = connect({ host: options.host, port: options.port });
    const timer = setTimeout(
      () => finish(new SpamdError(`spamd at ${options.host}:${options.port} did not answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    socket.on('connect', () => {
      const headers = [`${command} SPAMC/1.5`, `Content-length: ${message.length}`];
      if (options.user) headers.push(`User: ${options.user.replace(/[\r\n]/g, '')}`);
      socket.write(`${headers.join('\r\n')}\r\n\r\n`);
      socket.write(message);
      // spamd reads Content-length bytes; closing our side as well tells older versions the message ended.
      socket.end();
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => finish(new SpamdError(`spamd at ${options.host}:${options.port}: ${error.message}`)));
    socket.on('close', () => {
      if (settled) return;
      try {
        finish(undefined, parseSpamdReply(Buffer.concat(chunks), command));
      } catch (error) {
        finish(error as Error);
      }
    });
  });
}
