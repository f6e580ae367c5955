/**
 * The worker loop: claim a batch of due jobs with a lease, deliver it through the
 * pipeline with bounded concurrency, repeat; when nothing is due, sleep until woken
 * (same process) or the next poll (other processes).
 *
 * Stopping (SIGTERM/SIGINT): no new batch is claimed, deliveries already started
 * finish and are recorded, and jobs claimed but not started are released so another
 * worker can take them at once instead of waiting for the lease to run out. Jobs of a
 * batch still unstarted half-way through its lease are released the same way (see
 * runBounded): a delivery never starts on a lease that may end before it does.
 */
import type { Logger } from 'pino';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';
import type { DbHandle } from '../db/database.js';
import type { Delivery, DeliveryPipeline } from './pipeline.js';
import { claimDueJobs, releaseJobs } from './queue.js';
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
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private stopping = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly handle: DbHandle,
    private readonly pipeline: DeliveryPipeline,
    private readonly signal: WorkSignal,
    private readonly options: WorkerOptions,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.signal.notify();
    await this.loop;
    await this.pipeline.drain();
  }

  private async run(): Promise<void> {
    this.log.info({ workerId: this.id }, 'worker started');
    while (!this.stopping) {
      try {
        // A claim a power loss undoes only makes its jobs due again (database.ts `workerWrites`).
        const jobs = await claimDueJobs(this.handle.workerWrites, this.handle.dialect, this.id, this.options.batchSize, this.options.leaseMs);
        if (jobs.length === 0) {
          await this.signal.wait(this.options.pollMs);
          continue;
        }
        let tasks: (() => Promise<Delivery>)[];
        try {
          tasks = await this.pipeline.loadBatch(jobs);
        } catch (error) {
          // Nothing was sent: give the rows back now rather than when their lease ends.
          await releaseJobs(this.handle.db, this.id, jobs.map((j) => j.id)).catch(() => undefined);
          throw error;
        }
        const unstarted = await this.runBounded(tasks, Math.min(...jobs.map((j) => j.locked_until)) - this.options.leaseMs / 2);
        if (unstarted.length) await releaseJobs(this.handle.db, this.id, unstarted.map((i) => jobs[i]!.id));
      } catch (error) {
        // The database may be briefly unreachable; claimed rows come back when their lease ends.
        this.log.error({ err: error }, 'worker iteration failed; retrying shortly');
        await this.signal.wait(Math.min(this.options.pollMs, 1000));
      }
    }
    this.log.info({ workerId: this.id }, 'worker stopped');
  }

  /**
   * Runs tasks at most `concurrency` at a time, starting none after `startBy`; returns the
   * indexes never started (because of stop() or the deadline). The deadline is half-way
   * through the batch's lease: once a lease has ended another worker may claim the row and
   * deliver it as well, and a slow relay can make a batch outlast its lease. So a delivery
   * starts only with half the lease left to finish in, and the rest of the batch is given
   * back, to be claimed again with a fresh lease.
   *
   * A lane starts its next delivery while the previous outcome is still being committed
   * (pipeline.ts, "Recording is pipelined"), and waits for that commit before going on:
   * each lane has at most one delivery in the transport and one outcome uncommitted.
   *
   * While the API of this process is pressed (`giveWay`), every lane but the first waits
   * before its next delivery; the first goes on, so delivery never stops.
   */
  private async runBounded(tasks: (() => Promise<Delivery>)[], startBy: number): Promise<number[]> {
    let next = 0;
    const lane = async (index: number) => {
      let previous: Promise<void> = Promise.resolve();
      try {
        while (!this.stopping && next < tasks.length && Date.now() <= startBy) {
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
