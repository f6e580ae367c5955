/**
 * Importing contacts into a list (the original's bare JSON array), answered at once with
 * an import id and applied afterwards, in chunks.
 *
 * Accepting. The whole file is checked before the answer: each address (an invalid one
 * is counted with its row number and reason, never stops the import), each custom field
 * id (an unknown one makes the row invalid), repeats of an address already seen earlier
 * in the file (`repetitive`). The import row, with these counters, and the rows left to
 * apply are committed together, so an accepted import is never lost, and nothing that
 * depends on the order of chunks is left for later.
 *
 * Applying. Chunk by chunk (`chunkRows`), one transaction each: every row's outcome
 * (upsert by address and put on the list: `added`, or `alreadyExists` when it was on the
 * list already; a hard-bounced, unsubscribed, complaining or otherwise suppressed
 * address is counted and left as it is, never re-subscribed), the counters moved by the
 * chunk's outcomes, and the chunk's rows deleted. A process that stops mid-import has
 * either applied a chunk completely or not at all, so resuming (`resumeUnfinished`)
 * continues with the rows still there and counts nothing twice.
 *
 * Where it runs. In this process, started right after the answer: the generic job
 * runner this belongs on is being built at the same time (PRODUCT.md §7). Moving it
 * there means handing `apply(importId)` to the runner as a task; the data needs no change.
 */
import { iso } from '../../../lib/api-shape.js';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { emailAddressProblem, normalizeEmail } from '../../../lib/email-address.js';
import { isId, newId } from '../../../lib/ids.js';
import type { Principal } from '../../../http/principal.js';
import { addMember, findLiveContactList } from '../contact-lists/contact-lists.store.js';
import { insertContactOrFindByEmail, setFieldValues } from '../contacts/contacts.store.js';
import { findLiveCustomFields } from '../custom-fields/custom-fields.store.js';
import type { ImportBody, ImportStatus } from './imports.schemas.js';
import {
  addressState,
  addToCounters,
  deletePendingRowsThrough,
  findImport,
  findImportById,
  insertImport,
  insertPendingRows,
  pendingRows,
  setImportStatus,
  unfinishedImportIds,
} from './imports.store.js';
import { type ContactImportRow, IMPORT_STATUS, type ImportCounter, type PendingImportRow } from './imports.table.js';

const MAX_INVALID_ROWS_SHOWN = 1000;
const CONTACT_ACTIVE = 1;
/** Stored contact status → the counter of a contact an import leaves alone. */
const LEFT_ALONE_BY_STATUS: Record<number, ImportCounter> = { 2: 'hard_bounce', 3: 'unsubscribe', 4: 'spam' };
const LEFT_ALONE_BY_SUPPRESSION: Record<string, ImportCounter> = {
  hard_bounce: 'hard_bounce',
  complaint: 'spam',
  unsubscribe: 'unsubscribe',
  manual: 'blocked',
};

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
  };
}

export interface ImportOptions {
  /** Rows applied per transaction. */
  chunkRows: number;
  /** Told about an import that failed (the process's log). */
  onError?: (importId: string, error: unknown) => void;
}

export class ImportsService {
  /** Imports this process is applying now: one runner per import. */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly options: ImportOptions = { chunkRows: 500 },
  ) {}

  /** Checks and stores the import, starts applying it, and answers its id. */
  async start(principal: Principal, listId: string, rows: ImportBody): Promise<string> {
    const id = await this.accept(principal, listId, rows);
    void this.apply(id);
    return id;
  }

  /** Checks and stores the import (status 0, waiting), committed before anything is applied. */
  async accept(principal: Principal, listId: string, rows: ImportBody): Promise<string> {
    if (!isId(listId) || !(await findLiveContactList(this.db, principal.accountId, listId))) throw AppError.notFound('Contact list');
    const fieldIds = [...new Set(rows.flatMap((r) => (r.customFields ?? []).map((f) => f.customFieldId)))];
    const known = new Set((await findLiveCustomFields(this.db, principal.accountId, fieldIds.filter(isId))).map((f) => f.id));

    const seen = new Set<string>();
    const pending: PendingImportRow[] = [];
    const invalidRows: ImportStatus['invalidRows'] = [];
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

    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      await insertImport(trx, {
        id,
        account_id: principal.accountId,
        list_id: listId,
        status: IMPORT_STATUS.waiting,
        custom_fields: JSON.stringify(fieldIds.filter((f) => known.has(f))),
        invalid_rows: JSON.stringify(invalidRows),
        total: rows.length,
        invalid,
        repetitive,
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
      });
      await insertPendingRows(trx, pending);
    });
    return id;
  }

  async status(principal: Principal, listId: string, importId: string): Promise<ImportStatus> {
    const row = isId(listId) && isId(importId) ? await findImport(this.db, principal.accountId, listId, importId) : undefined;
    if (!row) throw AppError.notFound('Import');
    return toImportStatus(row);
  }

  /** Applies what is left of the import, unless this process is applying it already. Resolves when it stops. */
  apply(importId: string): Promise<void> {
    let run = this.running.get(importId);
    if (!run) {
      run = this.applyChunks(importId)
        .catch(async (error: unknown) => {
          this.options.onError?.(importId, error);
          await setImportStatus(this.db, importId, IMPORT_STATUS.failed, Date.now()).catch(() => undefined);
        })
        .finally(() => this.running.delete(importId));
      this.running.set(importId, run);
    }
    return run;
  }

  /** Picks up the imports a stopped process left waiting or running. */
  async resumeUnfinished(): Promise<void> {
    const ids = await unfinishedImportIds(this.db, [IMPORT_STATUS.waiting, IMPORT_STATUS.running]);
    await Promise.all(ids.map((id) => this.apply(id)));
  }

  private async applyChunks(importId: string): Promise<void> {
    const job = await findImportById(this.db, importId);
    if (!job || job.status === IMPORT_STATUS.completed || job.status === IMPORT_STATUS.failed) return;
    await setImportStatus(this.db, importId, IMPORT_STATUS.running, Date.now());
    for (;;) {
      const done = await this.db.transaction().execute(async (trx) => {
        const rows = await pendingRows(trx, importId, this.options.chunkRows);
        if (rows.length === 0) return true;
        const now = Date.now();
        const deltas: Record<ImportCounter, number> = { added: 0, already_exists: 0, hard_bounce: 0, unsubscribe: 0, spam: 0, blocked: 0 };
        for (const row of rows) {
          const normalized = normalizeEmail(row.email);
          const state = await addressState(trx, job.account_id, normalized);
          const leftAlone =
            state.suppression !== undefined
              ? LEFT_ALONE_BY_SUPPRESSION[state.suppression]
              : state.contact
                ? LEFT_ALONE_BY_STATUS[state.contact.status]
                : undefined;
          if (leftAlone) {
            deltas[leftAlone]++;
            continue;
          }
          const contactId =
            state.contact?.id ??
            (
              await insertContactOrFindByEmail(trx, {
                id: newId(now),
                account_id: job.account_id,
                email: row.email,
                email_normalized: normalized,
                status: CONTACT_ACTIVE,
                rank: 0,
                created_at: now,
                updated_at: now,
                create_user_id: null,
                update_user_id: null,
                deleted_at: null,
              })
            ).id;
          deltas[(await addMember(trx, job.account_id, job.list_id, contactId, now)) ? 'added' : 'already_exists']++;
          const values = JSON.parse(row.custom_fields) as { customFieldId: string; value: string | number | boolean | null }[];
          await setFieldValues(
            trx,
            job.account_id,
            contactId,
            values.map((v) => ({ fieldId: v.customFieldId, value: v.value === null || v.value === '' ? null : String(v.value) })),
          );
        }
        await deletePendingRowsThrough(trx, importId, rows.at(-1)!.row_number);
        await addToCounters(trx, importId, deltas, now);
        return false;
      });
      if (done) break;
    }
    await setImportStatus(this.db, importId, IMPORT_STATUS.completed, Date.now());
  }
}
