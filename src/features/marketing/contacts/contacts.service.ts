/**
 * Contacts: one per address per account, on any number of the account's lists, with
 * tags and custom field values.
 *
 * Adding to a list is an upsert by address (`email_normalized`): the contact the account
 * already has is put on the list and given the values sent; its status is left as it is,
 * so adding an unsubscribed or bounced address again does not re-subscribe it.
 *
 * Status and consent (docs/marketing.md). The stored status is what the API set (1
 * active, 2 hard bounce, 3 unsubscribed, 4 spam reported). A hard bounce or complaint
 * from any stream puts the address on the account's suppression list (notify
 * suppressions); the status a contact is shown with reads that list at the same moment,
 * so every contact with the address shows 2 or 4 from the instant the suppression is
 * committed, whichever list it is on and whenever it was added, and no second copy of
 * the fact can disagree with the first. Campaigns select on the same rule.
 */
import { iso, listResult, type ListResult, toPage, resourceFields } from '../../../lib/api-shape.js';
import type { Db, DbOrTrx } from '../../../db/database.js';
import { AppError, type FieldError } from '../../../errors.js';
import { isId, newId } from '../../../lib/ids.js';
import { normalizeEmail } from '../../../lib/email-address.js';
import type { Principal } from '../../../http/principal.js';
import { addMember, findLiveContactList, listIdsOfContacts, removeContactFromAllLists, removeMember } from '../contact-lists/contact-lists.store.js';
import { findLiveCustomFields, listLiveCustomFields } from '../custom-fields/custom-fields.store.js';
import { copiesOfContact } from '../campaigns/campaigns.store.js';
import type { AddContactBody, BulkContactsBody, BulkResult, Contact, ContactActivity, ContactsQuery, Tag, UpdateContactBody } from './contacts.schemas.js';
import {
  addTag,
  type ContactWithSuppression,
  countTags,
  findSuppressionOf,
  liveContactIds,
  removeTag,
  deleteTagsAndValues,
  findLiveContact,
  insertContactOrFindByEmail,
  listLiveContacts,
  replaceTags,
  setFieldValues,
  tagsOfContacts,
  updateContact,
  valuesOfContacts,
} from './contacts.store.js';
import { CONTACT_STATUS, newActiveContact } from './contacts.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

/** The status a contact is shown with: a hard bounce, unsubscribe or complaint on the suppression list wins over the stored one. */
export function effectiveStatus(stored: number, suppressionReason: string | null): number {
  if (suppressionReason === 'hard_bounce') return CONTACT_STATUS.hardBounce;
  if (suppressionReason === 'unsubscribe') return CONTACT_STATUS.unsubscribed;
  if (suppressionReason === 'complaint') return CONTACT_STATUS.spamReported;
  return stored;
}

type FieldValuesIn = AddContactBody['customFields'];
type FieldValue = { fieldId: string; value: string | null };

/** An entry of `customFields` that named no custom field of the account. */
export interface SkippedField {
  index: number;
  customFieldId: string;
}

/** How many skipped entries the answer names one by one. */
const SKIPPED_SHOWN = 10;

/** resultMessage of an add that skipped entries: which, and why; undefined when none was skipped. */
export function skippedFieldsMessage(skipped: SkippedField[]): string | undefined {
  if (skipped.length === 0) return undefined;
  const shown = skipped.slice(0, SKIPPED_SHOWN);
  const more = skipped.length > shown.length ? ` and ${skipped.length - shown.length} more` : '';
  // Ids are the client's text: quoted, and cut short so that a long one cannot fill the answer.
  const ids = shown.map((s) => JSON.stringify(s.customFieldId.length > 64 ? `${s.customFieldId.slice(0, 64)}…` : s.customFieldId)).join(', ');
  return (
    `The contact was added without ${shown.map((s) => `customFields[${s.index}]`).join(', ')}${more}: ` +
    `${skipped.length === 1 ? 'its customFieldId' : 'their customFieldIds'} ${ids}${more} ${skipped.length === 1 ? 'is' : 'are'} not ` +
    'a custom field of this account (GET /inbox/v1/customfields).'
  );
}

export class ContactsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {}

  /**
   * M10: upsert by address into the list; the contact's id, and the `customFields` entries
   * skipped because their field is not the account's. A sign-up form keeps posting the field
   * ids it was set up with after a field is deleted (or was pasted from another account):
   * refusing the request would lose the person, while their address is what matters.
   */
  async addToList(principal: Principal, listId: string, body: AddContactBody): Promise<{ id: string; skipped: SkippedField[] }> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await this.requireList(trx, principal, listId);
      const { values, skipped } = await this.knownFieldValues(trx, principal, body.customFields);
      const email = body.email.trim();
      const { id } = await insertContactOrFindByEmail(
        trx,
        newActiveContact(principal.accountId, { id: newId(now), email, email_normalized: normalizeEmail(email) }, now, principal.userId),
      );
      await addMember(trx, principal.accountId, listId, id, now);
      await setFieldValues(trx, principal.accountId, id, values);
      if (body.tags) await replaceTags(trx, principal.accountId, id, tidyTags(body.tags));
      return { id, skipped };
    });
  }

  /** M11: takes the contact off the list (it stays a contact of the account). */
  async removeFromList(principal: Principal, listId: string, contactId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.requireList(trx, principal, listId);
      if (!isId(contactId) || !(await removeMember(trx, principal.accountId, listId, contactId))) throw AppError.notFound('Contact on this list');
    });
  }

  async list(principal: Principal, query: ContactsQuery): Promise<ListResult<Contact>> {
    if ((query.fieldId === undefined) !== (query.fieldValue === undefined)) {
      const missing = query.fieldId === undefined ? 'fieldId' : 'fieldValue';
      throw AppError.validation([{ field: missing, message: 'is required with fieldId and fieldValue: the field and the value it must have go together' }]);
    }
    if (query.listId !== undefined && !isId(query.listId)) return listResult([], 0);
    if (query.fieldId !== undefined && !isId(query.fieldId)) return listResult([], 0);
    const { rows, total } = await listLiveContacts(
      this.db,
      principal.accountId,
      {
        emailNormalized: query.email !== undefined ? normalizeEmail(query.email) : undefined,
        listId: query.listId,
        tag: query.tag,
        emailContains: query.search?.trim() ? query.search.trim().toLowerCase() : undefined,
        status: query.status,
        field: query.fieldId !== undefined ? { id: query.fieldId, value: query.fieldValue ?? '' } : undefined,
      },
      toPage(query),
    );
    return listResult(await this.present(principal.accountId, rows), total);
  }

  async get(principal: Principal, id: string): Promise<Contact> {
    const row = isId(id) ? await findLiveContact(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Contact');
    return (await this.present(principal.accountId, [row]))[0]!;
  }

  /** M16: tags (replaced when given) and custom field values (set when given); the contact's id. */
  async update(principal: Principal, id: string, body: UpdateContactBody): Promise<string> {
    await this.db.transaction().execute(async (trx) => {
      const values = await this.fieldValues(trx, principal, body.customFields);
      if (!isId(id) || !(await updateContact(trx, principal.accountId, id, { updated_at: this.clock.now(), update_user_id: principal.userId })))
        throw AppError.notFound('Contact');
      if (body.tags) await replaceTags(trx, principal.accountId, id, tidyTags(body.tags));
      await setFieldValues(trx, principal.accountId, id, values);
    });
    return id;
  }

  /**
   * M17. Setting 1 (active) on an address the suppression list holds for a hard bounce or
   * complaint is refused: the contact would go on showing 2 or 4. Removing the address
   * from the suppression list is the deliberate act that lifts it.
   */
  async setStatus(principal: Principal, id: string, status: number): Promise<void> {
    const row = isId(id) ? await findLiveContact(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Contact');
    if (status === CONTACT_STATUS.active && effectiveStatus(CONTACT_STATUS.active, row.suppression_reason) !== CONTACT_STATUS.active) {
      throw new AppError(
        'conflict',
        `${row.email} is on this account's suppression list (${row.suppression_reason}); remove it there first (DELETE /notify/v1/suppressions/{email}).`,
      );
    }
    if (!(await updateContact(this.db, principal.accountId, id, { status, updated_at: this.clock.now(), update_user_id: principal.userId })))
      throw AppError.notFound('Contact');
  }

  /** Deletes the contact everywhere: off every list, its tags and values gone. */
  async remove(principal: Principal, id: string): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      const removed = isId(id) && (await updateContact(trx, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId }));
      if (!removed) throw AppError.notFound('Contact');
      await removeContactFromAllLists(trx, principal.accountId, id);
      await deleteTagsAndValues(trx, principal.accountId, id);
    });
  }

  /** The reason for the contact's status and the campaign mail it got, with what the person did with each copy. */
  async activity(principal: Principal, id: string): Promise<ContactActivity> {
    const row = isId(id) ? await findLiveContact(this.db, principal.accountId, id) : undefined;
    if (!row) throw AppError.notFound('Contact');
    const [suppression, copies] = await Promise.all([
      findSuppressionOf(this.db, principal.accountId, row.email_normalized),
      copiesOfContact(this.db, principal.accountId, id, ACTIVITY_COPIES),
    ]);
    const at = (ms: number | string | null) => (ms === null ? null : iso(Number(ms)));
    return {
      statusReason: suppression?.reason ?? null,
      suppressedTime: suppression ? iso(Number(suppression.created_at)) : null,
      mail: copies.map((c) => ({
        campaignId: c.campaign_id,
        subject: c.subject,
        messageId: c.message_id,
        sentTime: iso(Number(c.created_at)),
        outcome: c.outcome,
        deliveredTime: at(c.delivered_at),
        firstOpenTime: at(c.first_open_at),
        firstClickTime: at(c.first_click_at),
        unsubscribedTime: at(c.unsubscribed_at),
        complainedTime: at(c.complained_at),
      })),
    };
  }

  /**
   * One action on a selection of contacts, in one transaction: ids that are not live
   * contacts of the account are ignored (counted out of `matched`), so a selection never
   * reaches another account's contacts.
   */
  async bulk(principal: Principal, body: BulkContactsBody): Promise<BulkResult> {
    const needsList = body.action === 'addToList' || body.action === 'removeFromList';
    const needsTag = body.action === 'tag' || body.action === 'untag';
    if (needsList && body.listId === undefined) throw AppError.validation([{ field: 'listId', message: `is required for ${body.action}` }]);
    if (needsTag && !body.tag?.trim()) throw AppError.validation([{ field: 'tag', message: `is required for ${body.action}` }]);
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      if (needsList) await this.requireList(trx, principal, body.listId!);
      const ids = await liveContactIds(trx, principal.accountId, [...new Set(body.contactIds.filter(isId))]);
      const tag = body.tag?.trim() ?? '';
      let changed = 0;
      for (const id of ids) {
        let did: boolean;
        switch (body.action) {
          case 'addToList':
            did = await addMember(trx, principal.accountId, body.listId!, id, now);
            break;
          case 'removeFromList':
            did = await removeMember(trx, principal.accountId, body.listId!, id);
            break;
          case 'tag':
            did = await addTag(trx, principal.accountId, id, tag);
            break;
          case 'untag':
            did = await removeTag(trx, principal.accountId, id, tag);
            break;
          case 'unsubscribe':
            did = await updateContactIfStatusDiffers(trx, principal, id, CONTACT_STATUS.unsubscribed, now);
            break;
          default:
            await updateContact(trx, principal.accountId, id, { deleted_at: now, updated_at: now, update_user_id: principal.userId });
            await removeContactFromAllLists(trx, principal.accountId, id);
            await deleteTagsAndValues(trx, principal.accountId, id);
            did = true;
        }
        if (did) changed++;
      }
      return { matched: ids.length, changed };
    });
  }

  async tags(principal: Principal): Promise<ListResult<Tag>> {
    const rows = await countTags(this.db, principal.accountId);
    return listResult(
      rows.map((r) => ({ tag: r.tag, contactsCount: r.n })),
      rows.length,
    );
  }

  /**
   * A list's contacts as rows of CSV cells (header row first; the route writes them with
   * lib/csv.ts): address, status, times, tags (`;`-separated), then one column per custom
   * field of the account. The list is checked before the first byte, so a wrong id is
   * still a JSON 404; the rows are then read a page at a time by key, so a long list is
   * never held in memory.
   */
  async exportList(principal: Principal, listId: string): Promise<AsyncIterable<readonly string[]>> {
    await this.requireList(this.db, principal, listId);
    const fields = (await listLiveCustomFields(this.db, principal.accountId, { limit: 500, offset: 0 })).rows.reverse();
    const present = (rows: ContactWithSuppression[]) => this.present(principal.accountId, rows);
    const db = this.db;
    return (async function* lines() {
      yield ['email', 'status', 'createTime', 'updateTime', 'tags', ...fields.map((f) => f.name)];
      let after: string | undefined;
      for (;;) {
        const { rows } = await listLiveContacts(db, principal.accountId, { listId }, { limit: EXPORT_PAGE, offset: 0, ...(after ? { after } : {}) });
        for (const c of await present(rows)) {
          const values = new Map(c.customFields.map((v) => [v.customFieldId, v.value]));
          yield [c.email, String(c.status), c.createTime, c.updateTime, c.tags.join(';'), ...fields.map((f) => values.get(f.id) ?? '')];
        }
        if (rows.length < EXPORT_PAGE) return;
        after = rows.at(-1)!.id;
      }
    })();
  }

  private async requireList(db: DbOrTrx, principal: Principal, listId: string): Promise<void> {
    if (!isId(listId) || !(await findLiveContactList(db, principal.accountId, listId))) throw AppError.notFound('Contact list');
  }

  /** The values of a body naming live fields of the account, and the entries naming anything else; null/"" remove. */
  private async knownFieldValues(db: DbOrTrx, principal: Principal, given: FieldValuesIn): Promise<{ values: FieldValue[]; skipped: SkippedField[] }> {
    if (!given?.length) return { values: [], skipped: [] };
    const known = new Set((await findLiveCustomFields(db, principal.accountId, given.map((v) => v.customFieldId).filter(isId))).map((f) => f.id));
    const values: FieldValue[] = [];
    const skipped: SkippedField[] = [];
    given.forEach((v, i) => {
      if (known.has(v.customFieldId)) values.push({ fieldId: v.customFieldId, value: v.value === null || v.value === '' ? null : String(v.value) });
      else skipped.push({ index: i, customFieldId: v.customFieldId });
    });
    return { values, skipped };
  }

  /** The values of a body, each naming a live field of the account (else a 400 naming the entry). */
  private async fieldValues(db: DbOrTrx, principal: Principal, given: FieldValuesIn): Promise<FieldValue[]> {
    const { values, skipped } = await this.knownFieldValues(db, principal, given);
    const errors: FieldError[] = skipped.map((s) => ({ field: `customFields[${s.index}].customFieldId`, message: 'is not a custom field of this account' }));
    if (errors.length) throw AppError.validation(errors);
    return values;
  }

  private async present(accountId: string, rows: ContactWithSuppression[]): Promise<Contact[]> {
    const ids = rows.map((r) => r.id);
    const [tags, values, lists] = await Promise.all([
      tagsOfContacts(this.db, accountId, ids),
      valuesOfContacts(this.db, accountId, ids),
      listIdsOfContacts(this.db, accountId, ids),
    ]);
    return rows.map((row) => ({
      ...resourceFields(row),
      email: row.email,
      rank: Number(row.rank),
      status: effectiveStatus(Number(row.status), row.suppression_reason),
      tags: tags.filter((t) => t.contact_id === row.id).map((t) => t.tag),
      customFields: values
        .filter((v) => v.contact_id === row.id)
        .map((v) => ({ customFieldId: v.custom_field_id, name: v.name, type: Number(v.type), value: v.value })),
      listIds: lists.get(row.id) ?? [],
    }));
  }
}

const EXPORT_PAGE = 500;
const ACTIVITY_COPIES = 100;

async function updateContactIfStatusDiffers(trx: DbOrTrx, principal: Principal, id: string, status: number, now: number): Promise<boolean> {
  const row = await findLiveContact(trx, principal.accountId, id);
  if (!row || Number(row.status) === status) return false;
  return updateContact(trx, principal.accountId, id, { status, updated_at: now, update_user_id: principal.userId });
}

/** Trimmed, without repeats, in the order given. */
function tidyTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter((t) => t !== ''))];
}
