/**
 * Acceptance first, in the process that serves the API and runs the worker (`postwire
 * start`).
 *
 * Why: on one machine the two compete for the same cores, and they are not worth the same.
 * Accepting a message is what a client waits for; delivering it can wait a few seconds
 * without anyone noticing. Delivering costs more than accepting, too: composing the MIME,
 * capturing or sending it and recording the outcome take about four times the CPU of an
 * accepted send (docs/performance.md). A worker that keeps WORKER_CONCURRENCY deliveries in
 * flight during a burst of sends takes a fifth to a third of its rate from the API, only to
 * deliver a part of the burst sooner; the rest waits for the burst to end anyway, because no
 * machine of ours delivers as fast as it accepts.
 *
 * How: the send path tells this meter of every message it accepts (it is a SendObserver).
 * While the process accepts at least `ratePerSecond` messages per second, `pressed()` is
 * true, and the worker keeps one delivery in flight instead of its full concurrency, and
 * starts at most ten a second (worker.ts, the lanes; one lane at its own pace still took a
 * measurable share of the API's rate): delivery slows down but never stops, and takes its full
 * speed back at the first check after a window that saw the rate below the threshold. Below the threshold the
 * worker does not give way at all: the default threshold is near what one worker delivers on
 * our machines, so below it slowing the worker would only let a backlog grow that need not.
 * `postwire_worker_giving_way` (GET /metrics) says when it gives way.
 *
 * The rate is measured over windows of at least WINDOW_MS, computed when asked (no timer
 * runs while nobody asks). A window that started long ago averages over its whole length,
 * so the first answer after a quiet spell can lag a load that began within it; the next
 * window, WINDOW_MS later, sees it.
 */
import type { SendObserver } from '../metrics/observers.js';

const WINDOW_MS = 100;

export class SendPressure implements SendObserver {
  private accepted = 0;
  private acceptedAtWindowStart = 0;
  private lastRate = 0;

  /** `ratePerSecond` 0: never pressed. `now`: the clock's reading (performance.now()) the first window starts at. */
  constructor(
    private readonly ratePerSecond: number,
    private windowStart = performance.now(),
  ) {}

  messageAccepted(): void {
    this.accepted++;
  }

  /** Whether the process accepted at least `ratePerSecond` messages per second over the last window. */
  pressed(now = performance.now()): boolean {
    if (this.ratePerSecond <= 0) return false;
    const elapsed = now - this.windowStart;
    if (elapsed >= WINDOW_MS) {
      this.lastRate = ((this.accepted - this.acceptedAtWindowStart) * 1000) / elapsed;
      this.windowStart = now;
      this.acceptedAtWindowStart = this.accepted;
    }
    return this.lastRate >= this.ratePerSecond;
  }
}
