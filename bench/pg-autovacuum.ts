/**
 * What PostgreSQL's autovacuum daemon would do, for a server that runs with it off.
 *
 * A benchmark that measures how large the tables grow measures their dead row versions too,
 * and on a server with `autovacuum = on` (its default, and what an operator runs) some of that
 * space is freed while the mail is delivered and filled again by the rows that follow. A
 * server with it off (this workplace's, for its tests) keeps every dead version until the end.
 * So where the server's autovacuum is off, this does its job with its rules: once per
 * `autovacuum_naptime`, every table of the schema whose dead rows exceed
 * `autovacuum_vacuum_threshold + autovacuum_vacuum_scale_factor × reltuples`, or whose rows
 * inserted since its last vacuum exceed the insert threshold the same way, is vacuumed, with
 * the daemon's cost delay and limit. The table's own storage parameters win over the server's,
 * as they do for the daemon. Where the server's autovacuum is on, this does nothing.
 */
import pg from 'pg';

interface TableStats {
  name: string;
  dead: string;
  inserted: string;
  reltuples: number;
  options: string[] | null;
}

export class AutovacuumStandIn {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Tables vacuumed, one entry per VACUUM. */
  readonly vacuumed: string[] = [];

  private constructor(
    private readonly client: pg.Client,
    private readonly settings: Map<string, string>,
  ) {}

  /** Starts the stand-in for `databaseUrl`, or returns undefined when the server's own autovacuum is on. */
  static async startFor(databaseUrl: string): Promise<AutovacuumStandIn | undefined> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ name: string; setting: string }>(`select name, setting from pg_settings where name like 'autovacuum%'`);
    const settings = new Map(rows.map((r) => [r.name, r.setting]));
    if (settings.get('autovacuum') === 'on') {
      await client.end();
      return undefined;
    }
    // The daemon's throttle: a cost limit of -1 means vacuum_cost_limit's.
    const costLimit = settings.get('autovacuum_vacuum_cost_limit') === '-1' ? undefined : settings.get('autovacuum_vacuum_cost_limit');
    await client.query(`set vacuum_cost_delay = ${Number(settings.get('autovacuum_vacuum_cost_delay'))}`);
    if (costLimit) await client.query(`set vacuum_cost_limit = ${Number(costLimit)}`);
    const standIn = new AutovacuumStandIn(client, settings);
    standIn.schedule();
    return standIn;
  }

  private schedule(): void {
    const naptimeMs = Number(this.settings.get('autovacuum_naptime')) * 1000;
    this.timer = setTimeout(() => {
      this.running = this.round()
        .catch((error: unknown) => {
          process.stderr.write(`The autovacuum stand-in's visit failed: ${(error as Error).message}\n`);
        })
        .finally(() => {
          if (!this.stopped) this.schedule();
        });
    }, naptimeMs);
  }

  /** One visit of the database: the tables over a threshold, vacuumed one after the other. */
  private async round(): Promise<void> {
    const { rows } = await this.client.query<TableStats>(
      `select s.relname as name, s.n_dead_tup as dead, s.n_ins_since_vacuum as inserted, c.reltuples, c.reloptions as options
         from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = current_schema()`,
    );
    for (const table of rows) {
      if (this.stopped) return;
      const option = (name: string) => {
        const own = table.options?.find((o) => o.startsWith(`${name}=`));
        return Number(own ? own.slice(name.length + 1) : this.settings.get(name));
      };
      if (table.options?.includes('autovacuum_enabled=false')) continue;
      const tuples = Math.max(0, table.reltuples);
      const deadOver = Number(table.dead) > option('autovacuum_vacuum_threshold') + option('autovacuum_vacuum_scale_factor') * tuples;
      const insertThreshold = option('autovacuum_vacuum_insert_threshold');
      const insertedOver = insertThreshold >= 0 && Number(table.inserted) > insertThreshold + option('autovacuum_vacuum_insert_scale_factor') * tuples;
      if (!deadOver && !insertedOver) continue;
      await this.client.query(`vacuum ${pg.escapeIdentifier(table.name)}`);
      this.vacuumed.push(table.name);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.client.end();
  }
}
