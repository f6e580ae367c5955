/**
 * A real DNS server (dns2, UDP) on 127.0.0.1 and a free port that answers from records
 * the test sets. Names behave as an authoritative server's would, which is what the MX
 * logic tells apart:
 *
 *   a name that was set, asked for a type it has      → the records
 *   a name that was set, asked for a type it lacks     → NOERROR, no answers (NODATA)
 *   a name that is only a parent of names that were set → NODATA as well
 *   any other name                                      → NXDOMAIN
 *   a name set with `rcode: 'SERVFAIL'`                 → SERVFAIL, whatever the type
 */
import { Resolver } from 'node:dns/promises';
import dns2 from 'dns2';

const { Packet } = dns2;
/** RFC 1035 response codes (dns2 has them as Packet.RCODE, but its type declarations do not). */
const RCODE = { SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

export interface NameRecords {
  mx?: { exchange: string; priority: number }[];
  a?: string[];
  aaaa?: string[];
  txt?: string[];
  rcode?: 'SERVFAIL' | 'REFUSED';
}

export interface TestDnsServer {
  port: number;
  /** host:port, the form MX_RESOLVER takes. */
  address: string;
  set(name: string, records: NameRecords): void;
  /** A lookup function for mailauth that asks this server, as a receiving MTA would ask its DNS. */
  resolve(name: string, rrtype: string): Promise<string[][] | string[]>;
  close(): Promise<void>;
}

const normalize = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** TXT strings are at most 255 bytes each; a long value (a DKIM key) is split, as zone files do. */
function txtChunks(value: string): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < value.length; i += 255) chunks.push(value.slice(i, i + 255));
  return chunks.length ? chunks : [''];
}

function answersFor(name: string, type: number, records: NameRecords) {
  const base = { name, class: Packet.CLASS.IN, ttl: 60 };
  switch (type) {
    case Packet.TYPE.MX:
      return (records.mx ?? []).map((mx) => ({ ...base, type, exchange: mx.exchange, priority: mx.priority }));
    case Packet.TYPE.A:
      return (records.a ?? []).map((address) => ({ ...base, type, address }));
    case Packet.TYPE.AAAA:
      return (records.aaaa ?? []).map((address) => ({ ...base, type, address }));
    case Packet.TYPE.TXT:
      return (records.txt ?? []).map((value) => ({ ...base, type, data: txtChunks(value) }));
    default:
      return [];
  }
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const zone = new Map<string, NameRecords>();
  const isParentOfKnownName = (name: string) => [...zone.keys()].some((known) => known.endsWith(`.${name}`));

  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0]!;
      const name = normalize(question.name);
      const records = zone.get(name);
      if (records?.rcode) response.header.rcode = RCODE[records.rcode];
      else if (records) response.answers.push(...(answersFor(question.name, question.type, records) as never[]));
      else if (!isParentOfKnownName(name)) response.header.rcode = RCODE.NXDOMAIN;
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp!.port;
  const address = `127.0.0.1:${port}`;

  const resolver = new Resolver();
  resolver.setServers([address]);

  return {
    port,
    address,
    set(name, records) {
      zone.set(normalize(name), records);
    },
    resolve: (name, rrtype) => resolver.resolve(name, rrtype) as Promise<string[][] | string[]>,
    close: () => server.close(),
  };
}
