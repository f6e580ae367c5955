/**
 * Where mail for a domain goes (RFC 5321 §5.1): its MX hosts in preference order, each
 * with its addresses; without MX records, the domain's own A/AAAA addresses (the
 * "implicit MX"). Everything is resolved through one resolver (MX_RESOLVER when set),
 * the host addresses included, so a test or a split-horizon setup sees one consistent view.
 *
 * DNS answers that settle the matter bounce: the domain does not exist (NXDOMAIN), it
 * publishes a null MX (RFC 7505), or it has neither MX nor address records. Anything
 * that may be passing (timeouts, SERVFAIL, a refused query) defers.
 */
import { Resolver } from 'node:dns/promises';
import net from 'node:net';

export interface MxHost {
  name: string;
  addresses: string[];
}

export type Route =
  /** Hosts to try in order; `unusable` says why other MX hosts were left out. */
  { kind: 'hosts'; hosts: MxHost[]; unusable: string[] } | { kind: 'bounced'; response: string } | { kind: 'deferred'; response: string };

/** DNS answers meaning "there is no such record", as opposed to "could not find out". */
const DEFINITE_ABSENCE: ReadonlySet<string> = new Set(['ENOTFOUND', 'ENODATA']);

/** Routes are looked up once a minute per domain rather than once per message. */
const ROUTE_TTL_MS = 60_000;
const MAX_CACHED_ROUTES = 10_000;

const errorCode = (error: unknown): string => String((error as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN');
const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class MxRoutes {
  private readonly resolver: Resolver;
  private readonly cache = new Map<string, { route: Route; expires: number }>();
  /** Concurrent look-ups of one domain share one query. */
  private readonly pending = new Map<string, Promise<Route>>();

  /** `server`: host or host:port of the DNS server; absent: the system's. */
  constructor(server: string | undefined) {
    // Five seconds per try, two tries: a dead resolver defers the message rather than
    // holding a delivery slot for the resolver library's default of four tries.
    this.resolver = new Resolver({ timeout: 5_000, tries: 2 });
    if (server) this.resolver.setServers([server]);
  }

  async route(domain: string): Promise<Route> {
    const cached = this.cache.get(domain);
    if (cached && cached.expires > Date.now()) return cached.route;
    let lookup = this.pending.get(domain);
    if (!lookup) {
      lookup = this.lookUp(domain).finally(() => this.pending.delete(domain));
      this.pending.set(domain, lookup);
    }
    const route = await lookup;
    // A temporary failure is asked again next time; a definite answer is kept a while.
    if (route.kind !== 'deferred') this.remember(domain, route);
    return route;
  }

  private remember(domain: string, route: Route): void {
    if (this.cache.size >= MAX_CACHED_ROUTES) this.forgetExpired();
    if (this.cache.size >= MAX_CACHED_ROUTES) this.cache.clear();
    this.cache.set(domain, { route, expires: Date.now() + ROUTE_TTL_MS });
  }

  private forgetExpired(): void {
    const now = Date.now();
    for (const [domain, entry] of this.cache) if (entry.expires <= now) this.cache.delete(domain);
  }

  private async lookUp(domain: string): Promise<Route> {
    let records: { exchange: string; priority: number }[];
    try {
      records = await this.resolver.resolveMx(domain);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENODATA') return this.implicitMx(domain);
      if (code === 'ENOTFOUND') return { kind: 'bounced', response: `${domain}: no such domain (NXDOMAIN)` };
      return { kind: 'deferred', response: `${domain}: MX look-up failed, ${code} (${errorText(error)})` };
    }
    const exchanges = mxExchangesInOrder(records);
    if (exchanges.length === 0) return { kind: 'bounced', response: `${domain}: null MX, the domain accepts no mail (RFC 7505)` };
    return this.resolveHosts(domain, exchanges);
  }

  /** RFC 5321 §5.1: no MX records, so the domain itself is the mail host. */
  private async implicitMx(domain: string): Promise<Route> {
    const found = await this.addressesOf(domain);
    if (found.addresses.length) return { kind: 'hosts', hosts: [{ name: domain, addresses: found.addresses }], unusable: [] };
    if (found.definite) return { kind: 'bounced', response: `${domain}: no MX and no A/AAAA records, no mail server to deliver to` };
    return { kind: 'deferred', response: `${domain}: no MX records and the address look-up failed: ${found.problem}` };
  }

  private async resolveHosts(domain: string, exchanges: string[]): Promise<Route> {
    const found = await Promise.all(exchanges.map((name) => this.addressesOf(name)));
    const hosts: MxHost[] = [];
    const unusable: string[] = [];
    exchanges.forEach((name, i) => {
      const { addresses, problem } = found[i]!;
      if (addresses.length) hosts.push({ name, addresses });
      else unusable.push(`${name}: ${problem}`);
    });
    // MX hosts that do not resolve are usually a mistake being fixed, so this is retried.
    if (hosts.length === 0) return { kind: 'deferred', response: `${domain}: no MX host has an address: ${unusable.join('; ')}` };
    return { kind: 'hosts', hosts, unusable };
  }

  /**
   * IPv4 then IPv6 addresses of a host. `definite`: every look-up said the records do
   * not exist (as opposed to failing).
   */
  private async addressesOf(host: string): Promise<{ addresses: string[]; definite: boolean; problem: string }> {
    if (net.isIP(host)) return { addresses: [host], definite: true, problem: '' };
    const answers = await Promise.allSettled([this.resolver.resolve4(host), this.resolver.resolve6(host)]);
    const addresses = answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
    const failures = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason] : []));
    return {
      addresses,
      definite: failures.every((f) => DEFINITE_ABSENCE.has(errorCode(f))),
      problem: failures.map((f) => `${errorCode(f)} (${errorText(f)})`).join(', ') || 'no addresses',
    };
  }
}

/**
 * MX exchanges by preference, lowest first (RFC 5321 §5.1). Hosts of equal preference
 * come in random order, as §5.1 asks, so that they share the load. A null MX ('.',
 * which resolves to '') names no host.
 */
export function mxExchangesInOrder(records: { exchange: string; priority: number }[], random: () => number = Math.random): string[] {
  return records
    .map((r) => ({ ...r, tie: random(), exchange: r.exchange.replace(/\.$/, '').toLowerCase() }))
    .filter((r) => r.exchange !== '')
    .sort((a, b) => a.priority - b.priority || a.tie - b.tie)
    .map((r) => r.exchange)
    .filter((name, i, all) => all.indexOf(name) === i);
}
