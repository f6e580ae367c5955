import { type FormEvent, useState } from 'react';
import { type Answer, api, get, type ItemOf, type ListObject, query } from '../api';
import { CONTACT_STATUSES, type Contact, type ContactList, type CustomField, contactStatus } from '../marketing';
import { navigate } from '../router';
import { ConfirmDialog, TableScroll, Empty, ErrorBox, Field, FieldError, Link, Loading, Pager, useAction, useKeyPages, useLoad, when } from '../ui';

const PAGE_SIZE = 50;

type Tag = ItemOf<'/inbox/v1/tags'>;
type BulkResult = Answer<'/inbox/v1/contacts/bulk', 'post'>;

/** The account's lists, fields and tags: what the filters, the add form and the bulk actions offer (the first 500 of each). */
export function useAudience() {
  const lists = useLoad(() => get<ListObject<ContactList>>('/inbox/v1/contactlists?pageSize=500'), []);
  const fields = useLoad(() => get<ListObject<CustomField>>('/inbox/v1/customfields?pageSize=500'), []);
  const tags = useLoad(() => get<ListObject<Tag>>('/inbox/v1/tags'), []);
  return { lists: lists.data?.items ?? [], fields: fields.data?.items ?? [], tags: tags.data?.items ?? [], reloadTags: tags.reload };
}

/** Tags as typed in one box: separated by commas, blanks dropped. */
export const splitTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

function AddContact({ lists }: { lists: ContactList[] }) {
  const [email, setEmail] = useState('');
  const [listId, setListId] = useState('');
  const [tags, setTags] = useState('');
  const { error, act } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const list = listId || lists[0]?.id;
      const id = await api<string>('POST', `/inbox/v1/contactlists/${list}/add`, { email, tags: splitTags(tags) });
      navigate(`/contacts/${id}`);
    });
  };
  if (lists.length === 0) return <p className="muted">Create a list first (Contacts & lists): a contact is added to a list.</p>;
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Add a contact">
      <Field label="Email address" name="email" type="email" value={email} onChange={setEmail} error={error} required />
      <div className="field">
        <label htmlFor="add-contact-list">List</label>
        <select id="add-contact-list" value={listId || lists[0]?.id} onChange={(e) => setListId(e.target.value)}>
          {lists.map((l) => (
            <option key={l.id} value={l.id}>
              {l.listName}
            </option>
          ))}
        </select>
      </div>
      <Field label="Tags (comma-separated)" name="tags" value={tags} onChange={setTags} error={error} placeholder="vip, berlin" />
      <button type="submit">Add contact</button>
      <ErrorBox error={error} />
    </form>
  );
}

interface Filters {
  search: string;
  listId: string;
  status: string;
  tag: string;
  fieldId: string;
  fieldValue: string;
}

const NO_FILTERS: Filters = { search: '', listId: '', status: '', tag: '', fieldId: '', fieldValue: '' };

const BULK_ACTIONS = [
  ['addToList', 'Add to list'],
  ['removeFromList', 'Remove from list'],
  ['tag', 'Add a tag'],
  ['untag', 'Remove a tag'],
  ['unsubscribe', 'Unsubscribe'],
  ['delete', 'Delete'],
] as const;
type BulkAction = (typeof BULK_ACTIONS)[number][0];

/** What a bulk action will do, in words, for the confirmation. */
function bulkQuestion(action: BulkAction, count: number, listName: string, tag: string): string {
  const who = `${count} ${count === 1 ? 'contact' : 'contacts'}`;
  switch (action) {
    case 'addToList':
      return `Add ${who} to the list ${listName}?`;
    case 'removeFromList':
      return `Remove ${who} from the list ${listName}?`;
    case 'tag':
      return `Tag ${who} with “${tag}”?`;
    case 'untag':
      return `Remove the tag “${tag}” from ${who}?`;
    case 'unsubscribe':
      return `Unsubscribe ${who}? Campaigns no longer go to them.`;
    default:
      return `Delete ${who} everywhere? They leave every list and their values are gone; this cannot be undone.`;
  }
}

function BulkBar({ selected, lists, onDone }: { selected: string[]; lists: ContactList[]; onDone: (result: BulkResult) => void }) {
  const [action, setAction] = useState<BulkAction>('addToList');
  const [listId, setListId] = useState('');
  const [tag, setTag] = useState('');
  const [asking, setAsking] = useState(false);
  const { error, act } = useAction();
  const list = lists.find((l) => l.id === (listId || lists[0]?.id));
  const needsList = action === 'addToList' || action === 'removeFromList';
  const needsTag = action === 'tag' || action === 'untag';
  const run = () =>
    act(async () => {
      setAsking(false);
      const result = await api<BulkResult>('POST', '/inbox/v1/contacts/bulk', {
        contactIds: selected,
        action,
        ...(needsList ? { listId: list?.id } : {}),
        ...(needsTag ? { tag: tag.trim() } : {}),
      });
      onDone(result);
    });
  return (
    <form
      className="inline-form bulk"
      aria-label="Act on the selected contacts"
      onSubmit={(e) => {
        e.preventDefault();
        setAsking(true);
      }}
    >
      <p className="muted" data-testid="selected-count">
        {selected.length} selected
      </p>
      <div className="field">
        <label htmlFor="bulk-action">Action</label>
        <select id="bulk-action" value={action} onChange={(e) => setAction(e.target.value as BulkAction)}>
          {BULK_ACTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <FieldError error={error} name="action" />
      </div>
      {needsList && (
        <div className="field">
          <label htmlFor="bulk-list">List</label>
          <select id="bulk-list" value={list?.id ?? ''} onChange={(e) => setListId(e.target.value)}>
            {lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.listName}
              </option>
            ))}
          </select>
          <FieldError error={error} name="listId" />
        </div>
      )}
      {needsTag && <Field label="Tag" name="tag" value={tag} onChange={setTag} error={error} required />}
      <button type="submit" disabled={selected.length === 0}>
        Apply to selected
      </button>
      <ErrorBox error={error} />
      {asking && (
        <ConfirmDialog
          title="Confirm the action"
          confirmLabel={BULK_ACTIONS.find(([a]) => a === action)![1]}
          danger={action === 'delete' || action === 'unsubscribe'}
          onConfirm={() => void run()}
          onCancel={() => setAsking(false)}
        >
          <p data-testid="bulk-question">{bulkQuestion(action, selected.length, list?.listName ?? '', tag.trim())}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}

/** One filter: a choice among `options` ([value, label]), or "any" (the empty value). */
function FilterSelect(props: {
  label: string;
  name: string;
  any: string;
  value: string;
  onChange: (value: string) => void;
  options: (readonly [string, string])[];
}) {
  const id = `filter-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.any}</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Contacts() {
  const audience = useAudience();
  const paging = useKeyPages();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [selected, setSelected] = useState<string[]>([]);
  const [done, setDone] = useState<string>();
  const contacts = useLoad(
    () =>
      get<ListObject<Contact>>(
        `/inbox/v1/contacts${query({
          search: filters.search,
          listId: filters.listId,
          status: filters.status,
          tag: filters.tag,
          ...(filters.fieldId ? { fieldId: filters.fieldId, fieldValue: filters.fieldValue } : {}),
          pageSize: PAGE_SIZE,
          after: paging.after,
        })}`,
      ),
    [filters, paging.after],
  );
  const listName = (id: string) => audience.lists.find((l) => l.id === id)?.listName ?? id;
  const set = (key: keyof Filters) => (value: string) => setDraft({ ...draft, [key]: value });
  const items = contacts.data?.items ?? [];
  const allShown = items.length > 0 && items.every((c) => selected.includes(c.id));
  return (
    <section>
      <h1>Contacts</h1>
      <p className="muted">Every contact of the account, newest first. Open one to see its values, its lists and the mail it got.</p>
      <h2>Add a contact</h2>
      <AddContact lists={audience.lists} />
      <h2>Find contacts</h2>
      <form
        className="filters"
        aria-label="Filter contacts"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          paging.reset();
          setSelected([]);
          setFilters({ ...draft, search: draft.search.trim() });
        }}
      >
        <div className="field">
          <label htmlFor="filter-search">Address contains</label>
          <input
            id="filter-search"
            type="search"
            name="search"
            value={draft.search}
            onChange={(e) => set('search')(e.target.value)}
            placeholder="example.com"
          />
        </div>
        <FilterSelect
          label="List"
          name="listId"
          any="Any list"
          value={draft.listId}
          onChange={set('listId')}
          options={audience.lists.map((l) => [l.id, l.listName])}
        />
        <FilterSelect
          label="Status"
          name="status"
          any="Any status"
          value={draft.status}
          onChange={set('status')}
          options={CONTACT_STATUSES.map(([value, label]) => [String(value), label])}
        />
        <FilterSelect
          label="Tag"
          name="tag"
          any="Any tag"
          value={draft.tag}
          onChange={set('tag')}
          options={audience.tags.map((t) => [t.tag, `${t.tag} (${t.contactsCount})`])}
        />
        <FilterSelect
          label="Field"
          name="fieldId"
          any="Any field"
          value={draft.fieldId}
          onChange={set('fieldId')}
          options={audience.fields.map((f) => [f.id, f.name])}
        />
        {draft.fieldId && (
          <div className="field">
            <label htmlFor="filter-fieldValue">Field value</label>
            <input id="filter-fieldValue" name="fieldValue" value={draft.fieldValue} onChange={(e) => set('fieldValue')(e.target.value)} />
          </div>
        )}
        <button type="submit">Filter</button>
      </form>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <ErrorBox error={contacts.error} />
      {!contacts.data ? (
        !contacts.error && <Loading />
      ) : items.length === 0 ? (
        <Empty title="No contact matches">Add one above, import a CSV file into a list, or change the filters.</Empty>
      ) : (
        <>
          <p className="muted" data-testid="contacts-total">
            {contacts.data.totalCount} {contacts.data.totalCount === 1 ? 'contact' : 'contacts'}
          </p>
          <BulkBar
            selected={selected}
            lists={audience.lists}
            onDone={(result) => {
              setDone(`Done: ${result.changed} of ${result.matched} ${result.matched === 1 ? 'contact' : 'contacts'} changed.`);
              setSelected([]);
              contacts.reload();
              audience.reloadTags();
            }}
          />
          <TableScroll>
            <table className="list" aria-label="Contacts">
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label="Select every contact on this page"
                      checked={allShown}
                      onChange={(e) => setSelected(e.target.checked ? [...new Set([...selected, ...items.map((c) => c.id)])] : [])}
                    />
                  </th>
                  <th scope="col">Email address</th>
                  <th scope="col">Status</th>
                  <th scope="col">Lists</th>
                  <th scope="col">Tags</th>
                  <th scope="col">Added</th>
                </tr>
              </thead>
              <tbody>
                {items.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select ${c.email}`}
                        checked={selected.includes(c.id)}
                        onChange={(e) => setSelected(e.target.checked ? [...selected, c.id] : selected.filter((id) => id !== c.id))}
                      />
                    </td>
                    <td>
                      <Link to={`/contacts/${c.id}`}>{c.email}</Link>
                    </td>
                    <td>{contactStatus(c.status)}</td>
                    <td>{c.listIds.map(listName).join(', ')}</td>
                    <td>{c.tags.join(', ')}</td>
                    <td>{when(c.createTime)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager paging={paging} items={items} pageSize={PAGE_SIZE} />
        </>
      )}
    </section>
  );
}
