/**
 * Importing a CSV file into a list: the file is read in the browser first, so its first rows
 * are shown and each column mapped (the address, a field, a new field, or nothing) before
 * anything is sent; then the import runs with its counters, and ends with a report of the
 * ignored columns and the rejected rows, which can be downloaded.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Answer, api, get, type ItemOf, type ListObject, saveFile } from '../api';
import { ErrorBox, FieldError, Loading, useLoad } from '../ui';

type ImportStatus = Answer<'/inbox/v1/contactlists/{id}/import/{importId}', 'get'>;
type CustomField = ItemOf<'/inbox/v1/customfields'>;

/** Every row ends in exactly one of these counters (docs/marketing.md#imports). */
const OUTCOMES = [
  ['added', 'Added'],
  ['alreadyExists', 'Already on the list'],
  ['repetitive', 'Repeated in the file'],
  ['invalid', 'Invalid'],
  ['hardBounce', 'Hard bounced'],
  ['unsubscribe', 'Unsubscribed'],
  ['spam', 'Spam reported'],
  ['blocked', 'Suppressed'],
  ['limitExceeded', 'Over a limit'],
] as const;

const IMPORT_STATUS = ['Waiting for a worker', 'Importing', 'Completed', 'Failed'];
const PREVIEW_ROWS = 5;
/** What is read of the file for the preview: enough for the header and the first rows of any sensible file. */
const PREVIEW_BYTES = 64 * 1024;

/** The first records of CSV text (RFC 4180 quoting), for the preview only: the server reads the whole file itself. */
export function firstRecords(text: string, count: number): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length && records.length < count; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(cell);
      if (record.some((c) => c !== '')) records.push(record);
      record = [];
      cell = '';
    } else cell += ch;
  }
  if (records.length < count && (cell !== '' || record.length > 0)) {
    record.push(cell);
    records.push(record);
  }
  return records;
}

/** A column's mapping in the form: 'email', 'ignore', 'new', or a custom field id. */
type Choice = string;

const EMAIL_NAMES = new Set(['email', 'emailaddress', 'mail']);

function defaultChoice(name: string, fields: CustomField[], emailTaken: boolean): Choice {
  const key = name.trim().toLowerCase();
  if (!emailTaken && EMAIL_NAMES.has(key.replace(/[\s_-]/g, ''))) return 'email';
  return fields.find((f) => f.name.trim().toLowerCase() === key)?.id ?? 'ignore';
}

function csvLine(cells: (string | number)[]): string {
  return cells.map((c) => (/[",\r\n]/.test(String(c)) ? `"${String(c).replace(/"/g, '""')}"` : String(c))).join(',');
}

/** The report of an import as a CSV file, saved by the browser. */
function downloadReport(p: ImportStatus): void {
  const lines = [
    csvLine(['row', 'email', 'reason']),
    ...p.invalidRows.map((r) => csvLine([r.row, r.email, r.reason])),
    ...p.ignoredColumns.map((c) => csvLine(['', '', `column "${c}" was not imported`])),
  ];
  saveFile(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), `import-${p.id}-report.csv`);
}

/** An import's counters, polled every second until it completes or fails, then its report. */
function ImportProgress({ listId, importId, onDone }: { listId: string; importId: string; onDone: () => void }) {
  const [finished, setFinished] = useState(false);
  const progress = useLoad(() => get<ImportStatus>(`/inbox/v1/contactlists/${listId}/import/${importId}`), [listId, importId], finished ? undefined : 1000);
  const p = progress.data;
  const reported = useRef(false);
  useEffect(() => {
    if (p === undefined || p.status < 2 || reported.current) return;
    reported.current = true;
    setFinished(true);
    onDone();
  }, [p, onDone]);
  if (!p) return progress.error ? <ErrorBox error={progress.error} /> : <Loading />;
  const processed = OUTCOMES.reduce((sum, [key]) => sum + p[key], 0);
  return (
    <section className="import" aria-label="CSV import">
      <p role="status" data-testid="import-state">
        {IMPORT_STATUS[p.status] ?? `Status ${p.status}`}: {processed} of {p.total} rows
      </p>
      {/* A CSV file is read while it is applied, so its total grows until the end; waiting has no value yet (an indeterminate bar). */}
      <progress
        aria-label="Import progress"
        max={Math.max(p.total, 1)}
        value={p.status === 0 ? undefined : p.status === 2 ? Math.max(p.total, 1) : processed}
      />
      <dl className="counters">
        <div>
          <dt>Rows</dt>
          <dd data-testid="import-total">{p.total}</dd>
        </div>
        {OUTCOMES.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`import-${key}`}>{p[key]}</dd>
          </div>
        ))}
      </dl>
      {p.charset && (
        <p className="muted" data-testid="import-charset">
          Read as {p.charset === 'windows-1252' ? 'Windows-1252 (the file is not UTF-8)' : p.charset}
        </p>
      )}
      {p.status === 3 && (
        <p className="error" data-testid="import-failure">
          The import failed: {p.failureReason || 'no reason was recorded.'} Rows applied before the failure stay on the list.
        </p>
      )}
      {p.ignoredColumns.length > 0 && <p data-testid="import-ignored">Columns not imported: {p.ignoredColumns.join(', ')}</p>}
      {p.invalidRows.length > 0 && (
        <details>
          <summary>Rejected rows ({p.invalidRows.length})</summary>
          <ul>
            {p.invalidRows.slice(0, 100).map((r) => (
              <li key={r.row}>
                Row {r.row}: {r.email || '(empty)'} — {r.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {p.status >= 2 && (p.invalidRows.length > 0 || p.ignoredColumns.length > 0) && (
        <button type="button" className="small" onClick={() => downloadReport(p)}>
          Download the report (CSV)
        </button>
      )}
    </section>
  );
}

export function ImportCsv({ listId, onDone }: { listId: string; onDone: () => void }) {
  const fields = useLoad(() => get<ListObject<CustomField>>('/inbox/v1/customfields?pageSize=500'), []);
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string[][]>();
  const [choices, setChoices] = useState<Choice[]>([]);
  const [names, setNames] = useState<string[]>([]);
  const [importId, setImportId] = useState<string>();
  const [error, setError] = useState<unknown>();
  const choose = async (chosen: File | undefined) => {
    setFile(chosen);
    setImportId(undefined);
    setError(undefined);
    if (!chosen) return setPreview(undefined);
    const records = firstRecords(await chosen.slice(0, PREVIEW_BYTES).text(), PREVIEW_ROWS + 1);
    const header = records[0] ?? [];
    let emailTaken = false;
    setChoices(
      header.map((name) => {
        const choice = defaultChoice(name, fields.data?.items ?? [], emailTaken);
        if (choice === 'email') emailTaken = true;
        return choice;
      }),
    );
    setNames(header.map((name) => name.trim()));
    setPreview(records);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setError(undefined);
    setImportId(undefined);
    const form = new FormData();
    form.append('file', file);
    if (preview?.[0]?.length)
      form.append(
        'mapping',
        JSON.stringify(
          choices.map((choice, i) =>
            choice === 'email' || choice === 'ignore'
              ? { as: choice }
              : choice === 'new'
                ? { as: 'new', name: names[i] }
                : { as: 'field', customFieldId: choice },
          ),
        ),
      );
    try {
      setImportId(await api<string>('POST', `/inbox/v1/contactlists/${listId}/import/csv`, form));
      fields.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  const header = preview?.[0] ?? [];
  const rows = preview?.slice(1) ?? [];
  return (
    <>
      <form className="inline-form import-form" onSubmit={submit} aria-label="Import a CSV file">
        <div className="field">
          <label htmlFor="csv-file">CSV file (a header row naming the columns, one of them the email address)</label>
          <input id="csv-file" name="file" type="file" accept=".csv,text/csv" required onChange={(e) => choose(e.target.files?.[0])} />
          <FieldError error={error} name="file" />
        </div>
        {header.length > 0 && (
          <div className="table-scroll">
            <table aria-label="Map the columns">
              <caption>Map each column: the first {rows.length} rows of the file</caption>
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">Import as</th>
                  {rows.map((_, r) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows have no other identity
                    <th scope="col" key={r}>
                      Row {r + 1}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {header.map((name, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two columns may have the same name
                  <tr key={i}>
                    <th scope="row">{name || `(column ${i + 1})`}</th>
                    <td>
                      <select
                        aria-label={`Import column ${name || i + 1} as`}
                        value={choices[i] ?? 'ignore'}
                        onChange={(e) => setChoices(choices.map((c, j) => (j === i ? e.target.value : c)))}
                      >
                        <option value="email">Email address</option>
                        {fields.data?.items.map((f) => (
                          <option key={f.id} value={f.id}>
                            Field: {f.name}
                          </option>
                        ))}
                        <option value="new">New field…</option>
                        <option value="ignore">Do not import</option>
                      </select>
                      {choices[i] === 'new' && (
                        <input
                          aria-label={`Name of the new field for column ${name || i + 1}`}
                          value={names[i] ?? ''}
                          onChange={(e) => setNames(names.map((n, j) => (j === i ? e.target.value : n)))}
                          required
                        />
                      )}
                      <FieldError error={error} name={`mapping[${i}]`} />
                    </td>
                    {rows.map((row, r) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells of the preview
                      <td key={r}>{row[i] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <FieldError error={error} name="mapping" />
        <button type="submit">Import</button>
        <ErrorBox error={error} />
      </form>
      {importId && <ImportProgress key={importId} listId={listId} importId={importId} onDone={onDone} />}
    </>
  );
}
