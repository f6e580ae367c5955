/**
 * What Postwire's two SMTP servers (the feedback listener, features/notify/feedback, and SMTP
 * submission, features/notify/submission) share around smtp-server: the reply an error
 * becomes, reading a message with a size cap, and listening and closing with a promise.
 */
import type net from 'node:net';
import type { SMTPServer, SMTPServerDataStream } from 'smtp-server';

/** An error smtp-server turns into the reply `<code> <text>`. */
export function smtpReply(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/** Reads the message into memory up to `maxBytes`; the rest is read and dropped (smtp-server answers 552). */
export function readUpTo(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    stream.on('data', (chunk: Buffer) => {
      if (kept >= maxBytes) return;
      chunks.push(chunk);
      kept += chunk.length;
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Listens on `host:port` (0: a free port); resolves with the port, rejects with the listen error (EADDRINUSE). */
export async function listenSmtp(server: SMTPServer, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return (server.server.address() as net.AddressInfo).port;
}

/** Stops taking connections; resolves once smtp-server has closed (after its closeTimeout at most). */
export function closeSmtp(server: SMTPServer): Promise<void> {
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
