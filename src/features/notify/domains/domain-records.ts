/**
 * The DNS records a sending domain publishes, and how what the DNS answers compares
 * with them. Pure functions: the look-ups themselves are in domains.service.ts.
 *
 *   dkim         TXT <selector>._domainkey.<domain>  v=DKIM1; k=rsa; p=<public key>   required
 *   spf          TXT <domain>                         v=spf1 <mechanism> ~all          required
 *   dmarc        TXT _dmarc.<domain>                  v=DMARC1; p=none                 suggested
 *   return_path  MX  <BOUNCE_DOMAIN>                  <inbound host>                   suggested, only with BOUNCE_DOMAIN
 *
 * A domain is verified when every required record is `found`. The return-path record is
 * the operator's, shared by all domains (bounces come back to BOUNCE_DOMAIN, see
 * delivery/return-path.ts); it is listed so the picture is complete, not required.
 */

export type RecordPurpose = 'dkim' | 'spf' | 'dmarc' | 'return_path';

/**
 * unchecked: never looked up. found: published as expected. missing: the name has no
 * record of this kind. wrong: there is one, but not the expected one (see `found`).
 */
export type RecordStatus = 'unchecked' | 'found' | 'missing' | 'wrong';

export interface ExpectedRecord {
  purpose: RecordPurpose;
  type: 'TXT' | 'MX';
  name: string;
  value: string;
  /** Needed for the domain to be verified. */
  required: boolean;
}

export interface RecordCheck {
  status: Exclude<RecordStatus, 'unchecked'>;
  /** What the DNS answered for this kind of record at the name (TXT strings joined). */
  found: string[];
}

export type CheckResults = Partial<Record<RecordPurpose, RecordCheck>>;

export interface RecordSettings {
  /** The SPF mechanism that authorises this server, e.g. `include:_spf.example.com`. */
  spfMechanism: string;
  bounceDomain: string | undefined;
  /** The host that receives bounces for BOUNCE_DOMAIN. */
  inboundHost: string;
}

export function expectedRecords(domain: { name: string; selector: string; publicKey: string }, settings: RecordSettings): ExpectedRecord[] {
  const records: ExpectedRecord[] = [
    { purpose: 'dkim', type: 'TXT', name: `${domain.selector}._domainkey.${domain.name}`, value: `v=DKIM1; k=rsa; p=${domain.publicKey}`, required: true },
    { purpose: 'spf', type: 'TXT', name: domain.name, value: `v=spf1 ${settings.spfMechanism} ~all`, required: true },
    { purpose: 'dmarc', type: 'TXT', name: `_dmarc.${domain.name}`, value: 'v=DMARC1; p=none', required: false },
  ];
  if (settings.bounceDomain) {
    records.push({ purpose: 'return_path', type: 'MX', name: settings.bounceDomain, value: `10 ${settings.inboundHost}`, required: false });
  }
  return records;
}

/** DKIM tag list (`v=DKIM1; k=rsa; p=…`) as a map; whitespace inside values is folding, not content. */
function dkimTags(value: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return tags;
}

function checkDkim(found: string[], publicKey: string): RecordCheck {
  if (found.length === 0) return { status: 'missing', found };
  const matches = found.some((value) => {
    const tags = dkimTags(value);
    return tags.get('p') === publicKey && (tags.get('k') ?? 'rsa').toLowerCase() === 'rsa' && (tags.get('v') ?? 'DKIM1') === 'DKIM1';
  });
  return { status: matches ? 'found' : 'wrong', found };
}

/**
 * SPF: only `v=spf1` strings are SPF records. More than one is a permanent error for
 * receivers (RFC 7208 §4.5), so it is `wrong` even if one of them is right.
 */
function checkSpf(found: string[], mechanism: string): RecordCheck {
  const spf = found.filter((value) => /^v=spf1(\s|$)/i.test(value.trim()));
  if (spf.length === 0) return { status: 'missing', found: spf };
  const wanted = mechanism.toLowerCase().replace(/^\+/, '');
  const authorises =
    spf.length === 1 &&
    spf[0]!
      .trim()
      .split(/\s+/)
      .some((term) => term.toLowerCase().replace(/^\+/, '') === wanted);
  return { status: authorises ? 'found' : 'wrong', found: spf };
}

/** Any DMARC policy the owner chose is fine; the suggestion is only a start. */
function checkDmarc(found: string[]): RecordCheck {
  if (found.length === 0) return { status: 'missing', found };
  return { status: found.some((value) => /^v=DMARC1(\s*;|\s*$)/.test(value.trim())) ? 'found' : 'wrong', found };
}

function checkReturnPath(found: string[], inboundHost: string): RecordCheck {
  if (found.length === 0) return { status: 'missing', found };
  const host = inboundHost.toLowerCase().replace(/\.$/, '');
  return { status: found.some((value) => value.split(' ').pop()!.toLowerCase().replace(/\.$/, '') === host) ? 'found' : 'wrong', found };
}

/** What the DNS answered, by purpose: TXT strings (chunks joined) or MX as `<priority> <host>`. */
export type Answers = Partial<Record<RecordPurpose, string[]>>;

export function evaluate(records: ExpectedRecord[], answers: Answers, publicKey: string, settings: RecordSettings): CheckResults {
  const results: CheckResults = {};
  for (const record of records) {
    const found = answers[record.purpose] ?? [];
    switch (record.purpose) {
      case 'dkim':
        results.dkim = checkDkim(found, publicKey);
        break;
      case 'spf':
        results.spf = checkSpf(found, settings.spfMechanism);
        break;
      case 'dmarc':
        results.dmarc = checkDmarc(found);
        break;
      case 'return_path':
        results.return_path = checkReturnPath(found, settings.inboundHost);
        break;
    }
  }
  return results;
}

export function isVerified(records: ExpectedRecord[], results: CheckResults): boolean {
  return records.filter((r) => r.required).every((r) => results[r.purpose]?.status === 'found');
}

/** The domain and each parent that can still be a sending domain: mail.example.com → [mail.example.com, example.com]. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.toLowerCase().split('.');
  const names: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) names.push(labels.slice(i).join('.'));
  return names;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Why `name` cannot be a sending domain, or undefined when it can. Expects it lowercased. */
export function domainNameProblem(name: string): string | undefined {
  if (name.length === 0) return 'must not be empty';
  if (name.length > 253) return 'must be at most 253 characters';
  const labels = name.split('.');
  if (labels.length < 2) return 'must be a domain with at least two labels, like example.com';
  if (!labels.every((label) => LABEL.test(label))) return 'must be a domain name: letters, digits and hyphens in dot-separated labels, like mail.example.com';
  if (/^\d+$/.test(labels[labels.length - 1]!)) return 'must be a domain name, not an IP address';
  return undefined;
}

/** A DKIM selector is one or more DNS labels. */
export function selectorProblem(selector: string): string | undefined {
  return selector.split('.').every((label) => LABEL.test(label)) ? undefined : 'must be letters, digits and hyphens (DNS labels), like postwire or s2026';
}
