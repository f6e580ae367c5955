/**
 * The baseline of the send benchmark (bench/send.ts): a bare Fastify 5 server with one
 * POST route that validates Postwire's own SendBody schema and answers a small JSON
 * envelope. It does no auth, no key renaming, no database work.
 *
 * Fastify is left at its defaults (its own ajv compiler, no logger). The schema uses formats
 * Postwire defines (`email`, `recipient-email`, `single-line`…); they are registered from
 * Postwire's own list so the baseline validates exactly what Postwire validates.
 *
 * Runs as a child process of the bench so it does not share the load generator's event
 * loop. Prints `LISTENING <url>` on stdout once it accepts connections; exits on SIGTERM.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { SendBody } from '../src/features/notify/messages/messages.schemas.ts';
import { FORMATS } from '../src/http/validation.ts';

const app = Fastify({
  logger: false,
  ajv: {
    onCreate: (ajv) => {
      for (const [name, validate] of Object.entries(FORMATS)) ajv.addFormat(name, { type: 'string', validate });
    },
  },
});

app.post('/notify/v1/send', { schema: { body: SendBody } }, async () => ({
  version: '1.0.0',
  resultStatus: true,
  resultCode: 200,
  resultMessage: 'The message was accepted for delivery.',
  resultObject: { id: randomBytes(12).toString('hex') },
}));

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
const address = app.server.address();
const actual = typeof address === 'object' && address ? address.port : port;
process.stdout.write(`LISTENING http://127.0.0.1:${actual}\n`);

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
