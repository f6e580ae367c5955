/**
 * A person's data (docs/privacy.md): everything an account stores about one address, as one
 * JSON document, and its erasure everywhere. Each table is read and changed by the store of
 * the area that owns it (through the areas' modules); this service only says what and in which
 * order, and keeps the audit of erasures.
 *
 * An erasure is one transaction: either every trace goes, the address's suppression becomes
 * its hash and the audit row is written, or nothing changes. What stays: campaign records and
 * events (under the hash, with their details cleared), so counters, reports and statistics do
 * not change; a message sent to others too keeps its content for them (an SMTP submission's
 * bytes only while one of their deliveries waits). Beside its own rows it reaches what names
 * the address: co-recipients' captured copies, forwards of the person's mail, rows of imports
 * still running and Idempotency-Key answers (the last two keep their place under the hash).
 */
import type { DbHandle, DbOrTrx } from '../../../db/database.js';
import { withdrawDeliveries } from '../../../delivery/enqueue.js';
import { deleteCapturedNaming, deleteCapturedOfMessages, deleteCapturedOfRecipients } from '../../../delivery/transports/capture.js';
import { AppError } from '../../../errors.js';
import type { Principal } from '../../../http/principal.js';
import { iso, listResult, type ListResult, toPage } from '../../../lib/api-shape.js';
import type { Clock } from '../../../lib/clock.js';
import { normalizeEmail, recipientAddressProblem } from '../../../lib/email-address.js';
import { ERASED_PREFIX, erasedAddress } from '../../../lib/erased-address.js';
import { newId } from '../../../lib/ids.js';
import { replyToOf } from '../../../lib/reply-to.js';
import {
  campaignCopiesOfAddress,
  consentsOfContacts,
  contactsOfAddress,
  deleteConsentsAndSignups,
  deleteContactsForGood,
  eraseCampaignCopies,
  erasePendingRows,
  importsWithInvalidRowsNaming,
  membershipsOfContacts,
  pendingRowsNaming,
  removeContactFromAllLists,
  setInvalidRows,
  signupsOfAddress,
  tagsOfContacts,
  valuesOfContacts,
} from '../../marketing/marketing.module.js';
import {
  clearForwards,
  clearSharedSubmissions,
  deleteInboundMessages,
  deleteSuppressionsOfAddress,
  eraseEventsOf,
  eraseMessageContent,
  eraseRecipients,
  type EventLog,
  eventsOfRecipients,
  withRecipients,
  idempotencyAnswersNaming,
  inboundMessagesFrom,
  markWaitingRecipientsCancelled,
  newEventRow,
  recipientIdsOfAddress,
  recipientsOfAddress,
  setIdempotencyAnswer,
  suppressAddress,
  suppressionsOfAddress,
  systemMessagesNaming,
  waitingRecipientsOf,
} from '../../notify/notify.module.js';
import type { Erasure, ErasureCounts, ErasuresQuery, PersonData } from './privacy.schemas.js';
import { insertErasure, listErasures } from './privacy.store.js';
import type { ErasureActor, ErasureRow } from './privacy.table.js';

/** Who asks for an erasure: the caller of the API, or the operator's command. */
export type Requester = { principal: Principal } | { operator: true };

const json = (text: string | null): Record<string, unknown> => {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
/** A stored JSON array of strings (a message's tags); anything else reads as none. */
const jsonList = (text: string | null): string[] => {
  try {
    const value: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};
const time = (ms: number | string | null) => (ms === null ? null : iso(Number(ms)));

/** The address as given and normalized: recipients and sign-ups keep it as it was typed, compared lower case. */
function addressForms(email: string): { normalized: string; lowered: string[] } {
  const normalized = normalizeEmail(email);
  return { normalized, lowered: [...new Set([email.trim().toLowerCase(), normalized])] };
}

function checkedAddress(email: string): string {
  const problem = recipientAddressProblem(email.trim());
  if (problem) throw AppError.validation([{ field: 'email', message: problem }]);
  return email.trim();
}

/** Counts of every kind, none yet: an audit row written before a kind was counted shows it as 0. */
const NO_COUNTS: ErasureCounts = {
  contacts: 0,
  consentsAndSignups: 0,
  recipients: 0,
  messagesCleared: 0,
  events: 0,
  capturedCopies: 0,
  campaignCopies: 0,
  suppressions: 0,
  inboundMessages: 0,
  forwards: 0,
  submissionsCleared: 0,
  importRows: 0,
  idempotencyAnswers: 0,
};

/** The addresses of a parsed inbound document's sender fields (From, Reply-To, Sender), lower case. */
function sendersOf(document: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const field of ['from', 'replyTo', 'sender']) {
    const value = document[field];
    for (const box of Array.isArray(value) ? value : value ? [value] : [])
      if (box && typeof box === 'object' && typeof (box as { address?: unknown }).address === 'string')
        out.push((box as { address: string }).address.trim().toLowerCase());
  }
  return out;
}

/** Whether a string names the address (as typed or normalized). */
function isAddress(value: string, lowered: string[], normalized: string): boolean {
  const trimmed = value.trim();
  if (!trimmed.includes('@')) return false;
  return lowered.includes(trimmed.toLowerCase()) || normalizeEmail(trimmed) === normalized;
}

/** A JSON value with every string that is the address replaced by its hash, and how many were. */
function withHash(value: unknown, lowered: string[], normalized: string, hash: string): { value: unknown; changed: number } {
  if (typeof value === 'string') return isAddress(value, lowered, normalized) ? { value: hash, changed: 1 } : { value, changed: 0 };
  const items: [string, { value: unknown; changed: number }][] =
    value !== null && typeof value === 'object' ? Object.entries(value).map(([key, v]) => [key, withHash(v, lowered, normalized, hash)]) : [];
  const changed = items.reduce((n, [, item]) => n + item.changed, 0);
  if (changed === 0) return { value, changed };
  return { value: Array.isArray(value) ? items.map(([, item]) => item.value) : Object.fromEntries(items.map(([key, item]) => [key, item.value])), changed };
}

export function toErasure(row: ErasureRow): Erasure {
  return {
    id: row.id,
    emailHash: row.email_hash,
    actor: row.actor,
    userId: row.user_id,
    apiKeyId: row.api_key_id,
    counts: { ...NO_COUNTS, ...(JSON.parse(row.counts) as Partial<ErasureCounts>) },
    createTime: iso(Number(row.created_at)),
  };
}

export class PrivacyService {
  constructor(
    private readonly handle: DbHandle,
    private readonly clock: Clock,
    /** Where the `cancelled` events of deliveries taken back are written: their campaign counts them as final. */
    private readonly events: EventLog,
  ) {}

  /** Everything the account stores about the address, oldest first in each part. */
  async export(accountId: string, email: string): Promise<PersonData> {
    const address = checkedAddress(email);
    const { normalized, lowered } = addressForms(address);
    // Reads that can scan an account's message log: off the writer's thread (database.ts `longReads`).
    const db = this.handle.longReads;
    const [contacts, signups, suppressions, recipients, campaigns, inbound, forwards, importRows] = await Promise.all([
      contactsOfAddress(this.handle.db, accountId, normalized),
      signupsOfAddress(this.handle.db, accountId, lowered),
      suppressionsOfAddress(db, accountId, normalized),
      recipientsOfAddress(db, accountId, lowered),
      campaignCopiesOfAddress(db, accountId, normalized),
      this.inboundFrom(this.handle.db, accountId, lowered),
      systemMessagesNaming(db, accountId, lowered),
      pendingRowsNaming(this.handle.db, accountId, lowered),
    ]);
    const contactIds = contacts.map((c) => c.id);
    const [values, tags, lists, consents, events] = await Promise.all([
      valuesOfContacts(this.handle.db, accountId, contactIds),
      tagsOfContacts(this.handle.db, accountId, contactIds),
      membershipsOfContacts(this.handle.db, accountId, contactIds),
      consentsOfContacts(this.handle.db, accountId, contactIds),
      eventsOfRecipients(
        db,
        accountId,
        recipients.map((r) => r.id),
      ).then((rows) => withRecipients(db, rows)),
    ]);
    return {
      email: address,
      exportTime: iso(this.clock.now()),
      contacts: contacts.map((c) => ({
        id: c.id,
        email: c.email,
        status: Number(c.status),
        createTime: iso(Number(c.created_at)),
        updateTime: iso(Number(c.updated_at)),
        isDeleted: c.deleted_at !== null,
        fields: values.filter((v) => v.contact_id === c.id).map((v) => ({ customFieldId: v.custom_field_id, name: v.name, value: v.value })),
        tags: tags.filter((t) => t.contact_id === c.id).map((t) => t.tag),
        lists: lists.filter((l) => l.contact_id === c.id).map((l) => ({ id: l.list_id, name: l.name, addedTime: iso(Number(l.created_at)) })),
        consents: consents
          .filter((k) => k.contact_id === c.id)
          .map((k) => ({ source: k.source, ip: k.ip, consentTime: iso(Number(k.consented_at)), confirmTime: iso(Number(k.confirmed_at)) })),
      })),
      formSignups: signups.map((s) => ({
        id: s.id,
        formId: s.form_id,
        email: s.email,
        ip: s.ip,
        createTime: iso(Number(s.created_at)),
        confirmTime: time(s.confirmed_at),
      })),
      suppressions: suppressions.map((s) => ({
        reason: s.reason,
        details: json(s.details),
        createTime: iso(Number(s.created_at)),
        isDeleted: s.deleted_at !== null,
      })),
      messages: recipients.map((r) => {
        // A personalised copy has content of its own (messages.table.ts `content`).
        const own = json(r.content) as { subject?: string; html?: string; text?: string | null };
        const tagList = jsonList(r.tags);
        return {
          messageId: r.message_id,
          recipientId: r.id,
          email: r.email,
          name: r.name,
          kind: r.kind,
          state: r.state,
          from: r.from_name ? `${r.from_name} <${r.from_email}>` : r.from_email,
          subject: own.subject ?? r.subject,
          htmlContent: own.html ?? r.html_content,
          textContent: own.text ?? r.text_content,
          tags: tagList,
          metadata: json(r.metadata),
          attempts: Number(r.attempts),
          lastResponse: r.last_response,
          sentTime: time(r.sent_at),
          firstOpenTime: time(r.first_opened_at),
          createTime: iso(Number(r.created_at)),
          events: events
            .filter((e) => e.recipient_id === r.id)
            .map((e) => ({ id: e.id, type: e.type, createTime: iso(Number(e.created_at)), details: json(e.details) })),
        };
      }),
      campaigns: campaigns.map((c) => ({
        campaignId: c.campaign_id,
        subject: c.subject,
        messageId: c.message_id,
        outcome: c.outcome,
        deliveredTime: time(c.delivered_at),
        firstOpenTime: time(c.first_open_at),
        firstClickTime: time(c.first_click_at),
        complainedTime: time(c.complained_at),
        unsubscribedTime: time(c.unsubscribed_at),
      })),
      inboundMessages: inbound.map((m) => ({
        id: m.id,
        mailFrom: m.mail_from,
        subject: m.subject,
        receiveTime: iso(Number(m.created_at)),
        document: json(m.document),
      })),
      forwardedMessages: forwards.map((m) => {
        const replyTo = replyToOf(m);
        return {
          messageId: m.id,
          from: m.from_name ? `${m.from_name} <${m.from_email}>` : m.from_email,
          replyTo: replyTo ? (replyTo.name ? `${replyTo.name} <${replyTo.email}>` : replyTo.email) : null,
          subject: m.subject,
          htmlContent: m.html_content,
          textContent: m.text_content,
          createTime: iso(Number(m.created_at)),
        };
      }),
      importRows: importRows.map((r) => ({
        importId: r.import_id,
        row: Number(r.row_number),
        email: r.email,
        customFields: (() => {
          try {
            const value: unknown = JSON.parse(r.custom_fields);
            return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
          } catch {
            return [];
          }
        })(),
      })),
    };
  }

  /** The account's inbound mail from the address: sent from it (the envelope), or with it as From, Reply-To or Sender. */
  private async inboundFrom(db: DbOrTrx, accountId: string, lowered: string[]) {
    const rows = await inboundMessagesFrom(db, accountId, lowered);
    return rows.filter((row) => lowered.includes(row.mail_from.trim().toLowerCase()) || sendersOf(json(row.document)).some((a) => lowered.includes(a)));
  }

  /**
   * Erases the address from the account (see the header) and records who asked. Erasing an
   * address with nothing stored still suppresses its hash and is recorded: the person asked
   * not to be mailed.
   */
  async erase(accountId: string, email: string, requester: Requester): Promise<Erasure> {
    const address = checkedAddress(email);
    const { normalized, lowered } = addressForms(address);
    const hash = erasedAddress(accountId, address);
    const now = this.clock.now();
    const actor: { actor: ErasureActor; user_id: string | null; api_key_id: string | null } =
      'operator' in requester
        ? { actor: 'operator', user_id: null, api_key_id: null }
        : {
            actor: requester.principal.credential === 'apiKey' ? 'apiKey' : 'user',
            user_id: requester.principal.userId,
            api_key_id: requester.principal.apiKeyId,
          };
    const row = await this.handle.db.transaction().execute(async (trx) => {
      const contacts = await contactsOfAddress(trx, accountId, normalized);
      const contactIds = contacts.map((c) => c.id);
      const signups = await signupsOfAddress(trx, accountId, lowered);
      for (const id of contactIds) await removeContactFromAllLists(trx, accountId, id);
      const consentsAndSignups = await deleteConsentsAndSignups(
        trx,
        accountId,
        contactIds,
        signups.map((s) => s.id),
      );
      const deletedContacts = await deleteContactsForGood(trx, accountId, contactIds);
      // Before the campaign records lose the address: the copies are found through them.
      const recipients = await recipientIdsOfAddress(trx, accountId, lowered);
      const campaignCopies = await eraseCampaignCopies(trx, accountId, normalized, hash);
      const counts: ErasureCounts = { ...NO_COUNTS, contacts: deletedContacts, consentsAndSignups, campaignCopies };
      // In chunks: one person may have been sent many thousands of messages.
      for (let i = 0; i < recipients.length; i += 500) {
        const chunk = recipients.slice(i, i + 500);
        const ids = chunk.map((r) => r.id);
        const messageIds = [...new Set(chunk.map((r) => r.message_id))];
        // A delivery still queued is taken back and ends `cancelled`, with its event (a campaign
        // counts it as final); one a worker holds ends as its transport says.
        const withdrawn = await withdrawDeliveries(trx, ids, now);
        const erased = await eraseRecipients(trx, accountId, ids, withdrawn, hash, now);
        counts.recipients += erased.count;
        counts.capturedCopies += await deleteCapturedOfRecipients(trx, accountId, messageIds, ids);
        // The other recipients' captured copies name the address in their To or Cc.
        counts.capturedCopies += await deleteCapturedNaming(trx, accountId, messageIds, lowered);
        counts.events += await eraseEventsOf(trx, accountId, ids, hash);
        await this.events.record(
          trx,
          erased.cancelled.map((r) =>
            newEventRow({
              accountId,
              messageId: r.message_id,
              recipientId: r.id,
              email: hash,
              type: 'cancelled',
              details: { reason: 'address erased' },
              at: now,
            }),
          ),
        );
        counts.messagesCleared += await eraseMessageContent(trx, accountId, messageIds, ERASED_PREFIX);
        counts.submissionsCleared += await clearSharedSubmissions(trx, accountId, messageIds, now);
      }

      // Forwards of the person's mail (and anything else Postwire wrote naming them): cleared,
      // and a forward still queued is taken back, ending `cancelled` with its event.
      const forwards = (await systemMessagesNaming(trx, accountId, lowered)).map((m) => m.id);
      if (forwards.length > 0) {
        const withdrawn = await withdrawDeliveries(trx, await waitingRecipientsOf(trx, accountId, forwards), now);
        const cancelled = withdrawn.length ? await markWaitingRecipientsCancelled(trx, withdrawn, 'address erased', now) : [];
        await this.events.record(
          trx,
          cancelled.map((r) =>
            newEventRow({
              accountId,
              messageId: r.message_id,
              recipientId: r.id,
              email: r.email,
              type: 'cancelled',
              details: { reason: 'address erased' },
              at: now,
            }),
          ),
        );
        counts.capturedCopies += await deleteCapturedOfMessages(trx, accountId, forwards);
        counts.forwards = await clearForwards(trx, accountId, forwards);
      }

      // Imports still running: their rows keep their place (the counters add up), under the hash.
      counts.importRows = await erasePendingRows(trx, accountId, lowered, hash);
      for (const found of await importsWithInvalidRowsNaming(trx, accountId, lowered)) {
        const rows = json(`{"rows":${found.invalid_rows}}`).rows;
        const changed = withHash(rows, lowered, normalized, hash);
        if (changed.changed === 0) continue;
        await setInvalidRows(trx, accountId, found.id, JSON.stringify(changed.value));
        counts.importRows += changed.changed;
      }
      // Idempotency-Key answers are replayed for 24 hours: the key keeps protecting against a
      // second send, its answer names the hash instead of the address.
      for (const answer of await idempotencyAnswersNaming(trx, accountId, lowered)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(answer.response);
        } catch {
          continue;
        }
        const changed = withHash(parsed, lowered, normalized, hash);
        if (changed.changed === 0) continue;
        await setIdempotencyAnswer(trx, accountId, answer.key, JSON.stringify(changed.value));
        counts.idempotencyAnswers += 1;
      }

      const earlier = await suppressionsOfAddress(trx, accountId, normalized);
      counts.suppressions = await deleteSuppressionsOfAddress(trx, accountId, normalized);
      const live = earlier.find((s) => s.deleted_at === null);
      await suppressAddress(trx, {
        accountId,
        email: hash,
        reason: live?.reason ?? 'manual',
        details: { erased: true },
        at: now,
        userId: actor.user_id,
      });
      counts.inboundMessages = await deleteInboundMessages(
        trx,
        accountId,
        (await this.inboundFrom(trx, accountId, lowered)).map((m) => m.id),
      );
      const erasure: ErasureRow = { id: newId(now), account_id: accountId, email_hash: hash, ...actor, counts: JSON.stringify(counts), created_at: now };
      await insertErasure(trx, erasure);
      return erasure;
    });
    return toErasure(row);
  }

  /** The account's erasures, newest first. */
  async erasures(principal: Principal, query: ErasuresQuery): Promise<ListResult<Erasure>> {
    const { rows, total } = await listErasures(this.handle.longReads, principal.accountId, toPage(query));
    return listResult(rows.map(toErasure), total);
  }
}
