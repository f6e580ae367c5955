import { type FormEvent, useState } from 'react';
import { type Answer, api, get, type ItemOf, type ListObject } from '../api';
import { CheckGroup, Empty, ErrorBox, Field, Loading, ShownOnce, useLoad, when } from '../ui';

type ApiKey = ItemOf<'/account/apikeys'>;

type Scope = ApiKey['scopes'][number];

/** What each scope lets a key call; keyed by the API's scopes, so that a new one fails the web type-check until it is offered here. */
const SCOPE_HINTS = {
  send: 'send mail, manage senders, domains, templates, webhooks, suppressions',
  read: 'read messages, events, statistics',
  marketing: 'the marketing API',
  account: 'account, billing',
} satisfies Record<Scope, string>;
const SCOPES = Object.keys(SCOPE_HINTS) as Scope[];

export function ApiKeys() {
  const list = useLoad(() => get<ListObject<ApiKey>>('/account/apikeys?pageSize=100'), []);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['send', 'read']);
  const [created, setCreated] = useState<{ name: string; key: string }>();
  const [error, setError] = useState<unknown>();
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      const key = await api<Answer<'/account/apikeys', 'post'>>('POST', '/account/apikeys', { name, scopes });
      setCreated({ name: key.name, key: key.key });
      setName('');
      list.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  const revoke = async (key: ApiKey) => {
    if (!window.confirm(`Revoke the key "${key.name}"? Programs using it stop working at once.`)) return;
    try {
      await api('DELETE', `/account/apikeys/${key.id}`);
      list.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section>
      <h1>API keys</h1>
      <form className="inline-form" onSubmit={create} aria-label="Create an API key">
        <Field label="Name" name="name" value={name} onChange={setName} error={error} placeholder="production server" required />
        <CheckGroup legend="Scopes" name="scopes" options={SCOPES} hints={SCOPE_HINTS} checked={scopes} onChange={setScopes} />
        <button type="submit">Create key</button>
        <ErrorBox error={error} />
      </form>
      {created && (
        <ShownOnce value={created.key} testId="new-api-key" copyLabel="Copy the new API key" doneLabel="I have stored it" onDone={() => setCreated(undefined)}>
          The key <strong>{created.name}</strong> is shown this once; store it now:
        </ShownOnce>
      )}
      {!list.data ? (
        !list.error && <Loading />
      ) : list.data.items.length === 0 ? (
        <Empty title="No API keys">Create a key above for each program that sends mail; send it as Authorization: Bearer &lt;key&gt;.</Empty>
      ) : (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td>
                  <code>{k.preview}</code>
                </td>
                <td>{k.scopes.join(', ')}</td>
                <td>{when(k.createTime)}</td>
                <td>{when(k.lastUsedTime)}</td>
                <td>
                  <button type="button" className="small danger" onClick={() => revoke(k)} aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ErrorBox error={list.error} />
    </section>
  );
}
