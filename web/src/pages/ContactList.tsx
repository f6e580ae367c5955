import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Answer, api, get, type ItemOf, type ListObject, query } from '../api';
import { type ContactList as List, contactStatus } from '../marketing';
import { navigate } from '../router';
import { ConfirmDialog, Empty, ErrorBox, Field, FieldError, Link, Loading, Pager, Table, useAction, useKeyPages, useLoad, when } from '../ui';

type Contact = ItemOf<'/inbox/v1/contacts'>;

type ImportStatus = Answer<'/inbox/v1/contactlists/{id}/import/{importId}', 'get'>;

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
const PAGE_SIZE = 25;

/** An import's counters, polled every second until it completes or fails. */
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
      {p.invalidRows.length > 0 && (
        <details>
          <summary>Invalid rows ({p.invalidRows.length})</summary>
          <ul>
            {p.invalidRows.slice(0, 100).map((r) => (
              <li key={r.row}>
                Row {r.row}: {r.email || '(empty)'} — {r.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function ImportCsv({ listId, onDone }: { listId: string; onDone: () => void }) {
  const [file, setFile] = useState<File>();
  const [importId, setImportId] = useState<string>();
  const [error, setError] = useState<unknown>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setError(undefined);
    setImportId(undefined);
    const form = new FormData();
    form.append('file', file);
    try {
      setImportId(await api<string>('POST', `/inbox/v1/contactlists/${listId}/import/csv`, form));
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <>
      <form className="inline-form" onSubmit={submit} aria-label="Import a CSV file">
        <div className="field">
          <label htmlFor="csv-file">CSV file (a header row with an email column; other columns named like your custom fields)</label>
          <input id="csv-file" name="file" type="file" accept=".csv,text/csv" required onChange={(e) => setFile(e.target.files?.[0])} />
          <FieldError error={error} name="file" />
        </div>
        <button type="submit">Import</button>
        <ErrorBox error={error} />
      </form>
      {importId && <ImportProgress key={importId} listId={listId} importId={importId} onDone={onDone} />}
    </>
  );
}

/** Renaming a list and deleting it (its contacts stay contacts of the account). */
function ManageList({ list, onRenamed }: { list: List; onRenamed: () => void }) {
  const [name, setName] = useState(list.listName);
  const [asking, setAsking] = useState(false);
  const { error, act } = useAction();
  return (
    <>
      <form
        className="inline-form"
        aria-label="Rename the list"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            await api('PATCH', `/inbox/v1/contactlists/${list.id}`, { listName: name });
            onRenamed();
          });
        }}
      >
        <Field label="List name" name="listName" value={name} onChange={setName} error={error} required />
        <button type="submit">Rename list</button>
        <button type="button" className="danger" onClick={() => setAsking(true)}>
          Delete list
        </button>
      </form>
      <ErrorBox error={error} />
      {asking && (
        <ConfirmDialog
          title={`Delete the list ${list.listName}?`}
          confirmLabel="Delete list"
          danger
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            void act(async () => {
              setAsking(false);
              await api('DELETE', `/inbox/v1/contactlists/${list.id}`);
              navigate('/lists');
            })
          }
        >
          <p>
            Its {list.count} {list.count === 1 ? 'contact stays' : 'contacts stay'} contacts of the account, on their other lists; campaigns can no longer be
            sent to this list.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

export function ContactList({ id }: { id: string }) {
  const list = useLoad(() => get<List>(`/inbox/v1/contactlists/${id}`), [id]);
  const paging = useKeyPages();
  const [search, setSearch] = useState('');
  const [email, setEmail] = useState('');
  const contacts = useLoad(
    () => get<ListObject<Contact>>(`/inbox/v1/contacts${query({ listId: id, email, pageSize: PAGE_SIZE, after: paging.after })}`),
    [id, email, paging.after],
  );
  return (
    <section>
      <p>
        <Link to="/lists">← Contacts & lists</Link>
      </p>
      <ErrorBox error={list.error} />
      {list.data && (
        <>
          <h1>{list.data.listName}</h1>
          <p>
            <span data-testid="list-count">{list.data.count}</span> contacts
          </p>
          <ManageList key={list.data.listName} list={list.data} onRenamed={list.reload} />
        </>
      )}
      <h2>Import contacts</h2>
      <ImportCsv
        listId={id}
        onDone={() => {
          // The count and the contacts as the finished import left them.
          list.reload();
          contacts.reload();
        }}
      />
      <h2>Contacts</h2>
      <form
        className="filters"
        aria-label="Search contacts"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          paging.reset();
          setEmail(search.trim());
        }}
      >
        <label>
          Email address
          <input type="search" name="email" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="someone@example.com" />
        </label>
        <button type="submit">Search</button>
      </form>
      <ErrorBox error={contacts.error} />
      {!contacts.data ? (
        !contacts.error && <Loading />
      ) : contacts.data.items.length === 0 ? (
        email ? (
          <Empty title="No contact has this address on this list">Check the address (the whole address, any case), or clear the search.</Empty>
        ) : (
          <Empty title="No contacts on this list">Import a CSV file above: a header row naming an email column, then one address a row.</Empty>
        )
      ) : (
        <>
          <Table
            label="Contacts"
            columns={['Email address', 'Status', 'Tags', 'Added']}
            items={contacts.data.items}
            rowKey={(c) => c.id}
            cells={(c) => [
              <Link key="email" to={`/contacts/${c.id}`}>
                {c.email}
              </Link>,
              contactStatus(c.status),
              c.tags.join(', '),
              when(c.createTime),
            ]}
          />
          <Pager paging={paging} items={contacts.data.items} pageSize={PAGE_SIZE} />
        </>
      )}
    </section>
  );
}
