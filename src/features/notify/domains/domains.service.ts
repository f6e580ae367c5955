/**
 * Rules for sending domains. Creating one generates its DKIM key pair (RSA 2048); the
 * private key stays in the database and is never part of a response. Verifying looks
 * each record up with the configured resolver (DNS_RESOLVER) and stores the results.
 *
 * Verified state: a domain is verified while its last check found every required
 * record (DKIM, SPF). A check that finds them missing or wrong un-verifies it (mail is
 * no longer signed with its key, its addresses need their own confirmation), because
 * receivers would fail the signature too. A check the DNS server does not answer
 * changes nothing (503): a resolver outage must not un-verify every domain.
 */
import { listResult, type ListResult, type Page, iso, resourceFields } from '../../../lib/api-shape.js';
import { generateKeyPair } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { promisify } from 'node:util';
import type { Db, DbOrTrx } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import { isUniqueViolation } from '../../../db/errors.js';
import {
  domainAndParents,
  domainNameProblem,
  evaluate,
  expectedRecords,
  isVerified,
  selectorProblem,
  type Answers,
  type CheckResults,
  type RecordSettings,
} from './domain-records.js';
import type { CreateDomainBody, Domain } from './domains.schemas.js';
import { findLiveDomain, findLiveDomainByName, findVerifiedDomains, insertDomain, listLiveDomains, updateDomain } from './domains.store.js';
import type { DomainRow } from './domains.table.js';
import { deleteContentSigningKeysWith } from '../messages/messages.delivery-store.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

/** A per-process cache of something an account's domains decide. */
export interface AccountCache {
  forget(accountId: string): void;
}

const generateRsaKeyPair = promisify(generateKeyPair);

export interface DomainsOptions {
  /** Selector of generated keys unless the request names one (DKIM_SELECTOR). */
  defaultSelector: string;
  records: RecordSettings;
  /** DNS server as IP or IP:port; undefined: the system resolver. */
  resolver: string | undefined;
}

/** True when the account has a verified domain that is the address's domain or a parent of it. */
export async function isCoveredByVerifiedDomain(db: DbOrTrx, accountId: string, email: string): Promise<boolean> {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return (await findVerifiedDomains(db, accountId, domainAndParents(domain))).length > 0;
}

function duplicate(name: string): AppError {
  return new AppError('conflict', `The domain ${name} already exists in this account.`);
}

/** NXDOMAIN and NODATA mean "no such record"; anything else means the DNS did not answer. */
function isNoRecord(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOTFOUND' || code === 'ENODATA';
}

export class DomainsService {
  private readonly resolver: Resolver;

  /**
   * `dependents`: per-process caches that hold what an account's domains decide (the DKIM
   * signing keys, the senders a domain makes usable); this process's domain changes clear
   * the account's entries at once.
   */
  constructor(
    private readonly db: Db,
    private readonly options: DomainsOptions,
    private readonly dependents: AccountCache[],
    private readonly clock: Clock = systemClock,
  ) {
    this.resolver = new Resolver({ timeout: 5_000, tries: 2 });
    if (options.resolver) this.resolver.setServers([options.resolver]);
  }

  toDomain(row: DomainRow): Domain {
    const results: CheckResults = row.check_results ? JSON.parse(row.check_results) : {};
    return {
      ...resourceFields(row),
      customerId: row.account_id,
      name: row.name,
      selector: row.selector,
      verified: row.verified_at !== null,
      verifiedTime: row.verified_at === null ? null : iso(row.verified_at),
      lastCheckTime: row.checked_at === null ? null : iso(row.checked_at),
      records: this.recordsOf(row).map((record) => ({
        ...record,
        status: results[record.purpose]?.status ?? 'unchecked',
        found: results[record.purpose]?.found ?? [],
      })),
    };
  }

  async list(principal: Principal, page: Page): Promise<ListResult<Domain>> {
    const { rows, total } = await listLiveDomains(this.db, principal.accountId, page);
    return listResult(
      rows.map((row) => this.toDomain(row)),
      total,
    );
  }

  async get(principal: Principal, id: string): Promise<Domain> {
    return this.toDomain(await this.require(principal, id));
  }

  async create(principal: Principal, input: CreateDomainBody): Promise<Domain> {
    const name = input.name.trim().toLowerCase().replace(/\.$/, '');
    const nameProblem = domainNameProblem(name);
    if (nameProblem) throw AppError.field('name', nameProblem);
    const selector = input.selector?.trim().toLowerCase() || this.options.defaultSelector;
    const problem = selectorProblem(selector);
    if (problem) throw AppError.field('selector', problem);

    const { privateKey, publicKey } = await generateRsaKeyPair('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'der' },
    });
    const now = this.clock.now();
    const row: DomainRow = {
      id: newId(now),
      account_id: principal.accountId,
      name,
      selector,
      private_key: privateKey,
      public_key: publicKey.toString('base64'),
      verified_at: null,
      checked_at: null,
      check_results: null,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await this.db
      .transaction()
      .execute(async (trx) => {
        if (await findLiveDomainByName(trx, principal.accountId, name)) throw duplicate(name);
        await insertDomain(trx, row);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicate(name) : error;
      });
    return this.toDomain(row);
  }

  /**
   * Soft delete; the private key is erased, it will never sign again: also where it was fixed
   * for campaign copies (those not yet sent go with the key of the moment, and `/raw` of those
   * sent is composed with it too).
   */
  async remove(principal: Principal, id: string): Promise<void> {
    const now = this.clock.now();
    const row = await this.require(principal, id);
    const removed = await this.db.transaction().execute(async (trx) => {
      const done = await updateDomain(trx, principal.accountId, id, {
        deleted_at: now,
        updated_at: now,
        update_user_id: principal.userId,
        private_key: null,
      });
      if (done && row.private_key) await deleteContentSigningKeysWith(trx, row.private_key);
      return done;
    });
    if (!removed) throw AppError.notFound('Domain');
    for (const cache of this.dependents) cache.forget(principal.accountId);
  }

  /** Looks every record up, stores the results and the verified state, and returns the domain. */
  async verify(principal: Principal, id: string): Promise<Domain> {
    const row = await this.require(principal, id);
    const records = this.recordsOf(row);
    const answers: Answers = {};
    await Promise.all(
      records.map(async (record) => {
        answers[record.purpose] = record.type === 'MX' ? await this.lookUpMx(record.name) : await this.lookUpTxt(record.name);
      }),
    );
    const results = evaluate(records, answers, row.public_key, this.options.records);
    const now = this.clock.now();
    const verifiedAt = isVerified(records, results) ? (row.verified_at ?? now) : null;
    const changes = { verified_at: verifiedAt, checked_at: now, check_results: JSON.stringify(results), updated_at: now, update_user_id: principal.userId };
    if (!(await updateDomain(this.db, principal.accountId, id, changes))) throw AppError.notFound('Domain');
    for (const cache of this.dependents) cache.forget(principal.accountId);
    return this.toDomain({ ...row, ...changes });
  }

  private recordsOf(row: DomainRow) {
    return expectedRecords({ name: row.name, selector: row.selector, publicKey: row.public_key }, this.options.records);
  }

  private async lookUpTxt(name: string): Promise<string[]> {
    try {
      // A TXT record may be split into strings of up to 255 bytes; its value is their concatenation.
      return (await this.resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    } catch (error) {
      if (isNoRecord(error)) return [];
      throw this.unanswered(name, error);
    }
  }

  private async lookUpMx(name: string): Promise<string[]> {
    try {
      return (await this.resolver.resolveMx(name)).map((mx) => `${mx.priority} ${mx.exchange}`);
    } catch (error) {
      if (isNoRecord(error)) return [];
      throw this.unanswered(name, error);
    }
  }

  private unanswered(name: string, error: unknown): AppError {
    const code = (error as { code?: string }).code ?? 'error';
    return new AppError('unavailable', `The DNS server did not answer for ${name} (${code}); nothing was changed. Try again later.`, { cause: error });
  }

  private async require(principal: Principal, id: string): Promise<DomainRow> {
    const row = isId(id) ? await findLiveDomain(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Domain');
    return row;
  }
}
