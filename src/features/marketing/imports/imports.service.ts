/**
 * Importing contacts into a list: the original's JSON array, or a CSV file uploaded as
 * multipart. Both answer an import id at once; the work is a job (task
 * `marketing.contact-import`). The import row and its job commit together, so an accepted
 * import is never lost. JSON is checked whole before the answer; CSV is streamed into
 * `contact_import_files`, its header and first chunk read before the answer (a file broken
 * there is a 400 naming the line), the rest checked while applied.
 *
 * Applying goes chunk by chunk, one transaction each, every step one statement for the whole
 * chunk (so PostgreSQL, where each statement is a round trip, stays fast), with the cursor
 * `rows_done` moved only from where the chunk began: a rerun after a crash skips what was
 * applied, and two runs never both apply a chunk. A repeat of an address is recognised by the
 * membership this import marked, not by memory, so restarts count it once. Suppressed or
 * unsubscribed addresses are counted and never re-subscribed. A file that stops being CSV
 * fails for good (PermanentJobError); a failed import keeps what it applied, and its owner is
 * told. Planner statistics are refreshed as the tables grow (db/statistics.ts).
 */
import type { Db, DbOrTrx } from '../../../db/database.js';
import { refreshStaleStatistics } from '../../../db/statistics.js';
import { AppError } from '../../../errors.js';
import { iso } from '../../../lib/api-shape.js';
import { CsvSyntaxError } from '../../../lib/csv-reader.js';
import { emailAddressProblem, normalizeEmail } from '../../../lib/email-address.js';
import { erasedAddress } from '../../../lib/erased-address.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import { enqueueJob, type JobFailure, PermanentJobError } from '../../../queue/jobs.js';
import { type EventLog, insertAcceptedMessages } from '../../notify/notify.module.js';
import { ownerEmailOf } from '../campaigns/campaigns.store.js';
import { importFailedNotice } from './import-notice.js';
import { findLiveContactList } from '../contact-lists/contact-lists.store.js';
import { findLiveCustomFields, insertCustomField } from '../custom-fields/custom-fields.store.js';
import { newCustomFieldRow } from '../custom-fields/custom-fields.service.js';
import { headerOf, mapByHand, mapColumns, records, StoredUpload, storeUpload, uploadCharset } from './imports.csv.js';
import type { ImportBody, ImportStatus } from './imports.schemas.js';
import {
  addMembers,
  advanceImport,
  allLiveCustomFields,
  deleteFile,
  deletePendingRows,
  deletePendingRowsThrough,
  failImport,
  findImport,
  findImportById,
  insertContacts,
  insertImport,
  insertPendingRows,
  liveContactsByEmail,
  markMembers,
  noticeSenderOf,
  memberships,
  pendingRowsAfter,
  IMPORT_TABLES,
  setImportStatus,
  setManyFieldValues,
  suppressionReasons,
} from './imports.store.js';
import { type ContactImportRow, IMPORT_STATUS, type ImportCounter, type NewContactImportRow, type PendingImportRow } from './imports.table.js';
import { systemClock, type Clock } from '../../../lib/clock.js';

export const IMPORT_TASK = 'marketing.contact-import';

const MAX_INVALID_ROWS_SHOWN = 1000;
/** Stored contact status → the counter of a contact an import leaves alone. */
const LEFT_ALONE_BY_STATUS: Record<number, ImportCounter> = { 2: 'hard_bounce', 3: 'unsubscribe', 4: 'spam' };
const LEFT_ALONE_BY_SUPPRESSION: Record<string, ImportCounter> = {
  hard_bounce: 'hard_bounce',
  complaint: 'spam',
  unsubscribe: 'unsubscribe',
  manual: 'blocked',
};

/**
 * The reasons of the live suppressions of these addresses (normalized), as they are or in
 * their erased form (lib/erased-address.ts): an erased address is left out of an import like
 * any suppressed one, so re-importing a list that still holds it does not store it again.
 */
async function suppressedAmong(trx: DbOrTrx, accountId: string, emails: string[]): Promise<Map<string, string>> {
  const hashes = new Map(emails.map((email) => [erasedAddress(accountId, email), email]));
  const found = await suppressionReasons(trx, accountId, [...emails, ...hashes.keys()]);
  for (const [hash, email] of hashes) {
    const reason = found.get(hash);
    if (reason !== undefined && !found.has(email)) found.set(email, reason);
  }
  return found;
}

type FieldValue = { fieldId: string; value: string | null };
/** A row to apply: its number in the file (from 1), its address, its values. */
interface ImportRowInput {
  row: number;
  email: string;
  values: FieldValue[];
}
type InvalidRow = ImportStatus['invalidRows'][number];

function toImportStatus(row: ContactImportRow): ImportStatus {
  return {
    id: row.id,
    createTime: iso(row.created_at),
    updateTime: iso(row.updated_at),
    contactListId: row.list_id,
    customFields: JSON.parse(row.custom_fields) as string[],
    total: row.total,
    added: row.added,
    alreadyExists: row.already_exists,
    repetitive: row.repetitive,
    invalid: row.invalid,
    hardBounce: row.hard_bounce,
    unsubscribe: row.unsubscribe,
    spam: row.spam,
    blocked: row.blocked,
    limitExceeded: row.limit_exceeded,
    status: row.status,
    invalidRows: JSON.parse(row.invalid_rows) as ImportStatus['invalidRows'],
    ignoredColumns: row.ignored_columns ? (JSON.parse(row.ignored_columns) as string[]) : [],
    charset: row.charset,
    failureReason: row.failure_reason ?? '',
  };
}

export interface ImportOptions {
  /** Data rows applied per transaction. */
  chunkRows: number;
  /** The From of the owner's notice when an import fails (SYSTEM_FROM). */
  systemFrom: string;
  /** The process's event log: the notice's `accepted` event reaches its listeners. */
  events: EventLog;
}

export class ImportsService {
  constructor(
    private readonly db: Db,
    private readonly options: ImportOptions,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Checks and stores a JSON import with its job (status 0, waiting); its id. */
  async accept(principal: Principal, listId: string, rows: ImportBody): Promise<string> {
    await this.requireList(principal, listId);
    const fieldIds = [...new Set(rows.flatMap((r) => (r.customFields ?? []).map((f) => f.customFieldId)))];
    const known = new Set((await findLiveCustomFields(this.db, principal.accountId, fieldIds.filter(isId))).map((f) => f.id));

    const seen = new Set<string>();
    const pending: PendingImportRow[] = [];
    const invalidRows: InvalidRow[] = [];
    let invalid = 0;
    let repetitive = 0;
    const id = newId();
    rows.forEach((row, i) => {
      const email = row.email.trim();
      const unknownField = (row.customFields ?? []).find((f) => !known.has(f.customFieldId));
      const reason =
        emailAddressProblem(email) ?? (unknownField ? `customFieldId ${unknownField.customFieldId} is not a custom field of this account` : undefined);
      if (reason !== undefined) {
        invalid++;
        if (invalidRows.length < MAX_INVALID_ROWS_SHOWN) invalidRows.push({ row: i + 1, email: row.email, reason });
        return;
      }
      const normalized = normalizeEmail(email);
      if (seen.has(normalized)) {
        repetitive++;
        return;
      }
      seen.add(normalized);
      pending.push({ import_id: id, row_number: i + 1, email, custom_fields: JSON.stringify(row.customFields ?? []) });
    });

    await this.db.transaction().execute(async (trx) => {
      const fields = fieldIds.filter((f) => known.has(f));
      await insertImport(trx, {
        ...this.newImport(principal, id, listId, { source: 'json', fieldIds: fields, invalidRows }),
        total: rows.length,
        invalid,
        repetitive,
      });
      await insertPendingRows(trx, pending);
      await enqueueJob(trx, { task: IMPORT_TASK, payload: { importId: id }, key: `contact-import:${id}` });
    });
    return id;
  }

  /** Stores the streamed upload (before the list is known: the request body comes first); see acceptCsv. */
  storeUpload(stream: AsyncIterable<Buffer>): Promise<StoredUpload> {
    return storeUpload(this.db, stream);
  }

  /**
   * Maps the header of the file uploaded as the part `file` and queues its import; its id.
   * The header and the first chunk of rows are read now, so a file that is not CSV from
   * the start is a 400 naming the line. A refused file, and any file uploaded under
   * another name, is deleted.
   */
  async acceptCsv(principal: Principal, listId: string, body: unknown): Promise<string> {
    // The multipart form's fields (http/body-parsers.ts); no request schema describes a file part.
    const parts: Record<string, unknown> = body !== null && typeof body === 'object' ? { ...body } : {};
    const uploads = Object.entries(parts).filter((e): e is [string, StoredUpload] => e[1] instanceof StoredUpload);
    for (const [name, other] of uploads) if (name !== 'file') await deleteFile(this.db, other.fileId);
    const upload = parts.file;
    if (!(upload instanceof StoredUpload)) {
      // Another account's list is not found, whatever the body.
      await this.requireList(principal, listId);
      throw AppError.field('file', 'is required: the CSV file, as a multipart/form-data part named "file"');
    }
    try {
      await this.requireList(principal, listId);
      const charset = uploadCharset(upload, parts.charset);
      const header = await headerOf(this.db, upload.fileId, charset, this.options.chunkRows).catch((error: unknown) => {
        throw error instanceof CsvSyntaxError ? AppError.field('file', `is not valid CSV: ${error.message}`) : error;
      });
      if (!header) throw AppError.field('file', 'is empty');
      const fields = await allLiveCustomFields(this.db, principal.accountId);
      const mapped = parts?.mapping === undefined ? { columns: mapColumns(header, fields), created: [] } : mapByHand(parts.mapping, header, fields);
      const now = this.clock.now();
      const created = mapped.created.map((c) => ({ ...c, row: newCustomFieldRow(principal, c.name, 0, now) }));
      const columns = mapped.columns.map((column) => (column?.startsWith('new:') ? created.find((c) => c.index === Number(column.slice(4)))!.row.id : column));
      const fieldIds = [...new Set(columns.filter((c): c is string => c !== null && c !== 'email'))];
      // The file's pieces were stored under the id the import now takes.
      const id = upload.fileId;
      await this.db.transaction().execute(async (trx) => {
        for (const c of created) await insertCustomField(trx, c.row);
        await insertImport(trx, {
          ...this.newImport(principal, id, listId, { source: 'csv', fieldIds, invalidRows: [] }),
          columns: JSON.stringify(columns),
          ignored_columns: JSON.stringify(header.filter((_, i) => columns[i] === null)),
          charset,
        });
        await enqueueJob(trx, { task: IMPORT_TASK, payload: { importId: id }, key: `contact-import:${id}` });
      });
      return id;
    } catch (error) {
      await deleteFile(this.db, upload.fileId).catch(() => undefined);
      throw error;
    }
  }

  async status(principal: Principal, listId: string, importId: string): Promise<ImportStatus> {
    const row = isId(listId) && isId(importId) ? await findImport(this.db, principal.accountId, listId, importId) : undefined;
    if (!row) throw AppError.notFound('Import');
    return toImportStatus(row);
  }

  /** The job runner's task: applies what is left of the import and ends it. Safe to run again. */
  async run(importId: string): Promise<void> {
    const job = await findImportById(this.db, importId);
    if (!job || job.status === IMPORT_STATUS.completed || job.status === IMPORT_STATUS.failed) return;
    await setImportStatus(this.db, importId, IMPORT_STATUS.running, this.clock.now());
    try {
      if (job.source === 'csv') await this.runCsv(job);
      else await this.runJson(job);
    } catch (error) {
      // A file that is not CSV past some row fails the same way on every retry: the job ends
      // for good and the failure hook below ends the import failed, saying where and why, with
      // what was applied before it. Anything else is the job runner's to retry.
      if (!(error instanceof CsvSyntaxError)) throw error;
      throw new PermanentJobError(`The file is not valid CSV: ${error.message}. Rows before that line were imported.`);
    }
    await this.complete(importId);
  }

  private async complete(importId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await setImportStatus(trx, importId, IMPORT_STATUS.completed, this.clock.now(), null);
      await this.discardInput(trx, importId);
    });
  }

  /**
   * The task's failure hook (src/queue/jobs.ts), in the transaction that fails the job: the
   * import ends failed with the reason, its input is deleted, and the owner is told.
   */
  failed = async (trx: DbOrTrx, payload: { importId: string }, failure: JobFailure): Promise<void> => {
    const now = this.clock.now();
    const reason = failure.permanent ? failure.reason : `the import stopped after ${failure.attempts} attempts: ${failure.reason}`;
    const failed = await failImport(trx, payload.importId, reason, now);
    if (!failed) return;
    await this.discardInput(trx, failed.id);
    const owner = await ownerEmailOf(trx, failed.account_id);
    const senderId = owner && (await noticeSenderOf(trx, failed.account_id, normalizeEmail(owner)));
    // An account without an owner or any sender has no one to tell; the API still shows the reason.
    if (!owner || !senderId) return;
    const list = await findLiveContactList(trx, failed.account_id, failed.list_id);
    // Delivered at the worker's next poll (WORKER_POLL_MS): nothing may wake it before this commits.
    await insertAcceptedMessages(trx, this.options.events, [
      importFailedNotice(failed, list?.name ?? failed.list_id, { owner, senderId, systemFrom: this.options.systemFrom }, now),
    ]);
  };

  private async discardInput(trx: DbOrTrx, importId: string): Promise<void> {
    await deleteFile(trx, importId);
    await deletePendingRows(trx, importId);
  }

  private async runJson(job: ImportJob): Promise<void> {
    let cursor = job.rows_done;
    for (;;) {
      const rows = await pendingRowsAfter(this.db, job.id, cursor, this.options.chunkRows);
      if (rows.length === 0) return;
      const inputs = rows.map((r) => ({
        row: r.row_number,
        email: r.email,
        values: (JSON.parse(r.custom_fields) as { customFieldId: string; value: string | number | boolean | null }[]).map((v) => ({
          fieldId: v.customFieldId,
          value: v.value === null || v.value === '' ? null : String(v.value),
        })),
      }));
      const to = rows.at(-1)!.row_number;
      await this.applyChunk(job, cursor, to, inputs, [], 0, async (trx) => deletePendingRowsThrough(trx, job.id, to));
      cursor = to;
    }
  }

  private async runCsv(job: ImportJob): Promise<void> {
    const columns = JSON.parse(job.columns ?? '[]') as (string | null)[];
    const emailColumn = columns.indexOf('email');
    let cursor = job.rows_done;
    let rowNumber = 0;
    let chunk: ImportRowInput[] = [];
    let invalid: InvalidRow[] = [];
    let chunkStart = cursor;
    const flush = async () => {
      const count = rowNumber - chunkStart;
      if (count === 0) return;
      await this.applyChunk(job, chunkStart, rowNumber, chunk, invalid, count);
      cursor = rowNumber;
      chunkStart = rowNumber;
      chunk = [];
      invalid = [];
    };
    let header = true;
    try {
      for await (const record of records(this.db, job.id, job.charset)) {
        if (header) {
          header = false;
          continue;
        }
        rowNumber++;
        // Rows applied before a restart: read past, counted already.
        if (rowNumber <= cursor) continue;
        const email = record[emailColumn] ?? '';
        const reason = email === '' ? 'no address in the email column' : emailAddressProblem(email);
        if (reason !== undefined) invalid.push({ row: rowNumber, email, reason });
        else {
          const values: FieldValue[] = [];
          columns.forEach((fieldId, i) => {
            if (fieldId !== null && fieldId !== 'email') values.push({ fieldId, value: record[i] ? record[i]! : null });
          });
          chunk.push({ row: rowNumber, email, values });
        }
        if (rowNumber - chunkStart >= this.options.chunkRows) await flush();
      }
    } catch (error) {
      // The rows read before the line that is not CSV are applied: the failure says so.
      if (error instanceof CsvSyntaxError) await flush();
      throw error;
    }
    await flush();
  }

  /**
   * One chunk in one transaction: `inputs` (valid rows), `invalid` (rows refused), and
   * the cursor moved from `from` to `to`. `total`: rows this chunk adds to the total
   * (CSV; a JSON import counted them when accepted).
   */
  private async applyChunk(
    job: ImportJob,
    from: number,
    to: number,
    inputs: ImportRowInput[],
    invalid: InvalidRow[],
    total: number,
    also?: (trx: DbOrTrx) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const now = this.clock.now();
      const deltas: Record<ImportCounter, number> = {
        added: 0,
        already_exists: 0,
        hard_bounce: 0,
        unsubscribe: 0,
        spam: 0,
        blocked: 0,
        total,
        invalid: invalid.length,
        repetitive: 0,
      };
      // Repeats inside the chunk; repeats of earlier chunks are found by their membership below.
      const byEmail = new Map<string, ImportRowInput>();
      for (const input of inputs) {
        const normalized = normalizeEmail(input.email);
        if (byEmail.has(normalized)) deltas.repetitive++;
        else byEmail.set(normalized, input);
      }
      const emails = [...byEmail.keys()];
      const [contacts, suppressed] = await Promise.all([liveContactsByEmail(trx, job.account_id, emails), suppressedAmong(trx, job.account_id, emails)]);

      const toCreate: { id: string; email: string; email_normalized: string }[] = [];
      // Contacts that existed before this chunk (they may be on the list already), and contacts it created (they are not).
      const existing: { normalized: string; contactId: string }[] = [];
      const created: { normalized: string; contactId: string }[] = [];
      for (const [normalized, input] of byEmail) {
        const reason = suppressed.get(normalized);
        const contact = contacts.get(normalized);
        const leftAlone = reason !== undefined ? (LEFT_ALONE_BY_SUPPRESSION[reason] ?? 'blocked') : contact ? LEFT_ALONE_BY_STATUS[contact.status] : undefined;
        if (leftAlone) deltas[leftAlone]++;
        else if (contact) existing.push({ normalized, contactId: contact.id });
        else toCreate.push({ id: newId(now), email: input.email.trim(), email_normalized: normalized });
      }
      if (toCreate.length) {
        const inserted = await insertContacts(trx, job.account_id, toCreate, now);
        const raced = toCreate.filter((c) => !inserted.has(c.id));
        const found = raced.length
          ? await liveContactsByEmail(
              trx,
              job.account_id,
              raced.map((c) => c.email_normalized),
            )
          : new Map<string, { id: string }>();
        for (const c of toCreate) {
          if (inserted.has(c.id)) created.push({ normalized: c.email_normalized, contactId: c.id });
          else {
            // Made by another request since the lookup: treated as a contact that was there.
            const contactId = found.get(c.email_normalized)?.id;
            if (contactId) existing.push({ normalized: c.email_normalized, contactId });
          }
        }
      }

      const members = await memberships(
        trx,
        job.list_id,
        existing.map((m) => m.contactId),
      );
      const toAdd: string[] = [];
      const toMark: string[] = [];
      const values: { contactId: string; fieldId: string; value: string | null }[] = [];
      for (const { normalized, contactId } of [...existing, ...created]) {
        const marked = members.get(contactId);
        if (marked === job.id) {
          deltas.repetitive++;
          continue;
        }
        if (members.has(contactId)) toMark.push(contactId);
        else toAdd.push(contactId);
        // One value per contact and field: the last the row gives.
        const perField = new Map(byEmail.get(normalized)!.values.map((v) => [v.fieldId, v.value]));
        for (const [fieldId, value] of perField) values.push({ contactId, fieldId, value });
      }
      const added = await addMembers(trx, job.account_id, job.list_id, job.id, toAdd, now);
      deltas.added += added;
      deltas.already_exists += toAdd.length - added + toMark.length;
      await markMembers(trx, job.list_id, job.id, toMark);
      await setManyFieldValues(trx, job.account_id, values);

      let invalidRows: string | undefined;
      if (invalid.length) {
        const shown = JSON.parse(
          (await trx.selectFrom('contact_imports').select('invalid_rows').where('id', '=', job.id).executeTakeFirstOrThrow()).invalid_rows,
        ) as InvalidRow[];
        if (shown.length < MAX_INVALID_ROWS_SHOWN) invalidRows = JSON.stringify([...shown, ...invalid].slice(0, MAX_INVALID_ROWS_SHOWN));
      }
      if (also) await also(trx);
      if (!(await advanceImport(trx, job.id, from, to, deltas, now, invalidRows)))
        throw new Error(`import ${job.id}: rows after ${from} were applied by another run; this one stops`);
    });
    await refreshStaleStatistics(this.db, IMPORT_TABLES);
  }

  private async requireList(principal: Principal, listId: string): Promise<void> {
    if (!isId(listId) || !(await findLiveContactList(this.db, principal.accountId, listId))) throw AppError.notFound('Contact list');
  }

  private newImport(
    principal: Principal,
    id: string,
    listId: string,
    o: { source: 'json' | 'csv'; fieldIds: string[]; invalidRows: InvalidRow[] },
  ): NewContactImportRow {
    const now = this.clock.now();
    return {
      id,
      account_id: principal.accountId,
      list_id: listId,
      status: IMPORT_STATUS.waiting,
      source: o.source,
      rows_done: 0,
      columns: null,
      ignored_columns: null,
      charset: null,
      failure_reason: null,
      custom_fields: JSON.stringify(o.fieldIds),
      invalid_rows: JSON.stringify(o.invalidRows),
      total: 0,
      invalid: 0,
      repetitive: 0,
      added: 0,
      already_exists: 0,
      hard_bounce: 0,
      unsubscribe: 0,
      spam: 0,
      blocked: 0,
      limit_exceeded: 0,
      created_at: now,
      updated_at: now,
      create_user_id: principal.userId,
      update_user_id: principal.userId,
      deleted_at: null,
    };
  }
}

type ImportJob = Pick<ContactImportRow, 'id' | 'account_id' | 'list_id' | 'status' | 'source' | 'rows_done' | 'columns' | 'charset'>;
