/**
 * Groups of contact lists: a list is filed in one group or none (its groupId), and a group
 * counts the contacts of its lists once each. Deleting a group keeps its lists, outside any group.
 */
import { type FormEvent, useState } from 'react';
import { api, type ItemOf } from '../api';
import type { ContactList } from '../marketing';
import { ConfirmDialog, ErrorBox, Field, FieldError, TableScroll, useAction } from '../ui';

export type Group = ItemOf<'/inbox/v1/groups'>;

function GroupRow({ group, onChange }: { group: Group; onChange: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [groupName, setGroupName] = useState(group.groupName);
  const [deleting, setDeleting] = useState(false);
  const { error, act } = useAction();
  const save = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      await api('PATCH', `/inbox/v1/groups/${group.id}`, { groupName });
      setRenaming(false);
      onChange();
    });
  };
  return (
    <tr>
      <td>
        {renaming ? (
          <form className="inline-form" onSubmit={save} aria-label={`Rename the group ${group.groupName}`}>
            <div className="field">
              <label htmlFor={`group-${group.id}`}>New group name</label>
              <input id={`group-${group.id}`} value={groupName} onChange={(e) => setGroupName(e.target.value)} required />
              <FieldError error={error} name="groupName" />
            </div>
            <button type="submit">Save</button>
            <button type="button" className="small" onClick={() => setRenaming(false)}>
              Cancel
            </button>
          </form>
        ) : (
          group.groupName
        )}
        <ErrorBox error={!renaming && error} />
      </td>
      <td>{group.contactsCount}</td>
      <td>
        <code>{group.id}</code>
      </td>
      <td>
        <div className="actions">
          <button type="button" className="small" aria-label={`Rename the group ${group.groupName}`} onClick={() => setRenaming(true)}>
            Rename
          </button>
          <button type="button" className="small danger" aria-label={`Delete the group ${group.groupName}`} onClick={() => setDeleting(true)}>
            Delete
          </button>
        </div>
        {deleting && (
          <ConfirmDialog
            title={`Delete the group ${group.groupName}?`}
            confirmLabel="Delete group"
            danger
            onCancel={() => setDeleting(false)}
            onConfirm={() =>
              void act(async () => {
                setDeleting(false);
                await api('DELETE', `/inbox/v1/groups/${group.id}`);
                onChange();
              })
            }
          >
            <p>Its lists and their contacts stay; they are no longer in a group.</p>
          </ConfirmDialog>
        )}
      </td>
    </tr>
  );
}

export function Groups({ groups, onChange }: { groups: Group[]; onChange: () => void }) {
  const [groupName, setGroupName] = useState('');
  const { error, act } = useAction();
  const create = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      await api('POST', '/inbox/v1/groups', { groupName });
      setGroupName('');
      onChange();
    });
  };
  return (
    <section aria-labelledby="groups-title">
      <h2 id="groups-title">Groups of lists</h2>
      <p className="muted">File lists in groups (newsletters, customers, events) to keep many lists in order; choose a list's group in the table of lists.</p>
      <form className="inline-form" onSubmit={create} aria-label="Create a group">
        <Field label="Group name" name="groupName" value={groupName} onChange={setGroupName} error={error} placeholder="Newsletters" required />
        <button type="submit">Create group</button>
        <ErrorBox error={error} />
      </form>
      {groups.length > 0 && (
        <TableScroll>
          <table className="list" aria-label="Groups">
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col">Contacts</th>
                <th scope="col">Id (for the API)</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <GroupRow key={g.id} group={g} onChange={onChange} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

/** The group a list is filed in, changed at once when another is chosen. */
export function ListGroup({ list, groups, onChange }: { list: ContactList; groups: Group[]; onChange: () => void }) {
  const { error, act } = useAction();
  return (
    <>
      <select
        aria-label={`Group of ${list.listName}`}
        value={list.groupId ?? ''}
        onChange={(e) =>
          void act(async () => {
            await api('PATCH', `/inbox/v1/contactlists/${list.id}`, { groupId: e.target.value || null });
            onChange();
          })
        }
      >
        <option value="">No group</option>
        {groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.groupName}
          </option>
        ))}
      </select>
      <ErrorBox error={error} />
    </>
  );
}
