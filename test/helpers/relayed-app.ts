/**
 * Postwire with a worker that relays (TRANSPORT=smtp) to a real SMTP server in the test
 * process: what a recipient's mail server receives can be read back and parsed.
 */
import type { Config } from '../../src/config.js';
import type { Dialect } from '../../src/db/database.js';
import { startTestApp, type TestApp } from './app.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

export interface RelayedTestApp {
  app: TestApp;
  sink: SmtpSink;
  close(): Promise<void>;
}

export async function startRelayedTestApp(dialect: Dialect, config: Partial<Config> = {}): Promise<RelayedTestApp> {
  const sink = await startSmtpSink();
  const app = await startTestApp(dialect, { worker: true, config: { transport: 'smtp', smtpUrl: sink.url, smtpTlsRejectUnauthorized: false, ...config } });
  return {
    app,
    sink,
    async close() {
      await app.close();
      await sink.close();
    },
  };
}
