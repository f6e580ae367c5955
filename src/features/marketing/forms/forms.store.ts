/** SQL for sign-up forms, their pending sign-ups and the consents they record. Every statement is scoped by account or by a signed id. */
import { sql } from 'kysely';
import { findLiveRow, listPage, liveRowsOf } from '../../../db/listing.js';
import type { DbOrTrx, Dialect } from '../../../db/database.js';
import type { Page } from '../../../lib/api-shape.js';
import type { ContactConsentRow, FormRow, FormSignupRow, NewFormRow } from './forms.table.js';

export async function insertForm(db: DbOrTrx, row: NewFormRow): Promise<void> {
  await db.insertInto('forms').values(row).execute();
}

export function listLiveForms(db: DbOrTrx, accountId: string, page: Page): Promise<{ rows: FormRow[]; total: number }> {
  return listPage(liveRowsOf(db, 'forms', accountId), (q) => q.selectAll(), page);
}

export function findLiveForm(db: DbOrTrx, accountId: string, id: string): Promise<FormRow | undefined> {
  return findLiveRow(db, 'forms', accountId, id, (q) => q.selectAll());
}

/** A live form by id alone: the public page, where the id in the URL is all there is. */
export function findPublicForm(db: DbOrTrx, id: string): Promise<FormRow | undefined> {
  return db.selectFrom('forms').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function updateForm(
  db: DbOrTrx,
  accountId: string,
  id: string,
  changes: Partial<Pick<FormRow, 'title' | 'list_ids' | 'from_email' | 'updated_at' | 'update_user_id' | 'deleted_at'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('forms')
    .set(changes)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** False when the page token was used before (a replayed submission). */
export async function insertSignup(db: DbOrTrx, row: FormSignupRow): Promise<boolean> {
  const result = await db
    .insertInto('form_signups')
    .values(row)
    .onConflict((oc) => oc.column('page_token').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findSignup(db: DbOrTrx, formId: string, id: string): Promise<FormSignupRow | undefined> {
  return db.selectFrom('form_signups').selectAll().where('form_id', '=', formId).where('id', '=', id).executeTakeFirst();
}

/** True for the one confirmation that marks it (a second click finds it confirmed). */
export async function markSignupConfirmed(db: DbOrTrx, id: string, now: number): Promise<boolean> {
  const result = await db.updateTable('form_signups').set({ confirmed_at: now }).where('id', '=', id).where('confirmed_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertConsent(db: DbOrTrx, row: ContactConsentRow): Promise<void> {
  await db.insertInto('contact_consents').values(row).execute();
}

export function consentsOf(db: DbOrTrx, accountId: string, contactId: string): Promise<ContactConsentRow[]> {
  return db.selectFrom('contact_consents').selectAll().where('account_id', '=', accountId).where('contact_id', '=', contactId).orderBy('id').execute();
}

/** The address confirmation mails come from when the form names none: the account's first live sender. */
export async function firstSenderEmail(db: DbOrTrx, accountId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('senders')
    .select('email')
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row?.email;
}

/**
 * Counts one more mail under `key` and answers the count of its window: a key with no
 * row, or whose window has ended, starts a new window at 1. One statement, so two
 * transactions counting the same key are counted one after the other (PostgreSQL holds
 * the row until the first commits or rolls back; SQLite writes one transaction at a time).
 */
export async function countUnder(trx: DbOrTrx, key: string, now: number, windowMs: number): Promise<number> {
  const row = await trx
    .insertInto('form_confirmation_counters')
    .values({ key, window_ends_at: now + windowMs, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const ended = eb('form_confirmation_counters.window_ends_at', '<=', now);
        return {
          count: eb
            .case()
            .when(ended)
            .then(eb.lit(1))
            .else(eb('form_confirmation_counters.count', '+', eb.lit(1)))
            .end(),
          window_ends_at: eb.case().when(ended).then(eb.ref('excluded.window_ends_at')).else(eb.ref('form_confirmation_counters.window_ends_at')).end(),
        };
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Forgets a counter: its window is over as far as the next submission is concerned. */
/** Gives back one count of a key (a confirmation that could not be sent after all). */
export async function uncount(db: DbOrTrx, key: string): Promise<void> {
  await db
    .updateTable('form_confirmation_counters')
    .set((eb) => ({ count: eb('count', '-', eb.lit(1)) }))
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function deleteCounter(db: DbOrTrx, key: string): Promise<void> {
  await db.deleteFrom('form_confirmation_counters').where('key', '=', key).execute();
}

/**
 * Deletes up to `limit` counters whose window ended before `before`. On PostgreSQL the
 * rows a submission holds at that moment are skipped rather than waited for, so this
 * never waits on (or deadlocks with) a submission counting the same key.
 */
export async function deleteEndedCounters(db: DbOrTrx, dialect: Dialect, before: number, limit: number): Promise<void> {
  let ended = db.selectFrom('form_confirmation_counters').select('key').where('window_ends_at', '<', before).limit(limit);
  if (dialect === 'postgres') ended = ended.forUpdate().skipLocked();
  await db.deleteFrom('form_confirmation_counters').where('key', 'in', ended).execute();
}

export async function deleteSignup(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('form_signups').where('id', '=', id).execute();
}

/** The consents these contacts gave, oldest first (a person's data). */
export function consentsOfContacts(db: DbOrTrx, accountId: string, contactIds: string[]): Promise<ContactConsentRow[]> {
  if (contactIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contact_consents')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('contact_id', 'in', contactIds)
    .orderBy('consented_at')
    .execute();
}

/** The account's sign-ups of one of these addresses (lower case), confirmed or not, oldest first. */
export function signupsOfAddress(db: DbOrTrx, accountId: string, emails: string[]): Promise<FormSignupRow[]> {
  return db
    .selectFrom('form_signups')
    .selectAll()
    .where('account_id', '=', accountId)
    .where(sql<string>`lower(email)`, 'in', emails)
    .orderBy('created_at')
    .execute();
}

/** Deletes the consents of these contacts and these sign-ups (their address is erased). Returns how many rows went. */
export async function deleteConsentsAndSignups(db: DbOrTrx, accountId: string, contactIds: string[], signupIds: string[]): Promise<number> {
  let deleted = 0;
  if (contactIds.length) {
    const result = await db.deleteFrom('contact_consents').where('account_id', '=', accountId).where('contact_id', 'in', contactIds).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  if (signupIds.length) {
    const result = await db.deleteFrom('form_signups').where('account_id', '=', accountId).where('id', 'in', signupIds).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
