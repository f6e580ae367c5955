/**
 * TRANSPORT=mx: direct delivery to each recipient domain's own mail servers.
 *
 *   route      MX hosts in preference order, or the implicit MX (mx-routes.ts)
 *   limit      at most MX_CONCURRENCY_PER_DOMAIN deliveries in flight per domain, so a
 *              large provider is not hit with every worker lane at once
 *   attempt    host by host, address by address, over a pooled connection kept per
 *              destination (created on first use); a host that cannot be reached, or
 *              that drops or refuses the session, hands over to the next one; the first
 *              answer about the message itself (2xx, 4xx, 5xx) is the outcome
 *
 * Nothing reached at all → deferred, with what each host said.
 */
import net from 'node:net';
import { asFailure, failureText, isMessageVerdict, outcomeOfFailure, outcomeOfSent } from './classify.js';
import { MxRoutes } from './mx-routes.js';
import { createSmtpPool, sendOne, SmtpUtf8NotAnnounced, type SmtpPool, type SmtpTimeouts } from './smtp.js';
import type { Envelope, SendOutcome, Transport } from './transport.js';

export interface MxOptions {
  /** DNS server (host or host:port); absent: the system's. */
  resolver: string | undefined;
  port: number;
  concurrencyPerDomain: number;
  /** Connections kept open to one destination host. */
  connectionsPerHost: number;
  maxMessagesPerConnection: number;
  tlsRejectUnauthorized: boolean;
  heloName: string | undefined;
  timeouts: SmtpTimeouts;
}

/** A pool nobody has used for this long is closed, so hosts seen once do not pile up. */
const POOL_IDLE_MS = 10 * 60_000;

type Attempt = SendOutcome | { kind: 'unreachable'; reason: string };

interface PoolEntry {
  pool: SmtpPool;
  inFlight: number;
  lastUsed: number;
}

export function recipientDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** At most `limit` tasks run at once per key; the others wait their turn in arrival order. */
export class KeyedLimiter {
  private readonly slots = new Map<string, { active: number; waiting: (() => void)[] }>();

  constructor(private readonly limit: number) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    await this.acquire(key);
    try {
      return await task();
    } finally {
      this.release(key);
    }
  }

  private acquire(key: string): Promise<void> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { active: 0, waiting: [] };
      this.slots.set(key, slot);
    }
    if (slot.active < this.limit) {
      slot.active++;
      return Promise.resolve();
    }
    const queue = slot.waiting;
    return new Promise((resolve) => queue.push(resolve));
  }

  private release(key: string): void {
    const slot = this.slots.get(key)!;
    const next = slot.waiting.shift();
    // The finishing task hands its slot straight to the next one, so `active` stays put.
    if (next) next();
    else if (--slot.active === 0) this.slots.delete(key);
  }
}

export class MxTransport implements Transport {
  readonly name = 'mx';
  private readonly routes: MxRoutes;
  private readonly limiter: KeyedLimiter;
  private readonly pools = new Map<string, PoolEntry>();

  constructor(private readonly options: MxOptions) {
    this.routes = new MxRoutes(options.resolver);
    this.limiter = new KeyedLimiter(options.concurrencyPerDomain);
  }

  send(envelope: Envelope, raw: string): Promise<SendOutcome> {
    const domain = recipientDomain(envelope.to);
    return this.limiter.run(domain, () => this.deliver(domain, envelope, raw));
  }

  private async deliver(domain: string, envelope: Envelope, raw: string): Promise<SendOutcome> {
    const route = await this.routes.route(domain);
    if (route.kind !== 'hosts') return route;
    const unreachable = [...route.unusable];
    for (const host of route.hosts) {
      for (const address of host.addresses) {
        const attempt = await this.attempt(host.name, address, envelope, raw);
        if (attempt.kind !== 'unreachable') return attempt;
        unreachable.push(`${host.name} [${address}]: ${attempt.reason}`);
      }
    }
    return { kind: 'deferred', response: `no mail server of ${domain} took the message: ${unreachable.join('; ')}` };
  }

  private async attempt(host: string, address: string, envelope: Envelope, raw: string): Promise<Attempt> {
    const entry = this.poolFor(host, address);
    entry.inFlight++;
    try {
      return outcomeOfSent(await sendOne(entry.pool, envelope, raw));
    } catch (error) {
      // The host took the session but cannot carry the address: an answer, not an unreachable host.
      if (error instanceof SmtpUtf8NotAnnounced) return error.outcome;
      const failure = asFailure(error);
      // RFC 5321 §5.1: on a failure to get a session going, the next address is tried;
      // a server's answer about the message itself is final for this attempt.
      return isMessageVerdict(failure) ? outcomeOfFailure(failure) : { kind: 'unreachable', reason: failureText(failure) };
    } finally {
      entry.inFlight--;
      entry.lastUsed = Date.now();
    }
  }

  private poolFor(host: string, address: string): PoolEntry {
    const key = `${host} ${address}`;
    let entry = this.pools.get(key);
    if (!entry) {
      this.closeIdlePools();
      entry = { pool: this.createPool(host, address), inFlight: 0, lastUsed: Date.now() };
      this.pools.set(key, entry);
    }
    return entry;
  }

  private createPool(host: string, address: string): SmtpPool {
    return createSmtpPool(
      {
        host: address,
        port: this.options.port,
        // The certificate is checked against the MX name (we connect to its address).
        ...(net.isIP(host) ? {} : { servername: host }),
        // Port 25 STARTTLS is opportunistic (RFC 3207): a server whose STARTTLS fails is
        // still delivered to in plain text rather than never.
        opportunisticTLS: true,
      },
      {
        maxConnections: this.options.connectionsPerHost,
        maxMessagesPerConnection: this.options.maxMessagesPerConnection,
        tlsRejectUnauthorized: this.options.tlsRejectUnauthorized,
        heloName: this.options.heloName,
        timeouts: this.options.timeouts,
      },
    );
  }

  private closeIdlePools(): void {
    const cutoff = Date.now() - POOL_IDLE_MS;
    for (const [key, entry] of this.pools) {
      if (entry.inFlight === 0 && entry.lastUsed < cutoff) {
        entry.pool.close();
        this.pools.delete(key);
      }
    }
  }

  async close(): Promise<void> {
    for (const entry of this.pools.values()) entry.pool.close();
    this.pools.clear();
  }
}
