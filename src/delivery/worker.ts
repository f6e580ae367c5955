/**
 * The worker loop: claim a batch of due jobs with a lease, deliver it through the
 * pipeline with bounded concurrency, repeat; when nothing is due, sleep until woken
 * (a send committed in this process, or, on PostgreSQL, a notification that one was
 * committed in any process: src/queue/notifications.ts) or the next poll.
 *
 * Leases (src/queue/): the worker's heartbeat renews the lease of the batch it holds,
 * started or not, every third of WORKER_LEASE_SECONDS, so a lease can be short and a
 * worker that dies gives its rows back within one. At start, the worker first takes back
 * the rows that dead processes of this host still hold (src/queue/dead-leases.ts): after
 * kill -9 and a restart, the mail the dead process had claimed goes out at once.
 *
 * Stopping (SIGTERM/SIGINT): no new batch is claimed, deliveries already started
 * finish and are recorded, and jobs claimed but not started are released so another
 * worker can take them at once instead of waiting for the lease to run out. Jobs of a
 * batch still unstarted half-way through its lease (the renewals failed meanwhile) are
 * released the same way (see runBounded): a delivery never starts on a lease that may
 * end before it does.
 */
import type { Logger } from 'pino';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DbHandle } from '../db/database.js';
import { reclaimDeadLeasesAtStart } from '../queue/dead-leases.js';
import { holderId } from '../queue/holder-id.js';
import { LeaseHeartbeat } from '../queue/lease-heartbeat.js';
import type { PgNotificationListener } from '../queue/notifications.js';
import type { Delivery, DeliveryPipeline } from './pipeline.js';
import { claimDueJobs, deliveryQueue, releaseJobs, type BulkCursor } from './queue.js';
import type { WorkSignal } from './work-signal.js';

export interface WorkerOptions {
  batchSize: number;
  leaseMs: number;
  pollMs: number;
  concurrency: number;
  /**
   * True while the API in this process is pressed (give-way.ts): then one delivery stays in
   * flight and the other lanes wait until it is not. Absent: always the full concurrency.
   */
  giveWay?: () => boolean;
}

/** How often lanes that give way look again whether the API still needs the CPU. */
const GIVE_WAY_CHECK_MS = 20;

export class Worker {
  readonly id = holderId('worker');
  private stopping = false;
  private loop: Promise<void> | undefined;
  private readonly heartbeat: LeaseHeartbeat;
  /** Where the next claim's bulk work starts (queue.ts, "Lanes"). */
  private readonly bulkCursor: BulkCursor = { lastAccount: '' };

  constructor(
    private readonly handle: DbHandle,
    private readonly pipeline: DeliveryPipeline,
    private readonly signal: WorkSignal,
    private readonly options: WorkerOptions,
    private readonly log: Logger,
    /** Wake-ups from other processes (PostgreSQL), started and closed with the worker. */
    private readonly notifications?: PgNotificationListener,
  ) {
    this.heartbeat = new LeaseHeartbeat(handle.workerWrites, deliveryQueue, this.id, options.leaseMs, log);
  }

  start(): void {
    if (this.loop) return;
    this.notifications?.start();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.signal.notify();
    await this.notifications?.close();
    await this.loop;
    await this.pipeline.drain();
    await this.heartbeat.stop();
  }

  private async run(): Promise<void> {
    // The rows dead processes of this host held are due again at once.
    await reclaimDeadLeasesAtStart(this.handle.workerWrites, deliveryQueue, this.log);
    this.heartbeat.start();
    this.log.info({ workerId: this.id }, 'worker started');
    while (!this.stopping) {
      try {
        // A claim a power loss undoes only makes its jobs due again (database.ts `workerWrites`).
        const jobs = await claimDueJobs(
          this.handle.workerWrites,
          this.handle.dialect,
          this.id,
          this.options.batchSize,
          this.options.leaseMs,
          Date.now(),
          this.bulkCursor,
        );
        if (jobs.length === 0) {
          await this.signal.wait(this.options.pollMs);
          continue;
        }
        const ids = jobs.map((j) => j.id);
        this.heartbeat.hold(ids, Math.min(...jobs.map((j) => j.locked_until)));
        try {
          let tasks: (() => Promise<Delivery>)[];
          try {
            tasks = await this.pipeline.loadBatch(jobs);
          } catch (error) {
            // Nothing was sent: give the rows back now rather than when their lease ends.
            await releaseJobs(this.handle.db, this.id, ids).catch(() => undefined);
            throw error;
          }
          const unstarted = await this.runBounded(tasks, ids);
          if (unstarted.length)
            await releaseJobs(
              this.handle.db,
              this.id,
              unstarted.map((i) => ids[i]!),
            );
        } finally {
          // Recorded, released, or (an outcome that could not be written) left for its lease to end.
          this.heartbeat.letGo(ids);
        }
      } catch (error) {
        // The database may be briefly unreachable; claimed rows come back when their lease ends.
        this.log.error({ err: error }, 'worker iteration failed; retrying shortly');
        await this.signal.wait(Math.min(this.options.pollMs, 1000));
      }
    }
    this.log.info({ workerId: this.id }, 'worker stopped');
  }

  /**
   * Runs tasks at most `concurrency` at a time, starting none the heartbeat says may no
   * longer start; returns the indexes never started (because of stop() or the lease). The
   * heartbeat renews the batch's lease while it runs, however slow the relay; if renewals
   * fail, the deadline is half-way through the last lease written: once a lease has ended
   * another worker may claim the row and deliver it as well. So a delivery starts only
   * with half a lease left to finish in, and the rest of the batch is given back, to be
   * claimed again with a fresh lease.
   *
   * A lane starts its next delivery while the previous outcome is still being committed
   * (pipeline.ts, "Recording is pipelined"), and waits for that commit before going on:
   * each lane has at most one delivery in the transport and one outcome uncommitted.
   *
   * While the API of this process is pressed (`giveWay`), every lane but the first waits
   * before its next delivery; the first goes on, so delivery never stops.
   */
  private async runBounded(tasks: (() => Promise<Delivery>)[], ids: string[]): Promise<number[]> {
    let next = 0;
    const lane = async (index: number) => {
      let previous: Promise<void> = Promise.resolve();
      try {
        while (!this.stopping && next < tasks.length && this.heartbeat.mayStart(ids[next]!)) {
          if (index > 0 && this.options.giveWay?.()) {
            // Then look again: the pressure may be over, the batch done by the first lane, the worker stopping.
            await sleep(GIVE_WAY_CHECK_MS);
            continue;
          }
          const { recorded } = await tasks[next++]!();
          await previous;
          previous = recorded;
        }
      } finally {
        await previous;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, tasks.length) }, (_, index) => lane(index)));
    return Array.from({ length: tasks.length - next }, (_, k) => next + k);
  }
}
