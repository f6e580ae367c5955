/**
 * Which network addresses a tenant may make this server call (webhooks): public
 * unicast addresses only, unless the operator allows more (OUTBOUND_ALLOW).
 *
 * Why a table of its own and not a look at the URL's text: an internal address has
 * many spellings. `127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1` are all 127.0.0.1
 * to a resolver that follows inet_aton (and to the WHATWG URL parser); IPv6 can carry an
 * IPv4 address inside it (`::ffff:127.0.0.1` mapped, `::127.0.0.1` compatible,
 * `64:ff9b::7f00:1` NAT64, `2002:7f00:1::` 6to4), and the network stack may reach the
 * embedded address. So every spelling is first turned into one canonical address, any
 * embedded IPv4 address is taken out and judged by the IPv4 rules, and only then is the
 * address compared with the ranges below. A name is judged by what it resolves to, at the
 * moment of the call (src/http/outbound.ts); here only names that are internal by
 * definition (localhost, cloud metadata names, private-use suffixes) are refused outright.
 *
 * IPv6 is allowed only inside 2000::/3 (global unicast), minus the special ranges in
 * it; everything outside (loopback, unspecified, link-local, unique-local, multicast,
 * the embedding forms once unpacked) is refused, so a range nobody listed is refused too.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** IPv4 ranges that are not the public internet (RFC 6890 and its successors). */
const IPV4_INTERNAL: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'private (RFC 1918)'],
  ['100.64.0.0', 10, 'shared address space (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata lives here)'],
  ['172.16.0.0', 12, 'private (RFC 1918)'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private (RFC 1918)'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved (and broadcast)'],
];

/** Special ranges inside 2000::/3. */
const IPV6_INTERNAL_IN_GLOBAL: [string, number, string][] = [
  ['2001::', 23, 'IETF protocol assignments (Teredo and others)'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
];

/** One BlockList per range, so a refusal can say which range it met. */
function rangeTable(ranges: [string, number, string][], type: 'ipv4' | 'ipv6'): { list: BlockList; reason: string }[] {
  return ranges.map(([network, bits, reason]) => {
    const list = new BlockList();
    list.addSubnet(network, bits, type);
    return { list, reason };
  });
}
const ipv4Internal = rangeTable(IPV4_INTERNAL, 'ipv4');
const ipv6InternalInGlobal = rangeTable(IPV6_INTERNAL_IN_GLOBAL, 'ipv6');
const ipv6Global = new BlockList();
ipv6Global.addSubnet('2000::', 3, 'ipv6');

/** Host names that are internal by definition, whatever a resolver says about them. */
const INTERNAL_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);
/** Suffixes reserved for private or local use: `.internal` (ICANN 2024), `.local` (mDNS), `.localhost`, `.home.arpa`. */
const INTERNAL_SUFFIXES = ['.localhost', '.internal', '.local', '.localdomain', '.home.arpa', '.metadata.goog'];

/**
 * One IPv4 part as inet_aton reads it: `0x…` hexadecimal, a leading `0` octal, else
 * decimal. Undefined when it is not a number in that form.
 */
function ipv4Part(text: string): number | undefined {
  if (/^0x[0-9a-f]*$/i.test(text)) return text.length === 2 ? 0 : parseInt(text.slice(2), 16);
  if (/^0[0-7]*$/.test(text)) return parseInt(text, 8);
  if (/^[1-9][0-9]*$/.test(text)) return Number(text);
  return undefined;
}

/**
 * The dotted-quad form of an IPv4 address in any spelling inet_aton accepts (`127.1`,
 * `2130706433`, `0x7f.0.0.1`, `0177.0.0.1`), or undefined when `text` is not one.
 */
export function parseIPv4(text: string): string | undefined {
  const parts = text.replace(/\.$/, '').split('.');
  if (parts.length < 1 || parts.length > 4) return undefined;
  const numbers = parts.map(ipv4Part);
  if (numbers.some((n) => n === undefined || !Number.isFinite(n))) return undefined;
  const values = numbers as number[];
  // The last part fills every byte the earlier parts left: a.b.c.d, a.b.(16 bits), a.(24 bits), (32 bits).
  const last = values[values.length - 1]!;
  const lastBytes = 5 - values.length;
  if (last >= 256 ** lastBytes || values.slice(0, -1).some((v) => v > 255)) return undefined;
  const bytes = [...values.slice(0, -1)];
  for (let i = lastBytes - 1; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes.join('.');
}

/** The 16 bytes of an IPv6 address (no brackets, no zone), or undefined. */
function ipv6Bytes(text: string): number[] | undefined {
  if (!isIPv6(text)) return undefined;
  let head = text;
  const tailV4: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tailV4.push(...dotted[1]!.split('.').map(Number));
    head = `${text.slice(0, dotted.index)}:0:0`;
  }
  const [left, right] = head.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').filter((g) => g !== '') : []);
  const l = groups(left);
  const r = groups(right);
  const words = right === undefined ? l : [...l, ...Array(8 - l.length - r.length).fill('0'), ...r];
  if (words.length !== 8) return undefined;
  const bytes = words.flatMap((w) => {
    const n = parseInt(w, 16);
    return [n >> 8, n & 255];
  });
  if (tailV4.length) bytes.splice(12, 4, ...tailV4);
  return bytes;
}

function toIPv6Text(bytes: number[]): string {
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return words.join(':');
}

/**
 * The IPv4 address an IPv6 address carries in a form the network may unpack: mapped
 * (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96 and 64:ff9b:1::/48) and
 * 6to4 (2002:aabb:ccdd::/16).
 */
function embeddedIPv4(bytes: number[]): string | undefined {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.');
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12);
  if (zeros(0, 12)) return v4(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) return v4(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return undefined;
}

export interface ParsedAddress {
  family: 4 | 6;
  /** Canonical text: dotted quad, or eight hexadecimal groups. */
  address: string;
}

/**
 * The address a URL host names when it is a numeric address in any spelling (IPv6 in
 * brackets or not), or undefined when it is a name.
 */
export function parseAddress(host: string): ParsedAddress | undefined {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const v6 = ipv6Bytes(bare.replace(/%.*$/, ''));
  if (v6) return { family: 6, address: toIPv6Text(v6) };
  if (isIPv4(bare)) return { family: 4, address: bare };
  const v4 = /^[0-9a-fx.]+$/i.test(bare) ? parseIPv4(bare) : undefined;
  return v4 ? { family: 4, address: v4 } : undefined;
}

/** Why an address is not on the public internet, or undefined when it is. */
export function internalAddressReason(address: ParsedAddress): string | undefined {
  if (address.family === 4) {
    const hit = ipv4Internal.find(({ list }) => list.check(address.address, 'ipv4'));
    return hit ? `${address.address} is ${hit.reason}` : undefined;
  }
  const bytes = ipv6Bytes(address.address)!;
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15]! <= 1) return `${address.address} is ${bytes[15] ? 'loopback' : 'unspecified'}`;
  const inner = embeddedIPv4(bytes);
  if (inner !== undefined) {
    const reason = internalAddressReason({ family: 4, address: inner });
    // 6to4 and NAT64 of a public address are public; mapped and compatible forms are never sent.
    if (reason) return `${address.address} carries ${reason}`;
    if (bytes[0] === 0 && bytes[1] === 0) return `${address.address} is an IPv4-mapped or -compatible address`;
    return undefined;
  }
  if (!ipv6Global.check(address.address, 'ipv6'))
    return `${address.address} is not a global unicast address (loopback, link-local, unique-local, multicast or reserved)`;
  const hit = ipv6InternalInGlobal.find(({ list }) => list.check(address.address, 'ipv6'));
  return hit ? `${address.address} is ${hit.reason}` : undefined;
}

/** Why a host name is internal by definition, or undefined. */
export function internalNameReason(hostname: string): string | undefined {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (INTERNAL_NAMES.has(name) || INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix))) return `${name} is an internal host name`;
  if (!name.includes('.')) return `${name} is not a fully qualified host name`;
  return undefined;
}

/**
 * The operator's exceptions (OUTBOUND_ALLOW): host names (exact, or `*.example.corp` for
 * every name under it), IP addresses and CIDR ranges that may be called although internal.
 */
export class OutboundPolicy {
  private readonly names = new Set<string>();
  private readonly suffixes: string[] = [];
  private readonly ranges = new BlockList();

  constructor(allow: readonly string[]) {
    for (const raw of allow) {
      const entry = raw.trim().toLowerCase();
      const [network, bits] = entry.split('/') as [string, string | undefined];
      const address = parseAddress(network);
      if (address) {
        const type = address.family === 4 ? 'ipv4' : 'ipv6';
        if (bits === undefined) this.ranges.addAddress(address.address, type);
        else this.ranges.addSubnet(address.address, Number(bits), type);
      } else if (entry.startsWith('*.')) {
        this.suffixes.push(entry.slice(1));
      } else if (entry) {
        this.names.add(entry.replace(/\.$/, ''));
      }
    }
  }

  /** True when the operator allowed this host name by name. */
  allowsName(hostname: string): boolean {
    const name = hostname.toLowerCase().replace(/\.$/, '');
    return this.names.has(name) || this.suffixes.some((suffix) => name.endsWith(suffix));
  }

  /** Why calling this address is refused, or undefined when it may be called. */
  addressProblem(address: ParsedAddress): string | undefined {
    if (this.ranges.check(address.address, address.family === 4 ? 'ipv4' : 'ipv6')) return undefined;
    return internalAddressReason(address);
  }

  /**
   * Why a URL host (as `new URL().hostname` gives it) is refused before any resolution:
   * an internal literal address or an internal name. Undefined when it may be resolved.
   */
  hostProblem(hostname: string): string | undefined {
    if (this.allowsName(hostname)) return undefined;
    const address = parseAddress(hostname);
    return address ? this.addressProblem(address) : internalNameReason(hostname);
  }
}
