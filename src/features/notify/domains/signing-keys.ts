/**
 * Which DKIM key signs a message: the key of the sending account's verified domain that
 * is the From domain or its closest parent. Looked up once per composition, so the
 * answers are cached per process for a short while; this process's own changes
 * (verify, delete) clear the account's entries at once, other processes see them
 * within the TTL.
 */
import type { Db } from '../../../db/database.js';
import type { DkimKey, PinnedCopies, SigningKeyPins } from '../../../delivery/compose.js';
import type { Clock } from '../../../lib/clock.js';
import { findContentSigningKey, insertContentSigningKey } from '../messages/messages.delivery-store.js';
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

/**
 * The keys fixed for bulk copies (delivery/compose.ts SigningKeyPins), kept in the database
 * so that every process, and `/raw` after the key changed, signs a content's copies alike.
 * A process keeps those it has read or fixed for a while, as it keeps domains' keys: a fixed
 * key only goes when its domain is deleted (this process forgets at once, others within the
 * TTL) or by retention. A campaign's copies composed at once in one process wait for one look-up.
 */
export class ContentSigningKeyPins implements SigningKeyPins {
  private readonly cache = new Map<string, { fixed: Promise<Fixed | undefined>; expires: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlMs = DEFAULT_TTL_MS,
  ) {}

  async pin(copies: PinnedCopies, current: () => Promise<DkimKey | undefined>): Promise<DkimKey | undefined> {
    const known = await this.pinned(copies);
    if (known) return known.key;
    const name = nameOf(copies);
    let fixing = this.cached(name);
    if (!fixing) {
      fixing = this.fix(copies, current);
      this.remember(name, fixing);
    }
    const result = await fixing;
    if (!result) throw new Error(`no signing key is fixed for content ${copies.contentId} after fixing one`);
    return result.key;
  }

  async pinned(copies: PinnedCopies): Promise<Fixed | undefined> {
    const name = nameOf(copies);
    let lookUp = this.cached(name);
    if (!lookUp) {
      // One look-up for the copies composed meanwhile, not one each.
      lookUp = findContentSigningKey(this.db, copies).then((row) => (row ? { key: keyOfRow(row) } : undefined));
      this.remember(name, lookUp);
    }
    const found = await lookUp;
    // None fixed yet is not remembered: the next composition asks again (or fixes one).
    if (!found) this.drop(name, lookUp);
    return found;
  }

  /** A domain of the account was verified or deleted in this process: its fixed keys are read again. */
  forget(_accountId: string): void {
    this.cache.clear();
  }

  /** Fixes the current key unless another composition (or process) fixed one first, and answers the one fixed. */
  private async fix(copies: PinnedCopies, current: () => Promise<DkimKey | undefined>): Promise<Fixed | undefined> {
    const key = await current();
    await insertContentSigningKey(this.db, {
      content_id: copies.contentId,
      from_domain: copies.fromDomain,
      day: copies.day,
      key_domain: key?.domain ?? null,
      selector: key?.selector ?? null,
      private_key: key?.privateKey ?? null,
      created_at: this.clock.now(),
    });
    const row = await findContentSigningKey(this.db, copies);
    return row ? { key: keyOfRow(row) } : undefined;
  }

  private cached(name: string): Promise<Fixed | undefined> | undefined {
    const entry = this.cache.get(name);
    return entry && entry.expires > this.clock.now() ? entry.fixed : undefined;
  }

  private remember(name: string, fixed: Promise<Fixed | undefined>): void {
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(name, { fixed, expires: this.clock.now() + this.ttlMs });
    // A failed look-up is not remembered: the next composition asks again.
    fixed.catch(() => this.drop(name, fixed));
  }

  /** Forgets `fixed` if it is still what is kept for `name` (not a newer look-up or fix). */
  private drop(name: string, fixed: Promise<Fixed | undefined>): void {
    if (this.cache.get(name)?.fixed === fixed) this.cache.delete(name);
  }
}

type Fixed = { key: DkimKey | undefined };

function nameOf(copies: PinnedCopies): string {
  return `${copies.contentId} ${copies.fromDomain} ${copies.day}`;
}

function keyOfRow(row: { key_domain: string | null; selector: string | null; private_key: string | null }): DkimKey | undefined {
  return row.private_key !== null && row.key_domain !== null && row.selector !== null
    ? { domain: row.key_domain, selector: row.selector, privateKey: row.private_key }
    : undefined;
}
