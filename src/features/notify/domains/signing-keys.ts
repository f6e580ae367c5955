/**
 * Which DKIM key signs a message: the key of the sending account's verified domain that
 * is the From domain or its closest parent. Looked up once per composition, so the
 * answers are cached per process for a short while; this process's own changes
 * (verify, delete) clear the account's entries at once, other processes see them
 * within the TTL.
 */
import type { Db } from '../../../db/database.js';
import type { DkimKey } from '../../../delivery/compose.js';
import { domainAndParents } from './domain-records.js';
import { findVerifiedDomains } from './domains.store.js';

const DEFAULT_TTL_MS = 30_000;
/** Bounded so that a process signing for very many accounts keeps flat memory. */
const MAX_ENTRIES = 10_000;

export class DomainSigningKeys {
  private readonly cache = new Map<string, { key: DkimKey | undefined; expires: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  async keyFor(accountId: string, fromEmail: string): Promise<DkimKey | undefined> {
    const fromDomain = fromEmail.slice(fromEmail.lastIndexOf('@') + 1).toLowerCase();
    const cacheKey = `${accountId} ${fromDomain}`;
    const cached = this.cache.get(cacheKey);
    if (cached && cached.expires > Date.now()) return cached.key;

    const candidates = domainAndParents(fromDomain);
    const domains = await findVerifiedDomains(this.db, accountId, candidates);
    // Closest first: mail.example.com's own key wins over example.com's.
    const best = candidates.map((name) => domains.find((d) => d.name === name && d.private_key)).find(Boolean);
    const key = best ? { domain: best.name, selector: best.selector, privateKey: best.private_key! } : undefined;
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(cacheKey, { key, expires: Date.now() + this.ttlMs });
    return key;
  }

  /** Drops what is cached for an account (its domains changed in this process). */
  forget(accountId: string): void {
    for (const cacheKey of this.cache.keys()) if (cacheKey.startsWith(`${accountId} `)) this.cache.delete(cacheKey);
  }
}
