import { type FormEvent, useState } from 'react';
import { api, get, type ListObject } from '../api';
import type { CustomField } from '../marketing';
import { ConfirmDialog, TableScroll, Empty, ErrorBox, Field, FieldError, Loading, useAction, useLoad, when } from '../ui';

function FieldRow({ field, onChange }: { field: CustomField; onChange: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(field.name);
  const [asking, setAsking] = useState(false);
  const { error, act } = useAction();
  const rename = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      await api('PATCH', `/inbox/v1/customfields/${field.id}`, { Name: name });
      setEditing(false);
      onChange();
    });
  };
  return (
    <tr>
      <td>
        {editing ? (
          <form className="inline-form" onSubmit={rename} aria-label={`Rename ${field.name}`}>
            <div className="field">
              <label htmlFor={`rename-${field.id}`}>New name</label>
              <input id={`rename-${field.id}`} value={name} onChange={(e) => setName(e.target.value)} required />
              <FieldError error={error} name="Name" />
            </div>
            <button type="submit">Save</button>
            <button type="button" className="small" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </form>
        ) : (
          field.name
        )}
        <ErrorBox error={!editing && error} />
      </td>
      <td>
        <code>{field.id}</code>
      </td>
      <td>{when(field.createTime)}</td>
      <td>
        <div className="actions">
          <button type="button" className="small" aria-label={`Rename ${field.name}`} onClick={() => setEditing(true)}>
            Rename
          </button>
          <button type="button" className="small danger" aria-label={`Delete ${field.name}`} onClick={() => setAsking(true)}>
            Delete
          </button>
        </div>
        {asking && (
          <ConfirmDialog
            title={`Delete the field ${field.name}?`}
            confirmLabel="Delete field"
            danger
            onCancel={() => setAsking(false)}
            onConfirm={() =>
              void act(async () => {
                setAsking(false);
                await api('DELETE', `/inbox/v1/customfields/${field.id}`);
                onChange();
              })
            }
          >
            <p>Every contact's value of this field is deleted with it, and placeholders naming it stay empty.</p>
          </ConfirmDialog>
        )}
      </td>
    </tr>
  );
}

export function Fields() {
  const fields = useLoad(() => get<ListObject<CustomField>>('/inbox/v1/customfields?pageSize=500'), []);
  const [name, setName] = useState('');
  const { error, act } = useAction();
  const create = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      await api('POST', '/inbox/v1/customfields', { Name: name, Type: 0 });
      setName('');
      fields.reload();
    });
  };
  return (
    <section>
      <h1>Custom fields</h1>
      <p className="muted">
        Values every contact can have (a city, a plan, a birthday): filled in on a contact's page or by an import, used in segments and as placeholders in
        campaigns.
      </p>
      <form className="inline-form" onSubmit={create} aria-label="Create a custom field">
        <Field label="Field name" name="Name" value={name} onChange={setName} error={error} placeholder="City" required />
        <button type="submit">Create field</button>
        <ErrorBox error={error} />
      </form>
      <ErrorBox error={fields.error} />
      {!fields.data ? (
        !fields.error && <Loading />
      ) : fields.data.items.length === 0 ? (
        <Empty title="No custom fields yet">Create one above; each contact can then have a value of it.</Empty>
      ) : (
        <TableScroll>
          <table className="list" aria-label="Custom fields">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Id (for the API)</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {fields.data.items.map((f) => (
                <FieldRow key={f.id} field={f} onChange={fields.reload} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
