import { type FormEvent, useState } from 'react';
import { api, get, type ListObject, query } from '../api';
import type { ContactList } from '../marketing';
import { navigate } from '../router';
import { Empty, ErrorBox, Field, Link, Loading, Pager, Table, useKeyPages, useLoad, when } from '../ui';
import { type Group, Groups, ListGroup } from './Groups';

const PAGE_SIZE = 25;

function CreateList() {
  const [listName, setListName] = useState('');
  const [error, setError] = useState<unknown>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      const list = await api<ContactList>('POST', '/inbox/v1/contactlists', { listName });
      // A new list is empty: open it, where its contacts are imported.
      navigate(`/lists/${list.id}`);
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Create a contact list">
      <Field label="List name" name="listName" value={listName} onChange={setListName} error={error} placeholder="Customers" required />
      <button type="submit">Create list</button>
      <ErrorBox error={error} />
    </form>
  );
}

export function Lists() {
  const paging = useKeyPages();
  const lists = useLoad(() => get<ListObject<ContactList>>(`/inbox/v1/contactlists${query({ pageSize: PAGE_SIZE, after: paging.after })}`), [paging.after]);
  const groups = useLoad(() => get<ListObject<Group>>('/inbox/v1/groups?pageSize=500'), []);
  const groupItems = groups.data?.items ?? [];
  // A list moved between groups changes the groups' contact counts too.
  const changed = () => {
    lists.reload();
    groups.reload();
  };
  return (
    <section>
      <h1>Contacts & lists</h1>
      <p className="muted">Campaigns go to the contacts of lists (or of segments). Open a list to see its contacts and import a CSV file into it.</p>
      <CreateList />
      <ErrorBox error={lists.error ?? groups.error} />
      {!lists.data ? (
        !lists.error && <Loading />
      ) : lists.data.totalCount === 0 ? (
        <Empty title="No contact lists yet">Create a list above, then import your contacts into it from a CSV file with an email column.</Empty>
      ) : (
        <>
          <p className="muted">
            {lists.data.totalCount} {lists.data.totalCount === 1 ? 'list' : 'lists'}
          </p>
          <Table
            label="Contact lists"
            columns={['List', 'Contacts', 'Group', 'Created']}
            items={lists.data.items}
            rowKey={(l) => l.id}
            cells={(l) => [
              <Link key="name" to={`/lists/${l.id}`}>
                {l.listName}
              </Link>,
              l.count,
              <ListGroup key="group" list={l} groups={groupItems} onChange={changed} />,
              when(l.createTime),
            ]}
          />
          <Pager paging={paging} items={lists.data.items} pageSize={PAGE_SIZE} />
        </>
      )}
      <Groups groups={groupItems} onChange={changed} />
    </section>
  );
}
