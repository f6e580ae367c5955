import { type FormEvent, useState } from 'react';
import { api, get, type ItemOf, type ListObject, query } from '../api';
import { Empty, ErrorBox, Loading, useLoad, when } from '../ui';

type Suppression = ItemOf<'/notify/v1/suppressions'>;

export function Suppressions() {
  const [search, setSearch] = useState('');
  const [email, setEmail] = useState('');
  const list = useLoad(() => get<ListObject<Suppression>>(`/notify/v1/suppressions${query({ email, pageSize: 100 })}`), [email], 5000);
  const [error, setError] = useState<unknown>();
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
      </form>
      <ErrorBox error={list.error ?? error} />
      {!list.data ? (
        !list.error && <Loading />
      ) : list.data.items.length === 0 ? (
        <Empty title="No suppressed addresses">Hard bounces and spam complaints add addresses here; simulate one from the development inbox to try it.</Empty>
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
