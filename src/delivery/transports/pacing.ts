/**
 * Pacing deliveries to each destination: how many at once, how many a second, and how
 * the pace follows what the receiving side says.
 *
 * Why: a large mailbox provider answers a sender that comes in too fast with 421 or a
 * 4.7.x deferral ("unusual rate", "temporarily deferred due to unexpected volume", "server
 * busy"), and keeps deferring, and then blocks, a sender that carries on regardless. A
 * campaign of a few hundred thousand addresses is mostly a handful of such providers, so
 * the pace per provider decides whether the campaign arrives at all. The same holds for a
 * relay with a sending-rate quota (454/451 4.7.0 "maximum sending rate exceeded").
 *
 * A destination is a key the transport chooses: the MX provider for TRANSPORT=mx (every
 * domain hosted by one provider shares its limits: mx-transport's `providerKey`), the
 * relay for TRANSPORT=smtp. Each has a ceiling (concurrency, messages a second; the
 * installation's defaults, or its own line in DESTINATION_LIMITS) and a current pace
 * below it:
 *
 *   throttled reply      concurrency halves (not below 1), the rate halves, and nothing
 *                        new starts for a pause: 1 s, doubling while the replies keep
 *                        coming (up to 60 s)
 *   answered normally    after as many answers as the current concurrency (one "round"),
 *                        concurrency + 1 and rate + a tenth of its ceiling, and the next
 *                        pause halves: additive increase, multiplicative decrease, as TCP
 *                        does with a congested link; the pace recovers gradually, never
 *                        jumping back to the ceiling that caused the throttling
 *   anything else        (a timeout, a refused connection, a bounce) says nothing about pace
 *
 * Postponing: a delivery that would wait longer than `maxWaitMs` for its turn does not
 * wait; it comes back as `postponed` and the pipeline puts the job back in the queue for
 * later without counting an attempt or recording anything visible (no deferral, no event).
 * A worker lane never sits behind a throttled provider while mail for others is due.
 *
 * The state lives in this process only: each worker process paces its own deliveries,
 * so N workers reach a provider at up to N times one ceiling. A shared pace would need
 * a round trip to the database per delivery; the ceilings are set per worker instead
 * (docs/delivery.md says so).
 */
import { systemClock, type Clock } from '../../lib/clock.js';
import type { PaceLimits } from '../../lib/destination-limits.js';
import type { SendOutcome } from './transport.js';

export interface PacingOptions {
  defaults: PaceLimits;
  /** Ceilings of particular destinations (DESTINATION_LIMITS), by key. */
  overrides?: ReadonlyMap<string, PaceLimits>;
  /** A delivery whose turn is further away than this is postponed instead of waiting. */
  maxWaitMs: number;
  /** Turns, pauses and rates are timed by it; default the system clock. */
  clock?: Clock;
}

const FIRST_PAUSE_MS = 1_000;
const MAX_PAUSE_MS = 60_000;
/** Until a destination has answered a few times, a delivery is assumed to take this long. */
const ASSUMED_DELIVERY_MS = 500;

/**
 * A reply that asks the sender to slow down: 421 (the server closes the session, mostly
 * for load or rate), or a 4xx whose enhanced code is 4.7.x (policy: rate limits,
 * reputation, "server busy") or whose words say so. Greylisting (4.7.1 "greylisted") and
 * a busy mailbox (4.2.x, 4.3.0 "try again later") are about one message or one mailbox,
 * not the sender's pace: they defer that message only.
 */
export function isThrottleReply(response: string): boolean {
  // The MX transport joins what each host said: "no mail server of d took the message: mx1 [a]: 421 …; mx2 [b]: …".
  const replies = response.split(/;\s+/).map((part) => part.replace(/^.*?\]:\s*/, '').replace(/^no mail server of \S+ took the message:\s*/, ''));
  return replies.some((reply) => {
    const code = /^\s*(\d{3})/.exec(reply)?.[1];
    if (!code || code[0] !== '4') return false;
    if (code === '421') return true;
    if (/gr[ae]y\s*list/i.test(reply)) return false;
    return /\b4\.7\.\d{1,3}\b/.test(reply) || /\b(rate|too many (messages|connections)|throttl\w*|slow down|unexpected volume)\b/i.test(reply);
  });
}

class Destination {
  limit: number;
  rate: number;
  active = 0;
  readonly waiting: (() => void)[] = [];
  /** Earliest start allowed by the rate. */
  nextStartAt = 0;
  pauseUntil = 0;
  pauseMs = 0;
  answersThisRound = 0;
  /** Moving average of how long a delivery here takes, for estimating a wait. */
  deliveryMs = ASSUMED_DELIVERY_MS;
  /** A wake-up for the next turn held by time is under way. */
  waking = false;

  constructor(readonly ceiling: PaceLimits) {
    this.limit = ceiling.concurrency;
    this.rate = ceiling.perSecond;
  }
}

export class DestinationPacer {
  private readonly destinations = new Map<string, Destination>();
  private readonly clock: Clock;
  /** Ends the waits for a turn when the pacer closes. */
  private readonly closing = new AbortController();

  constructor(private readonly options: PacingOptions) {
    this.clock = options.clock ?? systemClock;
  }

  private now(): number {
    return this.clock.now();
  }

  /** Runs `deliver` when `key`'s pace allows, or postpones it; learns the pace from its outcome. */
  async run(key: string, deliver: () => Promise<SendOutcome>): Promise<SendOutcome> {
    const destination = this.destinationOf(key);
    const wait = this.expectedWaitMs(destination);
    if (wait > this.options.maxWaitMs) {
      const retryAfterMs = Math.ceil(wait);
      return { kind: 'postponed', retryAfterMs, response: `not attempted: ${key} is paced (its turn in about ${Math.ceil(retryAfterMs / 1000)} s)` };
    }
    await this.acquire(destination);
    const started = this.now();
    try {
      const outcome = await deliver();
      destination.deliveryMs = 0.8 * destination.deliveryMs + 0.2 * (this.now() - started);
      this.learn(destination, outcome);
      return outcome;
    } finally {
      destination.active--;
      this.pump(destination);
      this.forgetIfIdle(key, destination);
    }
  }

  /** The current pace of `key` (for tests and the delivery log). */
  paceOf(key: string): { concurrency: number; perSecond: number; pausedForMs: number } | undefined {
    const d = this.destinations.get(key);
    if (!d) return undefined;
    return { concurrency: d.limit, perSecond: d.rate, pausedForMs: Math.max(0, d.pauseUntil - this.now()) };
  }

  close(): void {
    this.closing.abort();
    this.destinations.clear();
  }

  private destinationOf(key: string): Destination {
    let d = this.destinations.get(key);
    if (!d) {
      d = new Destination(this.options.overrides?.get(key) ?? this.options.defaults);
      this.destinations.set(key, d);
    }
    return d;
  }

  /** How long a delivery arriving now would wait for its turn: the pause, the rate, the slots ahead of it. */
  private expectedWaitMs(d: Destination): number {
    const now = this.now();
    const gate = Math.max(0, d.pauseUntil - now, d.nextStartAt - now);
    const ahead = d.waiting.length + (d.active >= d.limit ? 1 : 0);
    const byRate = d.rate > 0 ? (ahead * 1000) / d.rate : 0;
    const bySlots = Math.floor(ahead / d.limit) * d.deliveryMs;
    return gate + Math.max(byRate, bySlots);
  }

  private acquire(d: Destination): Promise<void> {
    return new Promise((resolve) => {
      d.waiting.push(resolve);
      this.pump(d);
    });
  }

  /** Starts the waiting deliveries the pace allows now, in arrival order; wakes itself for the next one held by time. */
  private pump(d: Destination): void {
    while (d.waiting.length > 0 && d.active < d.limit) {
      const now = this.now();
      const at = Math.max(d.pauseUntil, d.nextStartAt);
      if (now < at) {
        if (!d.waking) {
          d.waking = true;
          this.clock.sleep(at - now, this.closing.signal).then(
            () => {
              d.waking = false;
              this.pump(d);
            },
            () => undefined,
          );
        }
        return;
      }
      d.active++;
      if (d.rate > 0) d.nextStartAt = now + 1000 / d.rate;
      d.waiting.shift()!();
    }
  }

  private learn(d: Destination, outcome: SendOutcome): void {
    if (outcome.kind === 'deferred' && isThrottleReply(outcome.response)) {
      d.limit = Math.max(1, Math.floor(d.limit / 2));
      if (d.rate > 0) d.rate = Math.max(d.ceiling.perSecond / 100, d.rate / 2);
      d.pauseMs = d.pauseMs === 0 ? FIRST_PAUSE_MS : Math.min(MAX_PAUSE_MS, d.pauseMs * 2);
      d.pauseUntil = Math.max(d.pauseUntil, this.now() + d.pauseMs);
      d.answersThisRound = 0;
      return;
    }
    if (outcome.kind !== 'delivered' && outcome.kind !== 'bounced') return;
    if (++d.answersThisRound < d.limit) return;
    d.answersThisRound = 0;
    d.limit = Math.min(d.ceiling.concurrency, d.limit + 1);
    if (d.rate > 0) d.rate = Math.min(d.ceiling.perSecond, d.rate + d.ceiling.perSecond / 10);
    d.pauseMs = d.pauseMs / 2 < FIRST_PAUSE_MS ? 0 : d.pauseMs / 2;
  }

  /** A destination at its ceiling with nothing going on needs no memory. */
  private forgetIfIdle(key: string, d: Destination): void {
    if (d.active > 0 || d.waiting.length > 0 || d.waking) return;
    if (d.limit < d.ceiling.concurrency || d.rate < d.ceiling.perSecond || d.pauseMs > 0 || d.nextStartAt > this.now()) return;
    this.destinations.delete(key);
  }
}
