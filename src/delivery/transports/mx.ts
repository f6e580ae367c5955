/**
 * TRANSPORT=mx: direct delivery to each recipient domain's own mail servers.
 *
 *   route      MX hosts in preference order, or the implicit MX (mx-routes.ts)
 *   pace       per destination provider (every domain whose preferred MX host is under
 *              one registrable domain: gmail.com and a Google Workspace domain both go to
 *              google.com): at most MX_CONCURRENCY_PER_DOMAIN in flight and
 *              MX_RATE_PER_DESTINATION a second, or the provider's DESTINATION_LIMITS,
 *              slowing down on throttling replies (pacing.ts); a delivery whose turn is
 *              far off is postponed rather than holding a worker lane
 *   attempt    host by host, address by address, over a pooled connection kept per
 *              destination (created on first use); a host that cannot be reached, or
 *              that drops or refuses the session, hands over to the next one; the first
 *              answer about the message itself (2xx, 4xx, 5xx) is the outcome
 *
 * Nothing reached at all → deferred, with what each host said.
 */
import net from 'node:net';
import { asFailure, failureText, isMessageVerdict, outcomeOfFailure, outcomeOfSent } from './classify.js';
import type { PaceLimits } from '../../lib/destination-limits.js';
import { MxRoutes, type Route } from './mx-routes.js';
import { DestinationPacer } from './pacing.js';
import { createSmtpPool, sendOne, SmtpUtf8NotAnnounced, type SmtpPool, type SmtpTimeouts } from './smtp.js';
import type { Envelope, SendOutcome, Transport } from './transport.js';
import type { Clock } from '../../lib/clock.js';

export interface MxOptions {
  /** DNS server (host or host:port); absent: the system's. */
  resolver: string | undefined;
  port: number;
  /** Pace of a destination provider unless DESTINATION_LIMITS names it. */
  pace: PaceLimits;
  destinationLimits?: ReadonlyMap<string, PaceLimits>;
  /** A delivery whose turn is further away is postponed (DELIVERY_PACING_MAX_WAIT_MS). */
  pacingMaxWaitMs: number;
  /** Connections kept open to one destination host. */
  connectionsPerHost: number;
  maxMessagesPerConnection: number;
  tlsRejectUnauthorized: boolean;
  heloName: string | undefined;
  timeouts: SmtpTimeouts;
  /** What pacing is timed by; default the system clock. */
  clock?: Clock;
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

/**
 * The destination a domain's mail goes to, for pacing: the registrable domain of its
 * preferred MX host (mx.example.co.uk → example.co.uk, gmail-smtp-in.l.google.com →
 * google.com), an IP address as it is, the domain itself for an implicit MX. "Registrable"
 * is approximated without the public suffix list: the last two labels, or three when the
 * last is a country code under a short second level (co.uk, com.au). A provider the rule
 * misjudges only gets separate limits per name, as before there were providers.
 */
export function providerKey(domain: string, route: { hosts: { name: string }[] }): string {
  const host = route.hosts[0]?.name.toLowerCase().replace(/\.$/, '');
  if (!host || host === domain) return domain;
  if (net.isIP(host)) return host;
  const labels = host.split('.');
  const keep = labels.length >= 3 && labels.at(-1)!.length === 2 && labels.at(-2)!.length <= 3 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

export class MxTransport implements Transport {
  readonly name = 'mx';
  private readonly routes: MxRoutes;
  private readonly pacer: DestinationPacer;
  private readonly pools = new Map<string, PoolEntry>();

  constructor(private readonly options: MxOptions) {
    this.routes = new MxRoutes(options.resolver);
    this.pacer = new DestinationPacer({
      defaults: options.pace,
      overrides: options.destinationLimits,
      maxWaitMs: options.pacingMaxWaitMs,
      clock: options.clock,
    });
  }

  async send(envelope: Envelope, raw: string): Promise<SendOutcome> {
    const domain = recipientDomain(envelope.to);
    const route = await this.routes.route(domain);
    if (route.kind !== 'hosts') return route;
    return this.pacer.run(providerKey(domain, route), () => this.deliver(domain, route, envelope, raw));
  }

  private async deliver(domain: string, route: Route & { kind: 'hosts' }, envelope: Envelope, raw: string): Promise<SendOutcome> {
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
    this.pacer.close();
    for (const entry of this.pools.values()) entry.pool.close();
    this.pools.clear();
  }
}
