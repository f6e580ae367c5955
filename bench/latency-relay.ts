/**
 * The relay of the time-to-inbox benchmark (bench/latency.ts): smtp-server on 127.0.0.1 in a
 * process of its own, so that it shares an event loop with neither Postwire nor the bench's
 * load generator. Plain SMTP, accepts everything, keeps no bytes; for each message it notes
 * when its DATA ended (ms since the epoch, sub-millisecond), by the id in its Message-ID.
 *
 * Protocol with the parent (IPC): prints `LISTENING <port>` when ready; answers
 * { type: 'arrivals' } with { type: 'arrivals', arrivals: [id, at][] }, the arrivals since the
 * previous answer.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let fresh: [string, number][] = [];

const server = new SMTPServer({
  logger: false,
  disableReverseLookup: true,
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  maxClients: 1000,
  onData(stream, _session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 8192) head += chunk.toString('latin1');
    });
    stream.on('end', () => {
      const at = performance.timeOrigin + performance.now();
      const found = /^message-id:\s*<([0-9a-f]{24})@/im.exec(head)?.[1];
      // A copy of the id: the match is a slice of `head`, and would keep all of it (up to a
      // chunk of the message) alive while it waits in `fresh`, which bench:storage never drains.
      if (found) fresh.push([Buffer.from(found, 'latin1').toString('latin1'), at]);
      callback(null, '2.0.0 Accepted by the latency bench relay');
    });
  },
});
server.on('error', (error) => process.stderr.write(`relay: ${error.message}\n`));

process.on('message', (request: { type: string }) => {
  if (request.type !== 'arrivals') return;
  process.send!({ type: 'arrivals', arrivals: fresh });
  fresh = [];
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`LISTENING ${(server.server.address() as AddressInfo).port}\n`);
});
