/**
 * Marketing senders: the From identities of campaigns (`DisplayName`, `Email`,
 * `ReplyEmail`). They stand on the transactional area's proof of ownership rather than a
 * second one: creating a marketing sender makes its address a Notify sender too if it
 * is not one yet, which mails the confirmation link when the instance requires verified
 * senders (POST /notify/v1/senders/{id}/confirmation sends one on demand).
 *
 * The answer's booleans are read when it is built: `spf`, `dkim`, `dmarc` are what the
 * last check of the most specific live sending domain covering the address found
 * (false when no domain covers it or it was never checked); `activation` is true when
 * the address was confirmed from its mailbox or lies at a verified domain, the rule the
 * send path applies.
 */
import { listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { isId, newId } from '../../../lib/ids.js';
import { normalizeEmail } from '../../../lib/email-address.js';
import type { Principal } from '../../../http/principal.js';
import type { NotifyServices } from '../../notify/notify.module.js';
import type { MarketingSender, MarketingSenderBody, PatchMarketingSenderBody } from './senders.schemas.js';
import {
  confirmedSenderAddresses,
  findLiveDomainsNamed,
  findLiveMarketingSender,
  insertMarketingSender,
  listLiveMarketingSenders,
  updateMarketingSender,
} from './senders.store.js';
import type { MarketingSenderRow } from './senders.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

/** The domain of an address and each parent of it with at least two labels, most specific first. */
function domainsCovering(email: string): string[] {
  const labels = normalizeEmail(email)
    .slice(email.lastIndexOf('@') + 1)
    .split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

type DomainFacts = Awaited<ReturnType<typeof findLiveDomainsNamed>>[number];

function recordFound(domain: DomainFacts | undefined, purpose: 'spf' | 'dkim' | 'dmarc'): boolean {
  if (!domain?.check_results) return false;
  const results = JSON.parse(domain.check_results) as Record<string, { status?: string } | undefined>;
  return results[purpose]?.status === 'found';
}

export class MarketingSendersService {
  constructor(
    private readonly db: Db,
    private readonly notifySenders: Pick<NotifyServices['senders'], 'create'>,
    private readonly clock: Clock = systemClock,
  ) {}

  async create(principal: Principal, body: MarketingSenderBody): Promise<MarketingSender> {
    await this.ensureNotifySender(principal, body.Email, body.DisplayName);
    const now = this.clock.now();
    const row: MarketingSenderRow = {
      id: newId(now),
      account_id: principal.accountId,
      display_name: body.DisplayName.trim(),
      email: body.Email.trim(),
      reply_email: body.ReplyEmail.trim(),
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
    await insertMarketingSender(this.db, row);
    return (await this.present(principal.accountId, [row]))[0]!;
  }

  async list(principal: Principal, page: Page): Promise<ListResult<MarketingSender>> {
    const { rows, total } = await listLiveMarketingSenders(this.db, principal.accountId, page);
    return listResult(await this.present(principal.accountId, rows), total);
  }

  async get(principal: Principal, id: string): Promise<MarketingSender> {
    return (await this.present(principal.accountId, [await this.require(principal, id)]))[0]!;
  }

  /** PUT gives every field, PATCH the name and reply address; a new address becomes a Notify sender too. */
  async update(principal: Principal, id: string, body: PatchMarketingSenderBody & { Email?: string }): Promise<void> {
    const current = await this.require(principal, id);
    if (body.Email !== undefined && normalizeEmail(body.Email) !== normalizeEmail(current.email)) {
      await this.ensureNotifySender(principal, body.Email, body.DisplayName ?? current.display_name);
    }
    const changes = {
      ...(body.DisplayName !== undefined ? { display_name: body.DisplayName.trim() } : {}),
      ...(body.Email !== undefined ? { email: body.Email.trim() } : {}),
      ...(body.ReplyEmail !== undefined ? { reply_email: body.ReplyEmail.trim() } : {}),
      updated_at: this.clock.now(),
      update_user_id: principal.userId,
    };
    if (!(await updateMarketingSender(this.db, principal.accountId, id, changes))) throw AppError.notFound('Sender');
  }

  /** The Notify sender of the address stays: transactional mail may use it. */
  async remove(principal: Principal, id: string): Promise<void> {
    const now = this.clock.now();
    const removed =
      isId(id) && (await updateMarketingSender(this.db, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
    if (!removed) throw AppError.notFound('Sender');
  }

  private async require(principal: Principal, id: string): Promise<MarketingSenderRow> {
    const row = isId(id) ? await findLiveMarketingSender(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Sender');
    return row;
  }

  /** An address that is already a Notify sender of the account keeps its state (the conflict is the answer to "already there"). */
  private async ensureNotifySender(principal: Principal, email: string, displayName: string): Promise<void> {
    try {
      await this.notifySenders.create(principal, { email, displayName });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'conflict')) throw error;
    }
  }

  private async present(accountId: string, rows: MarketingSenderRow[]): Promise<MarketingSender[]> {
    const [domains, confirmed] = await Promise.all([
      findLiveDomainsNamed(this.db, accountId, [...new Set(rows.flatMap((r) => domainsCovering(r.email)))]),
      confirmedSenderAddresses(
        this.db,
        accountId,
        rows.map((r) => normalizeEmail(r.email)),
      ),
    ]);
    return rows.map((row) => {
      const covering = domainsCovering(row.email)
        .map((name) => domains.find((d) => d.name === name))
        .filter((d) => d !== undefined);
      const nearest = covering[0];
      return {
        ...resourceFields(row),
        email: row.email,
        displayName: row.display_name,
        replyEmail: row.reply_email,
        spf: recordFound(nearest, 'spf'),
        dkim: recordFound(nearest, 'dkim'),
        dmarc: recordFound(nearest, 'dmarc'),
        activation: confirmed.has(normalizeEmail(row.email)) || covering.some((d) => d.verified_at !== null),
        fullName: `${row.display_name} <${row.email}>`,
      };
    });
  }
}
