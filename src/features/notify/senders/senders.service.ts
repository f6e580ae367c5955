/**
 * Rules for senders: an address is unique among an account's live senders; deletion is soft.
 *
 * Verification: a sender is verified when its address is confirmed (its owner followed
 * the link of a confirmation message) or when the account has verified the address's
 * domain or a parent of it (domains feature). With REQUIRE_VERIFIED_SENDERS only a
 * verified sender can be used in `from`; then creating a sender that no verified domain
 * covers sends the confirmation message at once, and so does changing its address
 * (a confirmation is for one address: a new address starts unconfirmed).
 */
import { listResult, type ListResult, type Page, resourceFields } from '../../../lib/api-shape.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { Db, DbOrTrx } from '../../../db/database.js';
import type { WorkSignal } from '../../../delivery/work-signal.js';
import { AppError } from '../../../errors.js';
import { normalizeEmail } from '../../../lib/email-address.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import { domainAndParents } from '../domains/domain-records.js';
import { isCoveredByVerifiedDomain } from '../domains/domains.service.js';
import { listVerifiedDomainNames } from '../domains/domains.store.js';
import type { EventLog } from '../events/event-listeners.js';
import { insertAcceptedMessages } from '../messages/messages.store.js';
import { confirmationMessage, hashConfirmationToken, newConfirmationToken } from './sender-confirmation.js';
import type { CreateSenderBody, PatchSenderBody, Sender } from './senders.schemas.js';
import {
  confirmSenderByToken,
  findLiveSender,
  findLiveSenderByEmail,
  findSenderByConfirmationToken,
  insertSender,
  listLiveSenders,
  updateSender,
  type SenderChanges,
} from './senders.store.js';
import type { SenderRow } from './senders.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

/** `verifiedDomains`: names of the account's verified domains (a sender at one of them or below is verified). */
export function toSender(row: SenderRow, verifiedDomains: readonly string[] = []): Sender {
  const domain = row.email_normalized.slice(row.email_normalized.lastIndexOf('@') + 1);
  const verifiedBy = row.confirmed_at !== null ? 'address' : domainAndParents(domain).some((d) => verifiedDomains.includes(d)) ? 'domain' : null;
  return {
    ...resourceFields(row),
    customerId: row.account_id,
    displayName: row.display_name,
    email: row.email,
    notifyDedicatedIps: null,
    verified: verifiedBy !== null,
    verifiedBy,
  };
}

export interface SenderVerificationOptions {
  /** REQUIRE_VERIFIED_SENDERS. */
  required: boolean;
  /** From address of confirmation messages (SYSTEM_FROM). */
  systemFrom: string;
  /** How long a confirmation link stays valid. */
  confirmationTtlMs: number;
  /** The public base URL links start with (BASE_URL, or the address the API listens on). */
  publicUrl: () => string;
  /** Wakes this process's worker when a confirmation message is queued. */
  workSignal: WorkSignal;
  /** The process's event log: the confirmation's `accepted` event reaches its listeners. */
  events: EventLog;
  /** When a confirmation link is issued and followed (it expires by it); the system clock by default. */
  clock?: Clock;
}

function duplicate(email: string): AppError {
  return new AppError('conflict', `A sender with the address ${email} already exists in this account.`);
}

/** How long a sender found usable is used for sends without looking it up again (see usableSender). */
const USABLE_SENDER_TTL_MS = 5_000;
/** Bounded so that a process serving very many accounts keeps flat memory. */
const USABLE_SENDER_MAX_ENTRIES = 10_000;

/** What the send path needs of its sender. */
export type UsableSender = NonNullable<Awaited<ReturnType<typeof findLiveSenderByEmail>>>;

export class SendersService {
  /** accountId + ' ' + normalised address → a live sender that passed requireUsable, until `expires`. */
  private readonly usable = new Map<string, { sender: UsableSender; expires: number }>();

  constructor(
    private readonly db: Db,
    private readonly verification: SenderVerificationOptions,
  ) {}

  /**
   * The send path's look-up: the account's live sender with this address, if it may be
   * used in `from`; otherwise the field error that says what to do. One SELECT per send
   * was about a fifth of the API's CPU per send, so a usable sender is remembered for a
   * few seconds. This process's own changes (update, delete, confirm) forget the account's
   * entries at once; a change made by another API process is seen within
   * USABLE_SENDER_TTL_MS, so a sender deleted there can be sent from here for that long.
   * An address that is not (yet) a usable sender is never remembered: a sender just
   * created or confirmed elsewhere works at once.
   */
  async usableSender(accountId: string, fromEmail: string): Promise<UsableSender> {
    const normalized = normalizeEmail(fromEmail);
    const key = `${accountId} ${normalized}`;
    const hit = this.usable.get(key);
    if (hit && hit.expires > this.now()) return hit.sender;
    const sender = await findLiveSenderByEmail(this.db, accountId, normalized);
    if (!sender) {
      throw AppError.field(
        'from.email',
        `${fromEmail} is not one of this account's senders; add it with POST /notify/v1/senders or use an existing one (GET /notify/v1/senders).`,
      );
    }
    await this.requireUsable(accountId, sender);
    if (this.usable.size >= USABLE_SENDER_MAX_ENTRIES) this.usable.clear();
    this.usable.set(key, { sender, expires: this.now() + USABLE_SENDER_TTL_MS });
    return sender;
  }

  /** Drops the remembered senders of an account (one of its senders or domains changed in this process). */
  forget(accountId: string): void {
    for (const key of this.usable.keys()) if (key.startsWith(`${accountId} `)) this.usable.delete(key);
  }

  async list(principal: Principal, page: Page): Promise<ListResult<Sender>> {
    const [{ rows, total }, domains] = await Promise.all([
      listLiveSenders(this.db, principal.accountId, page),
      listVerifiedDomainNames(this.db, principal.accountId),
    ]);
    return listResult(
      rows.map((row) => toSender(row, domains)),
      total,
    );
  }

  async get(principal: Principal, id: string): Promise<Sender> {
    return this.present(await this.require(principal, id));
  }

  private now(): number {
    return (this.verification.clock ?? systemClock).now();
  }

  async create(principal: Principal, input: CreateSenderBody): Promise<Sender> {
    const email = input.email.trim();
    const now = this.now();
    const row: SenderRow = {
      id: newId(now),
      account_id: principal.accountId,
      display_name: input.displayName?.trim() || email.split('@')[0]!,
      email,
      email_normalized: normalizeEmail(email),
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
      confirmed_at: null,
      confirmation_token_hash: null,
      confirmation_expires_at: null,
    };
    const mustConfirm = this.verification.required && !(await isCoveredByVerifiedDomain(this.db, principal.accountId, email));
    await this.db
      .transaction()
      .execute(async (trx) => {
        if (await findLiveSenderByEmail(trx, principal.accountId, row.email_normalized)) throw duplicate(email);
        await insertSender(trx, row);
        // The sender and its confirmation message commit together: no sender waits for a mail that was never queued.
        if (mustConfirm) await this.queueConfirmation(trx, principal, row);
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicate(email) : error;
      });
    if (mustConfirm) this.verification.workSignal.notify();
    return this.present(row);
  }

  async update(principal: Principal, id: string, input: PatchSenderBody): Promise<void> {
    await this.db
      .transaction()
      .execute(async (trx) => {
        const current = await this.require(principal, id, trx);
        const changes: SenderChanges = { updated_at: this.now(), update_user_id: principal.userId };
        if (input.displayName !== undefined) changes.display_name = input.displayName.trim();
        let mustConfirm = false;
        if (input.email !== undefined) {
          const normalized = normalizeEmail(input.email);
          if (normalized !== current.email_normalized) {
            if (await findLiveSenderByEmail(trx, principal.accountId, normalized)) throw duplicate(input.email.trim());
            changes.email_normalized = normalized;
            // The confirmation was for the old address.
            changes.confirmed_at = null;
            changes.confirmation_token_hash = null;
            changes.confirmation_expires_at = null;
            mustConfirm = this.verification.required && !(await isCoveredByVerifiedDomain(trx, principal.accountId, normalized));
          }
          // A change of case only is not a conflict with itself, but still a change.
          changes.email = input.email.trim();
        }
        await updateSender(trx, principal.accountId, id, changes);
        if (mustConfirm) await this.queueConfirmation(trx, principal, { ...current, ...changes });
        return mustConfirm;
      })
      .then(
        (queued) => {
          this.forget(principal.accountId);
          if (queued) this.verification.workSignal.notify();
        },
        (error: unknown) => {
          throw isUniqueViolation(error) && input.email !== undefined ? duplicate(input.email.trim()) : error;
        },
      );
  }

  /**
   * Sends a new confirmation message (POST /notify/v1/senders/{id}/confirmation); the
   * previous link stops working. A sender that is already verified needs none: 409.
   */
  async requestConfirmation(principal: Principal, id: string): Promise<Sender> {
    const row = await this.require(principal, id);
    const sender = await this.present(row);
    if (sender.verified) {
      const how = sender.verifiedBy === 'address' ? 'its address is confirmed' : 'its domain is verified';
      throw new AppError('conflict', `The sender ${row.email} is already verified (${how}); it needs no confirmation.`);
    }
    await this.db.transaction().execute((trx) => this.queueConfirmation(trx, principal, row));
    this.verification.workSignal.notify();
    return sender;
  }

  /** Follows a confirmation link (public: the token is the credential). Single use, until it expires. */
  async confirm(token: string): Promise<{ email: string; verified: true }> {
    const hash = hashConfirmationToken(token);
    const now = this.now();
    const sender = await findSenderByConfirmationToken(this.db, hash);
    const unknown = () =>
      AppError.field(
        'token',
        'this confirmation link is not valid: it was already used, replaced by a newer one, or its sender was deleted. Ask for a new one with POST /notify/v1/senders/{id}/confirmation.',
      );
    if (!sender) throw unknown();
    if (sender.confirmation_expires_at !== null && sender.confirmation_expires_at <= now) {
      throw AppError.field('token', 'this confirmation link has expired. Ask for a new one with POST /notify/v1/senders/{id}/confirmation.');
    }
    if (!(await confirmSenderByToken(this.db, hash, now))) throw unknown();
    this.forget(sender.account_id);
    return { email: sender.email, verified: true };
  }

  /**
   * The check of the send path: with REQUIRE_VERIFIED_SENDERS, `from` must be a verified
   * sender. Costs nothing when verification is not required.
   */
  private async requireUsable(accountId: string, sender: { id: string; email: string; confirmed_at: number | null }): Promise<void> {
    if (!this.verification.required || sender.confirmed_at !== null) return;
    if (await isCoveredByVerifiedDomain(this.db, accountId, sender.email)) return;
    throw AppError.field(
      'from.email',
      `${sender.email} is not a verified sender yet. Follow the link in the confirmation message sent to that address ` +
        `(POST /notify/v1/senders/${sender.id}/confirmation sends a new one), or verify its domain (POST /notify/v1/domains, then /verify).`,
    );
  }

  private async present(row: SenderRow): Promise<Sender> {
    return toSender(row, row.confirmed_at === null ? await listVerifiedDomainNames(this.db, row.account_id) : []);
  }

  /** A new token for the sender and the message carrying its link, in the caller's transaction. */
  private async queueConfirmation(trx: DbOrTrx, principal: Principal, sender: Pick<SenderRow, 'id' | 'email' | 'display_name'>): Promise<void> {
    const now = this.now();
    const { token, hash } = newConfirmationToken();
    const changes: SenderChanges = { confirmation_token_hash: hash, confirmation_expires_at: now + this.verification.confirmationTtlMs };
    await updateSender(trx, principal.accountId, sender.id, changes);
    await insertAcceptedMessages(trx, this.verification.events, [
      confirmationMessage(
        {
          accountId: principal.accountId,
          userId: principal.userId,
          sender: { id: sender.id, email: sender.email, displayName: sender.display_name },
          systemFrom: this.verification.systemFrom,
          link: `${this.verification.publicUrl()}/notify/v1/senders/confirm?token=${token}`,
          validHours: Math.round(this.verification.confirmationTtlMs / 3_600_000),
        },
        now,
      ),
    ]);
  }

  async remove(principal: Principal, id: string): Promise<void> {
    const now = this.now();
    const removed = isId(id) && (await updateSender(this.db, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
    this.forget(principal.accountId);
    if (!removed) throw AppError.notFound('Sender');
  }

  private async require(principal: Principal, id: string, db: Db | Parameters<typeof findLiveSender>[0] = this.db): Promise<SenderRow> {
    const row = isId(id) ? await findLiveSender(db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Sender');
    return row;
  }
}
