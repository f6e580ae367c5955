/**
 * Honest engagement: telling an open or a click by a person from one made by a machine
 * on the way. Mail-privacy proxies fetch every image of every message as it arrives
 * (Apple Mail Privacy Protection, from Apple's 17.0.0.0/8 with the bare agent
 * `Mozilla/5.0`), image proxies fetch on behalf of readers we cannot see (Gmail's
 * GoogleImageProxy, Yahoo's), prefetchers say so (`Purpose: prefetch`), and link
 * scanners of receiving systems follow every link before anyone reads the message:
 * with HEAD requests, within seconds of delivery, or with their own agents.
 *
 * Such hits are still recorded (raw totals stay available), with `flagged: true` and the
 * first reason found, so counts of people can leave them out. Pure: the caller gives the
 * request's facts and the recipient's delivery time.
 */

export type UserAgentClass = 'privacy_proxy' | 'scanner' | 'mobile' | 'desktop' | 'unknown';

export type FlagReason =
  | 'apple_privacy_proxy'
  | 'google_image_proxy'
  | 'yahoo_image_proxy'
  | 'prefetch'
  | 'head_request'
  | 'soon_after_delivery'
  | 'scanner_agent'
  | 'no_user_agent';

export interface Hit {
  kind: 'open' | 'click';
  method: string;
  /** The User-Agent header; empty when absent. */
  userAgent: string;
  /** The client's address as the server sees it (behind TRUST_PROXY: the forwarded one). */
  ip: string;
  /** `Purpose`, `Sec-Purpose` or `X-Moz` header, lower case; empty when absent. */
  purpose: string;
  /** When the recipient's copy was handed over (sent_at); null: not yet recorded. */
  deliveredAt: number | null;
  at: number;
}

export interface Engagement {
  userAgentClass: UserAgentClass;
  flagged: boolean;
  reason?: FlagReason;
}

/** A click this soon after delivery was made by a machine: nobody reads and clicks in two seconds. */
export const SCANNER_WINDOW_MS = 2000;

/** Agents of link scanners, security gateways, previewers and HTTP libraries (lower case, matched as substrings). */
const SCANNER_AGENTS = [
  'bot',
  'crawler',
  'spider',
  'scanner',
  'barracuda',
  'mimecast',
  'proofpoint',
  'symantec',
  'messagelabs',
  'forcepoint',
  'fortiguard',
  'ironport',
  'sophos',
  'zscaler',
  'trendmicro',
  'trend micro',
  'safelinks',
  'bingpreview',
  'headlesschrome',
  'phantomjs',
  'python-requests',
  'python-urllib',
  'go-http-client',
  'java/',
  'okhttp',
  'libwww-perl',
  'wget',
  'httpclient',
  'axios',
  'node-fetch',
];

const MOBILE = /iphone|ipad|android|mobile/i;

/** Apple's own network: where Mail Privacy Protection fetches from. */
function isAppleAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return /^17\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function proxyReason(agent: string, ip: string): FlagReason | undefined {
  const lower = agent.toLowerCase();
  if (lower.includes('googleimageproxy')) return 'google_image_proxy';
  if (lower.includes('yahoomailproxy')) return 'yahoo_image_proxy';
  // MPP's fetches carry the bare `Mozilla/5.0`, no platform: no mail client sends only that.
  if (agent.trim() === 'Mozilla/5.0' || isAppleAddress(ip)) return 'apple_privacy_proxy';
  return undefined;
}

function isScannerAgent(agent: string): boolean {
  const lower = agent.toLowerCase();
  return SCANNER_AGENTS.some((name) => lower.includes(name));
}

export function classifyUserAgent(agent: string, ip = ''): UserAgentClass {
  if (agent.trim() === '') return 'unknown';
  if (proxyReason(agent, ip)) return 'privacy_proxy';
  if (isScannerAgent(agent)) return 'scanner';
  return MOBILE.test(agent) ? 'mobile' : 'desktop';
}

/** Who made an open or a click, and whether it is to be counted as a person's. */
export function judgeHit(hit: Hit): Engagement {
  const userAgentClass = classifyUserAgent(hit.userAgent, hit.ip);
  const flag = (reason: FlagReason): Engagement => ({ userAgentClass, flagged: true, reason });
  const proxy = proxyReason(hit.userAgent, hit.ip);
  if (proxy) return flag(proxy);
  if (hit.purpose.includes('prefetch')) return flag('prefetch');
  // Nobody's mail client or browser asks for the headers of an image or a link only.
  if (hit.method === 'HEAD') return flag('head_request');
  if (hit.kind === 'click' && hit.deliveredAt !== null && hit.at - hit.deliveredAt < SCANNER_WINDOW_MS) return flag('soon_after_delivery');
  if (isScannerAgent(hit.userAgent)) return flag('scanner_agent');
  if (hit.userAgent.trim() === '') return flag('no_user_agent');
  return { userAgentClass, flagged: false };
}

/**
 * An open or a click simulated from the capture inbox: no mail client, proxy or
 * scanner made it, so there is no request to judge (and judging the dashboard's own
 * request would flag a click made within 2 s of capture as a scanner's, which it is not).
 * It is a person's by design, and says it was simulated.
 */
export function simulatedHit(): Engagement & { simulated: true } {
  return { userAgentClass: 'unknown', flagged: false, simulated: true };
}
