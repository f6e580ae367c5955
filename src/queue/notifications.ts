/**
 * PostgreSQL only: wakes this process's queue users when any process commits work for
 * them: the delivery worker on `postwire_deliveries` (src/delivery/enqueue.ts), the
 * webhook dispatcher on `postwire_webhooks` (webhooks.fan-out.ts). The writers
 * `pg_notify` in the writing transaction, and the server delivers the notification on
 * commit. One dedicated connection per channel LISTENs; if it drops, it is opened again
 * after a pause, and meanwhile the poll finds the work anyway, so a lost notification
 * only costs latency.
 */
import type { Logger } from 'pino';
import type pg from 'pg';

const RECONNECT_MS = 2000;

export class PgNotificationListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly onNotification: () => void,
    private readonly log: Logger,
  ) {}

  start(): void {
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    // pg is loaded here, not with this module: a SQLite installation never needs it.
    const { default: pg } = await import('pg');
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    this.client = client;
    client.on('notification', () => this.onNotification());
    client.on('error', (error) => this.reconnect(client, error));
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
      // Work committed while no one was listening is found by this first wake-up.
      this.onNotification();
    } catch (error) {
      this.reconnect(client, error as Error);
    }
  }

  private reconnect(client: pg.Client, error?: Error): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    if (error) this.log.warn({ err: error, channel: this.channel }, 'notification connection lost; polling until it is back');
    client.end().catch(() => undefined);
    this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
