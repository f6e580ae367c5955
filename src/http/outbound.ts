/**
 * Calls a tenant's URL (webhooks) without letting the tenant aim this server at its own
 * network (server-side request forgery). The rules of what is internal are in
 * src/lib/network-guard.ts; this is the order that makes them hold:
 *
 *   1. the URL's host is refused outright when it is an internal literal address (any
 *      spelling) or an internal name, unless OUTBOUND_ALLOW names it;
 *   2. a name is resolved once, here (DNS_RESOLVER when set, else the system resolver),
 *      and every address it resolves to is checked: one internal address refuses the call,
 *      since the connection could land on any of them;
 *   3. the connection goes to the addresses just checked: the socket's own look-up is
 *      replaced by one that answers with them, so a second resolution (DNS rebinding: a
 *      short-lived answer that is public when checked and internal when connected) never
 *      happens. TLS still verifies the certificate against the name in the URL;
 *   4. redirects are not followed (node:http never does), and the answer's body is never
 *      read: only its status comes back, so a call cannot be used to read an internal page.
 */
import { lookup as systemLookup, Resolver } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { OutboundPolicy, parseAddress, type ParsedAddress } from '../lib/network-guard.js';

/** A call refused by the guard before any connection was made. */
export class OutboundRefused extends Error {
  override readonly name = 'OutboundRefused';
}

/** How much of an answer's body is kept. */
export const MAX_ANSWER_BYTES = 2048;

/** The receiver's status, and the start of its body (at most MAX_ANSWER_BYTES, as UTF-8). */
export interface OutboundAnswer {
  status: number;
  body: string;
}

export interface OutboundPost {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export interface OutboundOptions {
  /** OUTBOUND_ALLOW: names, addresses and CIDR ranges that may be called although internal. */
  allow: readonly string[];
  /** DNS_RESOLVER: `ip` or `ip:port` of the DNS server to ask; absent: the system resolver. */
  dnsResolver?: string;
}

export class OutboundClient {
  private readonly policy: OutboundPolicy;
  private readonly resolver: Resolver | undefined;

  constructor(options: OutboundOptions) {
    this.policy = new OutboundPolicy(options.allow);
    if (options.dnsResolver) {
      this.resolver = new Resolver({ timeout: 5_000, tries: 2 });
      this.resolver.setServers([options.dnsResolver]);
    }
  }

  /** POSTs `body` to `url` through the guard; resolves with the answer's status. */
  async post(target: string, request: OutboundPost): Promise<OutboundAnswer> {
    const url = new URL(target);
    const refused = this.policy.hostProblem(url.hostname);
    if (refused) throw new OutboundRefused(`refused: ${refused} (OUTBOUND_ALLOW allows internal receivers)`);
    const deadline = AbortSignal.timeout(request.timeoutMs);
    const addresses = await this.checkedAddresses(url.hostname, deadline);
    return send(url, addresses, request, deadline);
  }

  /** Every address the host stands for, each checked; one internal address refuses the call. */
  private async checkedAddresses(hostname: string, signal: AbortSignal): Promise<ParsedAddress[]> {
    const literal = parseAddress(hostname);
    if (literal) return [literal];
    const found = await abortable(this.resolve(hostname), signal);
    if (found.length === 0) throw new OutboundRefused(`${hostname} has no address`);
    if (!this.policy.allowsName(hostname)) {
      for (const address of found) {
        const problem = this.policy.addressProblem(address);
        if (problem) throw new OutboundRefused(`refused: ${hostname} resolves to ${problem} (OUTBOUND_ALLOW allows internal receivers)`);
      }
    }
    return found;
  }

  private async resolve(hostname: string): Promise<ParsedAddress[]> {
    const name = hostname.replace(/\.$/, '');
    let texts: string[];
    if (this.resolver) {
      const [v4, v6] = await Promise.allSettled([this.resolver.resolve4(name), this.resolver.resolve6(name)]);
      if (v4.status === 'rejected' && v6.status === 'rejected') throw v4.reason;
      texts = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
    } else {
      texts = (await systemLookup(name, { all: true, verbatim: true })).map((a) => a.address);
    }
    return texts.map((text) => parseAddress(text)).filter((a): a is ParsedAddress => a !== undefined);
  }
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** One request over a fresh connection to the checked addresses; the answer's body is dropped unread. */
function send(url: URL, addresses: ParsedAddress[], request: OutboundPost, signal: AbortSignal): Promise<OutboundAnswer> {
  const pinned: LookupAddress[] = addresses.map((a) => ({ address: a.address, family: a.family }));
  // Called by the socket instead of a resolver; `all` is asked for when Node tries the families in turn.
  const lookup = (_name: string, options: { all?: boolean }, callback: (...args: any[]) => void) => {
    if (options.all) callback(null, pinned);
    else callback(null, pinned[0]!.address, pinned[0]!.family);
  };
  const transport = url.protocol === 'https:' ? https : http;
  let answered = false;
  let done = false;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: lookup as never,
        agent: false,
        signal,
      },
      (response: IncomingMessage) => {
        // The status decides; the first bytes of the body are kept to show what the receiver said. A body
        // that ends late, or never, does not hold the call up past the deadline: what came is kept.
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          if (done) return;
          done = true;
          response.destroy();
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8') });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_ANSWER_BYTES) finish();
        });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    outgoing.on('error', (error) => {
      if (answered) return;
      reject(signal.aborted ? signal.reason : error);
    });
    outgoing.end(request.body);
  });
}
