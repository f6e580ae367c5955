import { type FormEvent, useState } from 'react';
import { api, get, type ItemOf, type ListObject, query } from '../api';
import { ImportCsv } from './ImportCsv';
import { type ContactList as List, contactStatus } from '../marketing';
import { navigate } from '../router';
import { ConfirmDialog, Empty, ErrorBox, Field, FieldError, Link, Loading, Pager, Table, useAction, useKeyPages, useLoad, when } from '../ui';

type Contact = ItemOf<'/inbox/v1/contacts'>;

const PAGE_SIZE = 25;

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
