/**
 * The SMTP server both sides of the delivery benchmark (bench/deliver.ts) send to: a bare
 * smtp-server on 127.0.0.1 in its own process, so that neither the baseline loop nor
 * Postwire shares a core with it. It accepts everything (250 after DATA), keeps no bytes,
 * and counts messages per envelope recipient so the bench can check that each arrived
 * exactly once. Plain SMTP, STARTTLS not offered: a local relay, no TLS cost on either side.
 *
 * Protocol with the parent (IPC): prints `LISTENING <port>` when ready; answers
 * { type: 'counts' } with { type: 'counts', counts: [address, n][], connections, messages }.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const counts = new Map<string, number>();
let connections = 0;
let messages = 0;

const server = new SMTPServer({
  logger: false,
  disableReverseLookup: true,
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  maxClients: 1000,
  onConnect(_session, callback) {
    connections++;
    callback();
  },
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      messages++;
      for (const rcpt of session.envelope.rcptTo) {
        const address = rcpt.address.toLowerCase();
        counts.set(address, (counts.get(address) ?? 0) + 1);
      }
      callback(null, '2.0.0 Accepted by the bench sink');
    });
  },
});
server.on('error', (error) => process.stderr.write(`sink: ${error.message}\n`));

process.on('message', (request: { type: string }) => {
  if (request.type === 'counts') process.send!({ type: 'counts', counts: [...counts], connections, messages });
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`LISTENING ${(server.server.address() as AddressInfo).port}\n`);
});
