/**
 * One runner for every kind of leased work (deliveries, webhook calls, jobs), written once:
 *
 *   start      take back the rows dead processes of this host hold (dead-leases.ts), start
 *              the heartbeat and the PostgreSQL LISTEN wake-ups, then run the loop
 *   take       claim a batch, hold its leases (lease-heartbeat.ts), and turn the rows into
 *              work (`prepare`: load what the work needs); rows left out are released
 *   idle       wait for the work signal (work committed in this process, or a
 *              notification from any) or the next poll, whichever comes first
 *   stop       no new claim; work already started finishes and is recorded (`drain`);
 *              claimed work not started is released at once, so another process takes it
 *              now rather than when its lease runs out
 *
 * Why the loop is a part of its own (`LeaseLoop`): the roles differ only in how claimed
 * work meets the hands that do it. Webhook calls and jobs take one row per free slot and
 * start it at once (`SlotLoop`, below), so a claimed row is always being worked on. The
 * delivery worker's lanes share a buffer of claimed work and claim when it runs dry, with
 * transactional work jumping it and lanes giving way to the API (src/delivery/worker.ts).
 * Everything around the loop is the same for all three and lives here.
 *
 * A row `take` returns is held by the heartbeat until the loop lets it go (recorded, or
 * given up to its lease) or releases it. Work found after stop was asked is released, not
 * started, even if it was claimed before.
 */
import type { Logger } from 'pino';
import type { DbOrTrx } from '../db/database.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { reclaimDeadLeasesAtStart } from './dead-leases.js';
import { holderId } from './holder-id.js';
import { LeaseHeartbeat } from './lease-heartbeat.js';
import type { ClaimedRow, LeaseQueue } from './lease-queue.js';
import type { PgNotificationListener } from './notifications.js';
import type { WorkSignal } from './work-signal.js';

export interface LeaseRunnerSettings {
  /** The holder id's role ('worker', 'webhooks', 'jobs'). */
  role: string;
  /** What the log calls the runner ('worker', 'webhook dispatcher', 'job runner'). */
  name: string;
  queue: LeaseQueue<any>;
  /** Where claims, renewals and the reclaim at start write. */
  db: DbOrTrx;
  /** Where releases write; default `db`. */
  releaseDb?: DbOrTrx;
  leaseMs: number;
  pollMs: number;
  /** Wakes the idle runner when work is queued in this process; stopping wakes it too. */
  wakeups: WorkSignal;
  /** Wake-ups from other processes (PostgreSQL), started and closed with the runner. */
  notifications?: PgNotificationListener;
  /** What leases are measured against; default the system clock. */
  clock?: Clock;
}

/** What a loop does between start and stop, with the runner's claims, idles and releases. */
export interface LeaseLoop {
  /** Runs until `runner.stopping`; releases what it holds unstarted before it returns. */
  run(runner: LeaseRunner): Promise<void>;
  /** After `run` returned: the work it started, finished and recorded. */
  drain(): Promise<void>;
}

export interface Taken<Work> {
  /** How many rows the claim found (some may have been released since). */
  claimed: number;
  /** The work to start, each piece held by the heartbeat. */
  work: Work[];
}

export class LeaseRunner {
  readonly id: string;
  readonly heartbeat: LeaseHeartbeat;
  private stopped = false;
  private loop: Promise<void> | undefined;
  /** The work signal's count when the last claim began (idle). */
  private signalledBeforeClaim: number | undefined;

  constructor(
    private readonly settings: LeaseRunnerSettings,
    private readonly work: LeaseLoop,
    private readonly log: Logger,
  ) {
    this.id = holderId(settings.role);
    this.heartbeat = new LeaseHeartbeat(settings.db, settings.queue, this.id, settings.leaseMs, log, this.clock);
  }

  /** The time claims and renewals are made at. */
  get clock(): Clock {
    return this.settings.clock ?? systemClock;
  }

  /** True once stop was asked: claim nothing more, start nothing more. */
  get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    if (this.loop) return;
    this.settings.notifications?.start();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.settings.wakeups.notify();
    await this.settings.notifications?.close();
    await this.loop;
    await this.work.drain();
    await this.heartbeat.stop();
    if (this.loop) this.log.info({ holder: this.id }, `${this.settings.name} stopped`);
  }

  private async run(): Promise<void> {
    const { db, queue, name } = this.settings;
    // The rows dead processes of this host held are due again at once.
    await reclaimDeadLeasesAtStart(db, queue, this.log, this.clock);
    this.heartbeat.start();
    this.log.info({ holder: this.id }, `${name} started`);
    await this.work.run(this);
  }

  /**
   * Claims a batch (`claim` gets the holder id), holds its leases, and turns the rows into
   * work with `prepare`; rows `prepare` leaves out are released, all of them if it throws
   * (then it throws), and all of them if stop was asked meanwhile.
   */
  async take<Row extends ClaimedRow, Work extends { id: string }>(
    claim: (holder: string) => Promise<Row[]>,
    prepare: (rows: Row[]) => Promise<Work[]>,
  ): Promise<Taken<Work>> {
    if (this.stopped) return { claimed: 0, work: [] };
    this.signalledBeforeClaim = this.settings.wakeups.notifications;
    const rows = await claim(this.id);
    if (rows.length === 0) return { claimed: 0, work: [] };
    const ids = rows.map((row) => row.id);
    this.heartbeat.hold(ids, Math.min(...rows.map((row) => row.locked_until)));
    let work: Work[];
    try {
      work = this.stopped ? [] : await prepare(rows);
    } catch (error) {
      // Nothing was started: give the rows back now rather than when their lease ends.
      await this.release(ids);
      throw error;
    }
    if (this.stopped) work = [];
    const kept = new Set(work.map((w) => w.id));
    await this.release(ids.filter((id) => !kept.has(id)));
    return { claimed: rows.length, work };
  }

  /** Gives rows back to the queue at once (not started: no attempt counted) and stops renewing them. */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    this.heartbeat.letGo(ids);
    await this.settings.queue.release(this.settings.releaseDb ?? this.settings.db, this.id, ids).catch((error: unknown) => {
      this.log.warn({ err: error, table: this.settings.queue.table, rows: ids.length }, 'could not release rows; they come back when their lease ends');
    });
  }

  /**
   * Until the work signal (or a notification) wakes the runner, or `ms` (default the poll
   * interval). Not at all when work was signalled while the last claim read the queue: that
   * claim found nothing, but the work queued meanwhile was not in what it read, and its signal
   * came when nobody waited.
   */
  idle(ms = this.settings.pollMs): Promise<void> {
    return this.settings.wakeups.wait(ms, this.signalledBeforeClaim);
  }

  /** A failed claim or load (the database may be briefly away): logged, then a short wait. */
  async pauseAfter(error: unknown): Promise<void> {
    this.log.error({ err: error }, `${this.settings.name} iteration failed; retrying shortly`);
    await this.settings.wakeups.wait(Math.min(this.settings.pollMs, 1000));
  }
}

/** A role on the runner (the delivery worker, the webhook dispatcher, the job runner): its holder id, start and stop are the runner's. */
export abstract class LeaseRole {
  protected abstract readonly runner: LeaseRunner;

  get id(): string {
    return this.runner.id;
  }

  start(): void {
    this.runner.start();
  }

  /** No new claims; the work started finishes and is recorded, the rest is released. */
  stop(): Promise<void> {
    return this.runner.stop();
  }
}

/** How a slot role claims, loads and does its work. */
export interface SlotHandler<Row extends ClaimedRow, Work extends { id: string }> {
  /** Claims up to `limit` due rows for `holder`. */
  claim(holder: string, limit: number): Promise<Row[]>;
  /** The work the rows become; a row left out (its work went away meanwhile) is released. */
  prepare(rows: Row[]): Promise<Work[]>;
  /** Does one piece of work and records it; never throws (an unrecorded outcome waits for its lease). */
  perform(work: Work): Promise<void>;
}

/**
 * At most `concurrency` pieces of work in flight; each claim takes only as many rows as
 * there are free slots and starts them all at once, so no claimed row waits in this
 * process while its lease runs.
 */
export class SlotLoop<Row extends ClaimedRow, Work extends { id: string }> implements LeaseLoop {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly handler: SlotHandler<Row, Work>,
    private readonly concurrency: number,
  ) {}

  async run(runner: LeaseRunner): Promise<void> {
    while (!runner.stopping) {
      try {
        const free = this.concurrency - this.inFlight.size;
        if (free <= 0) {
          await Promise.race(this.inFlight);
          continue;
        }
        const taken = await runner.take(
          (holder) => this.handler.claim(holder, free),
          (rows) => this.handler.prepare(rows),
        );
        if (taken.claimed === 0) {
          if (!runner.stopping) await runner.idle();
          continue;
        }
        for (const work of taken.work) {
          const task = this.handler.perform(work).finally(() => {
            runner.heartbeat.letGo([work.id]);
            this.inFlight.delete(task);
          });
          this.inFlight.add(task);
        }
      } catch (error) {
        // Claimed rows that were not released come back when their lease ends.
        await runner.pauseAfter(error);
      }
    }
  }

  drain(): Promise<void> {
    return Promise.all(this.inFlight).then(() => undefined);
  }
}
