import { type FormEvent, useState } from 'react';
import { api, apiDownload, get, type ItemOf, type ListObject, query } from '../api';
import { Empty, ErrorBox, Field, FieldError, Loading, useAction, useLoad, when } from '../ui';

type Suppression = ItemOf<'/notify/v1/suppressions'>;

const REASONS = ['manual', 'hard_bounce', 'complaint', 'unsubscribe'] as const;

/** Suppress an address by hand (POST /notify/v1/suppressions); a reason other than manual is for a list brought from elsewhere. */
function AddForm({ onAdded }: { onAdded: () => void }) {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState<(typeof REASONS)[number]>('manual');
  const [error, setError] = useState<unknown>();
  const [added, setAdded] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setAdded(undefined);
    try {
      const created = await api<Suppression>('POST', '/notify/v1/suppressions', { email: email.trim(), reason });
      setAdded(created.email);
      setEmail('');
      onAdded();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="Suppress an address">
      <Field label="Address to suppress" name="email" type="email" value={email} onChange={setEmail} error={error} required />
      <div className="field">
        <label htmlFor="suppression-reason">Reason</label>
        <select id="suppression-reason" name="reason" value={reason} onChange={(e) => setReason(e.target.value as (typeof REASONS)[number])}>
          {REASONS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <FieldError error={error} name="reason" />
      </div>
      <button type="submit">Suppress</button>
      {added && <span role="status">{added} is suppressed.</span>}
      <ErrorBox error={error} />
    </form>
  );
}

export function Suppressions() {
  const [search, setSearch] = useState('');
  const [email, setEmail] = useState('');
  const list = useLoad(() => get<ListObject<Suppression>>(`/notify/v1/suppressions${query({ email, pageSize: 100 })}`), [email], 5000);
  const [error, setError] = useState<unknown>();
  const download = useAction();
  const remove = async (address: string) => {
    try {
      await api('DELETE', `/notify/v1/suppressions/${encodeURIComponent(address)}`);
      list.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section>
      <h1>Suppressions</h1>
      <p className="muted">Addresses that bounced, complained or were added by hand; mail to them is not attempted.</p>
      <AddForm onAdded={list.reload} />
      <form
        className="filters"
        aria-label="Search suppressions"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setEmail(search.trim());
        }}
      >
        <label>
          Address
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit">Search</button>
        <button
          type="button"
          onClick={() => download.act(() => apiDownload(`/notify/v1/suppressions/export${query({ email })}`, 'suppressions.csv'))}
          title="Every suppressed address (those the search narrows to, if any) as a CSV file"
        >
          Export CSV
        </button>
      </form>
      <ErrorBox error={list.error ?? error ?? download.error} />
      {!list.data ? (
        !list.error && <Loading />
      ) : list.data.items.length === 0 ? (
        <Empty title="No suppressed addresses">
          Hard bounces and spam complaints add addresses here; add one above, or simulate a bounce from the capture inbox to try it.
        </Empty>
      ) : (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Reason</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((s) => (
              <tr key={s.email}>
                <td>{s.email}</td>
                <td>{s.reason}</td>
                <td>{when(s.createTime)}</td>
                <td>
                  <button type="button" className="small" onClick={() => remove(s.email)} aria-label={`Remove ${s.email} from the list`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
