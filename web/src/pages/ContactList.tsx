import { type FormEvent, useState } from 'react';
import { api, get, type ItemOf, type ListObject, query } from '../api';
import { ImportCsv } from './ImportCsv';
import { type ContactList as List, contactStatus } from '../marketing';
import { Empty, ErrorBox, FieldError, Link, Loading, Pager, Table, useKeyPages, useLoad, when } from '../ui';

type Contact = ItemOf<'/inbox/v1/contacts'>;

const PAGE_SIZE = 25;

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
            cells={(c) => [c.email, contactStatus(c.status), c.tags.join(', '), when(c.createTime)]}
          />
          <Pager paging={paging} items={contacts.data.items} pageSize={PAGE_SIZE} />
        </>
      )}
    </section>
  );
}
