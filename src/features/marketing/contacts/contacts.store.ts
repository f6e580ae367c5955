/**
 * SQL for contacts, their tags and their custom field values. Every statement is scoped
 * by account; deleted contacts are invisible. Reads of a contact bring the reason of a
 * live suppression of its address along (`suppression_reason`), which its status shows.
 */
import { PostgresAdapter, sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { listPage, liveRowsOf } from '../../../db/listing.js';
import type { Page } from '../../../lib/api-shape.js';
import type { DbOrTrx, Reads } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { SHOWN_STATUS } from '../segments/segment-rules.js';
import type { ContactRow, NewContactRow } from './contacts.table.js';

export type ContactWithSuppression = ContactRow & { suppression_reason: string | null };

/** The contact's columns and the reason its address is on the account's live suppression list, if it is. */
function withSuppression(q: SelectQueryBuilder<Database, 'contacts', object>) {
  return q
    .selectAll('contacts')
    .select((eb) =>
      eb
        .selectFrom('suppressions as s')
        .select('s.reason')
        .whereRef('s.account_id', '=', 'contacts.account_id')
        .whereRef('s.email_normalized', '=', 'contacts.email_normalized')
        .where('s.deleted_at', 'is', null)
        .limit(1)
        .as('suppression_reason'),
    );
}

export interface ContactFilter {
  emailNormalized?: string | undefined;
  /** Lower-case text the address contains. */
  emailContains?: string | undefined;
  listId?: string | undefined;
  tag?: string | undefined;
  /** The status contacts are shown with (a suppression of the address counts). */
  status?: number | undefined;
  /** A custom field of the account and the value (any case) it must have. */
  field?: { id: string; value: string } | undefined;
}

/** `%`, `_` and the escape character match literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listLiveContacts(
  db: DbOrTrx,
  accountId: string,
  filter: ContactFilter,
  page: Page,
): Promise<{ rows: ContactWithSuppression[]; total: number }> {
  let base = liveRowsOf(db, 'contacts', accountId);
  if (filter.emailNormalized !== undefined) base = base.where('contacts.email_normalized', '=', filter.emailNormalized);
  if (filter.listId !== undefined) {
    const listId = filter.listId;
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom('contact_list_members as m').select(sql.lit(1).as('one')).where('m.list_id', '=', listId).whereRef('m.contact_id', '=', 'contacts.id'),
      ),
    );
  }
  if (filter.tag !== undefined) {
    const tag = filter.tag;
    base = base.where((eb) =>
      eb.exists(eb.selectFrom('contact_tags as t').select(sql.lit(1).as('one')).where('t.tag', '=', tag).whereRef('t.contact_id', '=', 'contacts.id')),
    );
  }
  if (filter.emailContains !== undefined) {
    base = base.where(sql<SqlBool>`lower(contacts.email) like ${`%${escapeLike(filter.emailContains)}%`} escape '\\'`);
    // SQLite: the trigram index (migration 0036) names the candidates, the LIKE above decides.
    // A trigram needs three characters; a shorter text reads the contacts. PostgreSQL's
    // trigram index serves the LIKE itself.
    if (!(db.getExecutor().adapter instanceof PostgresAdapter) && [...filter.emailContains].length >= 3) {
      const phrase = `"${filter.emailContains.replaceAll('"', '""')}"`;
      base = base.where(
        sql<SqlBool>`contacts.id in (select s.contact_id from contact_search s where s.rowid in (select rowid from contact_search_fts where contact_search_fts match ${phrase}))`,
      );
    }
  }
  if (filter.status !== undefined) base = base.where(sql<SqlBool>`${SHOWN_STATUS} = ${filter.status}`);
  if (filter.field !== undefined) {
    const { id, value } = filter.field;
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('contact_field_values as v')
          .select(sql.lit(1).as('one'))
          .where('v.custom_field_id', '=', id)
          .where(sql<SqlBool>`lower(v.value) = ${value.toLowerCase()}`)
          .whereRef('v.contact_id', '=', 'contacts.id'),
      ),
    );
  }
  return listPage(base, withSuppression, page) as Promise<{ rows: ContactWithSuppression[]; total: number }>;
}

export async function findLiveContact(db: DbOrTrx, accountId: string, id: string): Promise<ContactWithSuppression | undefined> {
  return withSuppression(liveRowsOf(db, 'contacts', accountId))
    .where('contacts.id', '=', id)
    .executeTakeFirst() as Promise<ContactWithSuppression | undefined>;
}

export async function findLiveContactIdByEmail(db: DbOrTrx, accountId: string, emailNormalized: string): Promise<string | undefined> {
  const row = await liveRowsOf(db, 'contacts', accountId).select('id').where('email_normalized', '=', emailNormalized).executeTakeFirst();
  return row?.id;
}

/**
 * Inserts the contact unless the account already has a live one with its address (two
 * clients adding the same new address at once); returns the id of the one that stands.
 */
export async function insertContactOrFindByEmail(db: DbOrTrx, row: NewContactRow): Promise<{ id: string; created: boolean }> {
  const result = await db
    .insertInto('contacts')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'email_normalized']).where('deleted_at', 'is', null).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) return { id: row.id, created: true };
  const id = await findLiveContactIdByEmail(db, row.account_id, row.email_normalized);
  if (!id) throw new Error('contact insert conflicted but no live contact has the address');
  return { id, created: false };
}

export type ContactChanges = Partial<Pick<ContactRow, 'status' | 'updated_at' | 'update_user_id' | 'deleted_at'>>;

/** True when a live contact of the account was changed. */
export async function updateContact(db: DbOrTrx, accountId: string, id: string, changes: ContactChanges): Promise<boolean> {
  const result = await db
    .updateTable('contacts')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceTags(db: DbOrTrx, accountId: string, contactId: string, tags: string[]): Promise<void> {
  await db.deleteFrom('contact_tags').where('account_id', '=', accountId).where('contact_id', '=', contactId).execute();
  if (tags.length)
    await db
      .insertInto('contact_tags')
      .values(tags.map((tag) => ({ contact_id: contactId, account_id: accountId, tag })))
      .execute();
}

/** Sets (value) or removes (null) the contact's value of each field. */
export async function setFieldValues(db: DbOrTrx, accountId: string, contactId: string, values: { fieldId: string; value: string | null }[]): Promise<void> {
  for (const { fieldId, value } of values) {
    if (value === null) {
      await db.deleteFrom('contact_field_values').where('contact_id', '=', contactId).where('custom_field_id', '=', fieldId).execute();
    } else {
      await db
        .insertInto('contact_field_values')
        .values({ contact_id: contactId, custom_field_id: fieldId, account_id: accountId, value })
        .onConflict((oc) => oc.columns(['contact_id', 'custom_field_id']).doUpdateSet({ value }))
        .execute();
    }
  }
}

/** A deleted contact's tags and values go with it. */
export async function deleteTagsAndValues(db: DbOrTrx, accountId: string, contactId: string): Promise<void> {
  await db.deleteFrom('contact_tags').where('account_id', '=', accountId).where('contact_id', '=', contactId).execute();
  await db.deleteFrom('contact_field_values').where('account_id', '=', accountId).where('contact_id', '=', contactId).execute();
}

export async function tagsOfContacts(db: DbOrTrx, accountId: string, contactIds: string[]): Promise<{ contact_id: string; tag: string }[]> {
  if (contactIds.length === 0) return [];
  return db
    .selectFrom('contact_tags')
    .select(['contact_id', 'tag'])
    .where('account_id', '=', accountId)
    .where('contact_id', 'in', contactIds)
    .orderBy('tag')
    .execute();
}

/** The values of live fields, with each field's name and type. */
export async function valuesOfContacts(db: DbOrTrx, accountId: string, contactIds: string[]) {
  if (contactIds.length === 0) return [];
  return db
    .selectFrom('contact_field_values as v')
    .innerJoin('custom_fields as f', 'f.id', 'v.custom_field_id')
    .select(['v.contact_id', 'v.custom_field_id', 'v.value', 'f.name', 'f.type'])
    .where('v.account_id', '=', accountId)
    .where('v.contact_id', 'in', contactIds)
    .where('f.deleted_at', 'is', null)
    .orderBy('v.custom_field_id')
    .execute();
}

/** Every tag of the account's contacts, with how many contacts carry it. */
export async function countTags(db: DbOrTrx, accountId: string): Promise<{ tag: string; n: number }[]> {
  const rows = await db
    .selectFrom('contact_tags')
    .where('account_id', '=', accountId)
    .groupBy('tag')
    .select((eb) => ['tag', eb.fn.countAll<number>().as('n')])
    .orderBy('tag')
    .execute();
  return rows.map((r) => ({ tag: r.tag, n: Number(r.n) }));
}

/** Which of these ids are live contacts of the account. */
export async function liveContactIds(db: DbOrTrx, accountId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await liveRowsOf(db, 'contacts', accountId).select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Gives the contact the tag; true when it did not have it. */
export async function addTag(db: DbOrTrx, accountId: string, contactId: string, tag: string): Promise<boolean> {
  const result = await db
    .insertInto('contact_tags')
    .values({ contact_id: contactId, account_id: accountId, tag })
    .onConflict((oc) => oc.columns(['contact_id', 'tag']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes the tag off the contact; true when it had it. */
export async function removeTag(db: DbOrTrx, accountId: string, contactId: string, tag: string): Promise<boolean> {
  const result = await db
    .deleteFrom('contact_tags')
    .where('account_id', '=', accountId)
    .where('contact_id', '=', contactId)
    .where('tag', '=', tag)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The live suppression of an address of the account: why and since when. */
export function findSuppressionOf(db: DbOrTrx, accountId: string, emailNormalized: string) {
  return db
    .selectFrom('suppressions')
    .select(['reason', 'created_at'])
    .where('account_id', '=', accountId)
    .where('email_normalized', '=', emailNormalized)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Every contact row of the address in the account, live or deleted, oldest first (a person's data). */
export function contactsOfAddress(db: DbOrTrx, accountId: string, emailNormalized: string): Promise<ContactRow[]> {
  return db.selectFrom('contacts').selectAll().where('account_id', '=', accountId).where('email_normalized', '=', emailNormalized).orderBy('id').execute();
}

/** Deletes these contacts of the account for good, with their tags and values (their address is erased). Returns how many. */
export async function deleteContactsForGood(db: DbOrTrx, accountId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await db.deleteFrom('contact_tags').where('account_id', '=', accountId).where('contact_id', 'in', ids).execute();
  await db.deleteFrom('contact_field_values').where('account_id', '=', accountId).where('contact_id', 'in', ids).execute();
  const result = await db.deleteFrom('contacts').where('account_id', '=', accountId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
